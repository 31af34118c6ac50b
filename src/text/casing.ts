// Casing that departs from human prose (issue 36): Title Case Every Word, whole replies in capitals,
// capitals scattered through sentences. A reader of English expects a capital where a sentence opens,
// on "I" and on names; the share of the other words written with a capital is small in every human
// source (bench/studies/prose-casing.ts measures it). The prose default prices the share beyond the
// human 99th percentile, as it prices non-words (src/text/spelling.ts nonWordsFactor).

import { letterAt, unitsAt, wordEnd } from "./spelling.js";

const CAPITAL = /^[\p{Lu}\p{Lt}]/u;
/** The pronoun "I" and its contractions, capitalized wherever they stand. */
const PRONOUN_I = /^I(?:['’](?:m|d|ll|ve))?$/;

export interface Casing {
  /** Words of two or more letters that do not open a sentence (the pronoun "I" left out). */
  words: number;
  /** Of those, words written with a capital first letter. */
  capitalized: number;
  /** capitalized / words (0 for a text without such words). */
  share: number;
}

/** The share of a text's words that do not open a sentence yet start with a capital. */
export function countCapitalized(text: string): Casing {
  let words = 0;
  let capitalized = 0;
  // A word: a letter, then letters and marks, joined by apostrophes (spelling.ts WORD_G), scanned by hand
  // (wordEnd) and tested in place: a regex match allocates per word.
  for (let at = 0, end = 0; at < text.length; at = end) {
    if (!letterAt(text, at, false)) {
      end = at + unitsAt(text, at);
      continue;
    }
    end = wordEnd(text, at);
    if (end - at < 2 || (text.charCodeAt(at) === 0x49 && PRONOUN_I.test(text.slice(at, end)))) continue;
    if (opensSentence(text, at)) continue;
    words++;
    const first = text.charCodeAt(at);
    if (first < 0x80 ? first >= 0x41 && first <= 0x5a : CAPITAL.test(text.slice(at, end))) capitalized++;
  }
  return { words, capitalized, share: words ? capitalized / words : 0 };
}

/**
 * Whether the word at `at` opens a sentence: the 12 code units before it end with a full stop (.!?…:;) or a
 * line break, then nothing but spaces, quotes, brackets, `*`, `_` and dashes; or hold nothing else.
 * The pattern /(?:^|[.!?…:;]|\n)[\s"'“”‘’«»„‹›()[\]*_—–-]*$/ on their slice, read backwards in place.
 */
export function opensSentence(text: string, at: number): boolean {
  const from = Math.max(0, at - 12);
  let p = at;
  for (; p > from; p--) {
    const c = text.charCodeAt(p - 1);
    if (c === 0x0a) return true;
    if (!isBetween(c)) break;
  }
  if (p === from) return true;
  const c = text.charCodeAt(p - 1);
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026 || c === 0x3a || c === 0x3b;
}

/** Code units beyond ASCII that may stand before a sentence's first word (and U+2000–U+200A). */
const WIDE_BETWEEN = new Set([0xa0, 0xab, 0xbb, 0x1680, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x201e, 0x2028, 0x2029, 0x202f, 0x2039, 0x203a, 0x205f, 0x3000, 0xfeff]);
/** What may stand before a sentence's first word: JavaScript's \s, quotes, brackets, `*`, `_` and dashes. */
function isBetween(c: number): boolean {
  if (c < 0x80) return (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0x22 || c === 0x27 || c === 0x28 || c === 0x29 || c === 0x2a || c === 0x2d || c === 0x5b || c === 0x5d || c === 0x5f;
  return WIDE_BETWEEN.has(c) || (c >= 0x2000 && c <= 0x200a);
}
