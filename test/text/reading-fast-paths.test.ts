// The reading passes' fast paths (issue 20) give what the regex versions gave, on generated strings
// full of marks, look-alikes, apostrophes, surrogates and markup, and at the mark budget's edge.
import { describe, expect, it } from "vitest";
import { languageStats, onlyLatin } from "../../src/terms/prose/language.js";
import { cleanText, foldConfusables, normalizeMarks } from "../../src/text/cleanup.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText } from "../../src/text/scan.js";
import { forEachWordRange, words } from "../../src/text/tokenize.js";
import { referenceFoldConfusables, referenceMarkupLanguage, referenceNormalizeMarks, trickyStrings } from "../helpers/reading-reference.js";

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
  it("returns a reply with no mark within budget unchanged", () => {
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

describe("forEachWordRange", () => {
  it("walks the words the WORD pattern of words() matches", () => {
    const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*/gu;
    for (const s of strings) {
      const ranges: [number, number][] = [];
      forEachWordRange(s, (a, b) => ranges.push([a, b]));
      expect(ranges).toEqual([...s.matchAll(WORD)].map((m) => [m.index, m.index + m[0].length]));
    }
  });
});

describe("languageStats on text with markup", () => {
  it("counts words and common English as words() over the cleaned text did", () => {
    const lexicon = new Lexicon();
    const buffers = createBuffers();
    strings.forEach((s, k) => {
      const text = `**${s}**`;
      const prompt = strings[(k + 1) % strings.length];
      const seen = new Set(words(prompt));
      const lang = languageStats(text, scanText(text, lexicon, buffers), lexicon, prompt, () => seen);
      const ref = referenceMarkupLanguage(cleanText(text), seen);
      expect({ words: lang.words, commonEnglish: lang.commonEnglish }).toEqual(ref);
    });
  });
});

describe("onlyLatin", () => {
  it("agrees with the pattern it replaced: Latin, punctuation, symbols and emoji only", () => {
    const ONLY_LATIN = /^[\u0000-\u024F\u1E00-\u1EFF\u2000-\u2BFF\u3000-\u3002\uFE00-\uFE0F\u{1F000}-\u{1FFFF}]*$/u;
    const cases = [...strings, "plain", "café — “quoted” 😂", "我很好", "a\ud800b", "Ｆ", "\u3003"];
    expect(cases.filter((s) => onlyLatin(s) !== ONLY_LATIN.test(s))).toEqual([]);
    expect(cases.some((s) => onlyLatin(s)) && cases.some((s) => !onlyLatin(s))).toBe(true);
  });
});
