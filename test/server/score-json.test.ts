import { describe, expect, it } from "vitest";
import { scoreFromJson, scoreJson } from "../../src/server/score-json.js";
import type { Score } from "../../src/core/types.js";

describe("scores sent as JSON text", () => {
  it("keep their text for the journal, the same text serializing the parsed score gives", () => {
    const score: Score = { value: 0.1 + 0.2, terms: { a: { value: -0 }, b: { value: 1e-7, details: { note: "x\u2028y" } } }, instrument: "i" };
    const text = JSON.stringify(score);
    const parsed = scoreFromJson(text);
    expect(parsed).toEqual(JSON.parse(text));
    expect(scoreJson(parsed)).toBe(text);
    expect(JSON.stringify(parsed)).toBe(text);
    // A score that did not arrive as text is serialized on demand.
    expect(scoreJson(score)).toBe(text);
  });
});
