// The reading passes' fast paths (issue 20) give what the regex versions gave, on generated strings
// full of marks, look-alikes, apostrophes, surrogates and markup, and at the mark budget's edge.
import { describe, expect, it } from "vitest";
import { foldConfusables, normalizeMarks } from "../../src/text/cleanup.js";
import { referenceFoldConfusables, referenceNormalizeMarks, trickyStrings } from "../helpers/reading-reference.js";

const strings = trickyStrings("reading-fast-paths", 4000);

describe("normalizeMarks fast path", () => {
  it("gives the regex version's result on generated strings, at every budget", () => {
    for (const budget of [0, 2, 5]) {
      const differ = strings.filter((s) => normalizeMarks(s, budget) !== referenceNormalizeMarks(s, budget));
      expect(differ.slice(0, 3)).toEqual([]);
    }
  });
  it("counts marks in the decomposed text, where precomposed letters hold theirs", () => {
    // 9 precomposed "é" (9 marks decomposed) are past the floor of 8 but within 2 per 100 letters of
    // this much prose; 9 more on a short text are past the budget and lose their marks.
    const prose = "the quiet harbour town ".repeat(40);
    const within = prose + "é".repeat(9);
    expect(normalizeMarks(within, 2)).toBe(within);
    expect(normalizeMarks("short é".repeat(9), 2)).toBe("short e".repeat(9));
    for (let k = 0; k <= 30; k++) {
      const s = prose + "é ".repeat(k) + "e\u0301 ".repeat(k % 3);
      expect(normalizeMarks(s, 2)).toBe(referenceNormalizeMarks(s, 2));
    }
  });
  it("returns a reply with no mark within budget as it is (the same string)", () => {
    const s = "She didn’t look back — “never,” she said…";
    expect(normalizeMarks(s, 2)).toBe(s);
  });
});

describe("foldConfusables fast path", () => {
  it("gives the regex version's result on generated strings", () => {
    const differ = strings.filter((s) => foldConfusables(s) !== referenceFoldConfusables(s));
    expect(differ.slice(0, 3)).toEqual([]);
  });
  it("folds look-alikes inside words only, across astral letters and apostrophe look-alikes", () => {
    expect(foldConfusables("wasnʼt 𝐡𝐞𝐥𝐥𝐨 Неllо, Привет’s ’tis dogs’ ＡＢ！")).toBe(referenceFoldConfusables("wasnʼt 𝐡𝐞𝐥𝐥𝐨 Неllо, Привет’s ’tis dogs’ ＡＢ！"));
    expect(foldConfusables("wasnʼt 𝐡𝐞𝐥𝐥𝐨 Неllо")).toBe("wasn't hello Hello");
  });
});
