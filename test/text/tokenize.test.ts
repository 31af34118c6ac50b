import { describe, expect, it } from "vitest";
import { wordSpans, words } from "../../src/text/tokenize.js";

describe("words", () => {
  it("lowercases, keeps inner apostrophes (straight and curly) and digits", () => {
    expect(words("Don’t STOP, 2 cats! o'clock 'quoted' rock'n'roll")).toEqual(["don't", "stop", "2", "cats", "o'clock", "quoted", "rock'n'roll"]);
  });
  it("splits on hyphens and punctuation, keeps non-Latin letters and marks", () => {
    expect(words("well-known café naïve Привет 你好")).toEqual(["well", "known", "café", "naïve", "привет", "你好"]);
  });
  it("handles empty and punctuation-only input", () => {
    expect(words("")).toEqual([]);
    expect(words("... !!! ---")).toEqual([]);
  });
  it("is linear on pathological input", () => {
    const evil = "a'".repeat(200_000);
    const t0 = performance.now();
    expect(words(evil)).toHaveLength(1);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe("wordSpans", () => {
  it("gives offsets into the original text", () => {
    const text = "Hi, Bob’s here";
    const spans = wordSpans(text);
    expect(spans.map((s) => s.word)).toEqual(["hi", "bob's", "here"]);
    for (const s of spans) expect(text.slice(s.start, s.end).toLowerCase().replace("’", "'")).toBe(s.word);
  });
});
