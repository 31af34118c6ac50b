// The spelling reading made cheap (perf38) without changing a reading: the hand scan of word pieces is
// the pattern's scan over every code point, and the engine's memo of word readings (on the compiled
// dictionary's CostlyWords) answers as a fresh reading would, keeps a name apart from the same word
// opening a sentence, and stays bounded.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { costlyWords, countNonWords, isEnglishWord, joinSplitWords, MEMO_LIMIT, PIECE_G, piecesOf, readSpelling, WORD_G, wordEnd } from "../../src/text/spelling.js";
import { pricedLemmas } from "../../src/terms/prose/stack/prepare.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/terms/prose/stack/resources.js";
import { WORD_IDS_LIMIT } from "../../src/text/word-pass.js";

const fresh = () => costlyWords(pricedLemmas(JSON.parse(readFileSync(DEFAULT_DICTIONARY_PATH, "utf8"))));
/** The default lexicon under another identity: readSpelling then reads every word afresh (no memo). */
const unmemoized = (w: string) => isEnglishWord(w);

describe("piecesOf", () => {
  it("finds exactly the pattern's pieces in a text of every code point, lone surrogates included", () => {
    const units: string[] = [];
    // Each code point alone between spaces, then beside an ASCII letter on either side.
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const c = String.fromCodePoint(cp);
      units.push(cp % 3 === 0 ? ` ${c} ` : cp % 3 === 1 ? `a${c}` : `${c}b `);
    }
    const text = units.join("");
    const expected = Array.from(text.matchAll(PIECE_G), (m) => [m.index, m.index + m[0].length]);
    const got = piecesOf(text).map((p) => [p.at, p.end]);
    expect(expected.length).toBeGreaterThan(100_000);
    expect(got).toEqual(expected);
    expect(piecesOf(text).every((p) => p.lower === text.slice(p.at, p.end).toLowerCase())).toBe(true);
  });
});

describe("wordEnd", () => {
  it("finds exactly the pattern's words in a text of every code point, beside letters and apostrophes", () => {
    const units: string[] = [];
    // Each code point alone, beside an ASCII letter on either side, and after an apostrophe that follows a letter.
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const c = String.fromCodePoint(cp);
      units.push([` ${c} `, `a${c}`, `${c}b `, `c'${c} `, `d’${c}e `][cp % 5]);
    }
    const text = units.join("");
    const expected = Array.from(text.matchAll(WORD_G), (m) => [m.index, m.index + m[0].length]);
    const got: number[][] = [];
    for (let at = 0; at < text.length; ) {
      // A word starts where the pattern would start one: at a letter (the pattern's first item).
      if (!/^\p{L}/u.test(String.fromCodePoint(text.codePointAt(at)!))) {
        at += text.codePointAt(at)! > 0xffff ? 2 : 1;
        continue;
      }
      const end = wordEnd(text, at);
      got.push([at, end]);
      at = end;
    }
    expect(expected.length).toBeGreaterThan(100_000);
    expect(got).toEqual(expected);
  });
});

describe("the engine's memo of English words", () => {
  it("joins and counts as the table does, cold and warm", () => {
    const costly = fresh();
    const replies = ["The storm had come wihtout warning. Eliias whisperred to the tpstry, “Don’t.” tape stry, g low, the m", "She ffaiint-ly saw shdows — tape-stry and t apestr y — at the cafe\u0301. Marcos said: no."];
    for (let round = 0; round < 2; round++) {
      for (const r of replies) {
        expect(joinSplitWords(r, costly.isEnglish, costly)).toBe(joinSplitWords(r, unmemoized, fresh()));
        expect(countNonWords(r, new Set(), costly.isEnglish)).toEqual(countNonWords(r, new Set(), unmemoized));
      }
    }
    expect(costly.englishWords.size).toBeGreaterThan(0);
    expect(costly.englishWords.get("storm")).toBe(true);
  });
});

describe("the memo of word readings", () => {
  it("reads a name and the same word opening a sentence apart, as a fresh reading does", () => {
    const text = "Tapestrx hung there. We met Tapestrx there. Tapestrx left. Tappestry and tapestrx came.";
    const expected = readSpelling(text, unmemoized, fresh());
    // The word reads differently as a name than opening a sentence (a letter changed, not an interior shuffle, which a name is read through too): a memo keyed by the word alone would fail.
    expect(expected.startsWith("Tapestry hung there. We met Tapestrx there. Tapestry left.")).toBe(true);
    const costly = fresh();
    expect(readSpelling(text, undefined, costly)).toBe(expected);
    expect(costly.ids.size).toBeGreaterThan(0);
    // Warm: every word is now answered from the memo.
    expect(readSpelling(text, undefined, costly)).toBe(expected);
  });

  it("reads real replies as a fresh reading does, cold and warm", () => {
    const costly = fresh();
    const replies = ["The storm had come wihtout warning, as storms often do. Eliias whisperred to the tpstry, “Don’t.”", "She ffaiint-ly saw shdows — tape-stry and tape stry — at the cafe\u0301. Marcos said: no."];
    for (let round = 0; round < 2; round++) for (const r of replies) expect(readSpelling(r, undefined, costly)).toBe(readSpelling(r, unmemoized, fresh()));
  });

  it("the word table stays within WORD_IDS_LIMIT and one row's forms after more distinct words than that", () => {
    const costly = fresh();
    const names: string[] = [];
    for (let k = 0; names.length < WORD_IDS_LIMIT + 500; k++) names.push(`Zq${k.toString(36)}`);
    // A row of 500 names holds at most 1,003 forms (each name, its pieces, "so", "and", "came").
    for (let k = 0; k < names.length; k += 500) readSpelling(`so ${names.slice(k, k + 500).join(" and ")} came`, undefined, costly);
    expect(costly.ids.size).toBeLessThanOrEqual(WORD_IDS_LIMIT + 1003);
    expect(costly.ids.size).toBeGreaterThan(0);
  });

  it("both memos stay within MEMO_LIMIT after more distinct letter-only names than that", () => {
    const costly = fresh();
    // Letters only (a digit would split a name into pieces the memos have seen): Zqa, Zqb, …, Zqba, …
    const letters = (k: number): string => (k < 26 ? "" : letters(Math.floor(k / 26) - 1)) + String.fromCharCode(97 + (k % 26));
    const names = Array.from({ length: MEMO_LIMIT + 500 }, (_, k) => `Zq${letters(k)}`);
    for (let k = 0; k < names.length; k += 500) readSpelling(`so ${names.slice(k, k + 500).join(" and ")} came`, undefined, costly);
    // The join asks the English-word memo about every name's piece, the word table keeps every name.
    expect(costly.englishWords.size).toBeLessThanOrEqual(MEMO_LIMIT);
    expect(costly.englishWords.size).toBeGreaterThan(0);
    expect(costly.ids.size).toBeLessThanOrEqual(WORD_IDS_LIMIT + 1003);
    expect(costly.ids.size).toBeGreaterThan(0);
  });
});
