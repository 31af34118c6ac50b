// countCapitalized scans by hand (perf38c): the same counts as the patterns it replaced, over every code
// unit before a word and every code point inside and beside one.
import { describe, expect, it } from "vitest";
import { countCapitalized, opensSentence } from "../../src/text/casing.js";

const WORD_G = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}[\p{L}\p{M}]*)*/gu;
const SENTENCE_START = /(?:^|[.!?…:;]|\n)[\s"'“”‘’«»„‹›()[\]*_—–-]*$/;
const CAPITAL = /^[\p{Lu}\p{Lt}]/u;
const PRONOUN_I = /^I(?:['’](?:m|d|ll|ve))?$/;

/** countCapitalized as the patterns wrote it (before perf38c). */
function byPatterns(text: string): { words: number; capitalized: number } {
  let words = 0;
  let capitalized = 0;
  for (const m of text.matchAll(WORD_G)) {
    const word = m[0];
    if (word.length < 2 || PRONOUN_I.test(word)) continue;
    if (SENTENCE_START.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    words++;
    if (CAPITAL.test(word)) capitalized++;
  }
  return { words, capitalized };
}

describe("opensSentence", () => {
  it("answers as the pattern for every code unit before a word, after a full stop, a letter or nothing", () => {
    const differ: number[] = [];
    for (let u = 0; u <= 0xffff; u++) {
      const c = String.fromCharCode(u);
      for (const before of ["", "x", ".", "ab", "x;", "\n", "x\n"]) {
        for (const text of [`${before}${c}Word`, `${before}${c}${c}"Word`, `${before}(${c}Word`, `aaaaaaaaaaaa${before}${c}Word`]) {
          const at = text.length - 4;
          if (opensSentence(text, at) !== SENTENCE_START.test(text.slice(Math.max(0, at - 12), at))) differ.push(u);
        }
      }
    }
    expect(differ).toEqual([]);
  });
});

describe("countCapitalized", () => {
  it("counts as the patterns over every code point inside and beside words", () => {
    const parts: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const c = String.fromCodePoint(cp);
      parts.push([` ${c}x `, `Ab${c}`, `${c}Cd `, `e'${c} `, `. ${c}Fg `, `I’${c} `][cp % 6]);
    }
    // Chunks of a few thousand code points, so a difference names its region.
    const differ: string[] = [];
    for (let k = 0; k < parts.length; k += 4096) {
      const text = parts.slice(k, k + 4096).join("");
      const got = countCapitalized(text);
      const want = byPatterns(text);
      if (got.words !== want.words || got.capitalized !== want.capitalized) differ.push(k.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it("counts real prose as before: capitals inside sentences, sentence openers and the pronoun left out", () => {
    const text = "The Storm came. “Marcus,” she said — and I’m sure I'd Seen it. (Then) Everything Went Quiet; no One knew.\nNew line here.";
    expect(countCapitalized(text)).toEqual({ ...byPatterns(text), share: byPatterns(text).capitalized / byPatterns(text).words });
    expect(byPatterns(text).capitalized).toBeGreaterThanOrEqual(5);
  });
});
