// Casing that departs from human prose (issue 36): Title Case Every Word, whole replies in capitals,
// capitals scattered through sentences. A reader of English expects a capital where a sentence opens,
// on "I" and on names; the share of the other words written with a capital is small in every human
// source (bench/studies/prose-casing.ts measures it). The prose default prices the share beyond the
// human 99th percentile, as it prices non-words (src/text/spelling.ts nonWordsFactor).

/** A word: a letter, then letters and marks, joined by apostrophes. */
const WORD_G = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}[\p{L}\p{M}]*)*/gu;
const CAPITAL = /^[\p{Lu}\p{Lt}]/u;
/** What may stand between a sentence's end (or a line's start) and its first word. */
const SENTENCE_START = /(?:^|[.!?…:;]|\n)[\s"'“”‘’«»„‹›()[\]*_—–-]*$/;
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
  for (const m of text.matchAll(WORD_G)) {
    const word = m[0];
    if (word.length < 2 || PRONOUN_I.test(word)) continue;
    if (SENTENCE_START.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    words++;
    if (CAPITAL.test(word)) capitalized++;
  }
  return { words, capitalized, share: words ? capitalized / words : 0 };
}
