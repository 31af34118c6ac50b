import { describe, expect, it } from "vitest";
import { scoreFromText, scoreJson, scoreText } from "../../src/server/score-json.js";
import type { Score } from "../../src/core/types.js";

describe("scores sent as JSON text", () => {
  it("keep their text for the journal and read like the parsed score, the same text serializing it gives", () => {
    const score: Score = { value: 0.1 + 0.2, terms: { a: { value: -0 }, b: { value: 1e-7, details: { note: "x\u2028y" } } }, instrument: "i", inputs: { rates: "h" } };
    const text = JSON.stringify(score);
    const sent = scoreFromText(scoreText(score));
    expect(scoreJson(sent)).toBe(text);
    expect(JSON.stringify(sent)).toBe(text);
    expect(JSON.stringify({ score: sent })).toBe(JSON.stringify({ score }));
    expect([sent.value, sent.error, sent.terms, sent.instrument, sent.inputs, sent.error_kind]).toEqual([0.1 + 0.2, undefined, JSON.parse(text).terms, "i", { rates: "h" }, undefined]);
    // A score that did not arrive as text is serialized on demand.
    expect(scoreJson(score)).toBe(text);
  });

  it("read value and error back as the text holds them (-0 as 0, a non-finite value as null)", () => {
    for (const value of [-0, Number.NaN, Number.POSITIVE_INFINITY, null, 2.5]) {
      const score = { value, terms: {}, instrument: "i", error: value === 2.5 ? undefined : "why" } as Score;
      const sent = scoreFromText(scoreText(score));
      const parsed = JSON.parse(JSON.stringify(score)) as Score;
      expect(Object.is(sent.value, parsed.value)).toBe(true);
      expect(sent.error).toBe(parsed.error);
    }
  });
});
