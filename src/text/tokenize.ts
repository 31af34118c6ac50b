// Word tokenization shared by every term. A word is a run of letters/digits (with their combining
// marks), optionally joined by inner apostrophes ("don't", "o'clock"); the curly apostrophe ’ is read
// as '. The pattern has no nested quantifiers over overlapping classes, so it runs in linear time.

export interface WordSpan {
  /** Lowercased word, curly apostrophes folded to '. */
  word: string;
  /** UTF-16 offsets into the input: input.slice(start, end) is the word as written. */
  start: number;
  end: number;
}

import { charFacts, F_LETTER, F_MARK, F_NUMBER } from "./char-facts.js";

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*/gu;

function normalizeWord(raw: string): string {
  const lower = raw.toLowerCase();
  return lower.includes("’") ? lower.replaceAll("’", "'") : lower;
}

/** Lowercased word tokens: `words("Don’t STOP, 2 cats!")` → ["don't", "stop", "2", "cats"]. */
export function words(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(WORD)) out.push(normalizeWord(m[0]));
  return out;
}

/** Word tokens with their offsets in the input, for highlighting and span-level edits. */
export function wordSpans(s: string): WordSpan[] {
  const out: WordSpan[] = [];
  for (const m of s.matchAll(WORD)) {
    out.push({ word: normalizeWord(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * The [start, end) offsets of the words `words(s)` returns, in order, walked by char code (no match
 * objects or strings): the hot-path twin of the WORD pattern, for callers that look words up in place.
 */
export function forEachWordRange(s: string, visit: (start: number, end: number) => void): void {
  for (let start = nextWordStart(s, 0); start < s.length; ) {
    const end = wordEnd(s, start);
    visit(start, end);
    start = nextWordStart(s, end);
  }
}

/**
 * Where the next word of forEachWordRange starts at or after i (s.length when none does). With wordEnd,
 * a loop over the words whose counters stay its own locals rather than a visitor closure's.
 */
export function nextWordStart(s: string, i: number): number {
  const len = s.length;
  while (i < len) {
    const c = s.charCodeAt(i);
    if (c < 0x80 ? isAsciiAlnum(c) : (charFacts(s.codePointAt(i)!) & (F_LETTER | F_NUMBER)) !== 0) return i;
    i += c >= 0xd800 && c <= 0xdbff && s.codePointAt(i)! > 0xffff ? 2 : 1;
  }
  return len;
}

/** The end of the word that starts at `start` (a nextWordStart). */
export function wordEnd(s: string, start: number): number {
  const len = s.length;
  let i = start;
  for (;;) {
    i = skipWordChars(s, i, F_LETTER | F_NUMBER | F_MARK);
    // An inner apostrophe joins a letter or number after it.
    const a = i < len ? s.charCodeAt(i) : 0;
    if ((a === 39 || a === 0x2019) && i + 1 < len && startsWord(s, i + 1)) {
      i++;
      continue;
    }
    return i;
  }
}

const isAsciiAlnum = (c: number): boolean => ((c | 32) >= 97 && (c | 32) <= 122) || (c >= 48 && c <= 57);

/** Whether a word may start at i: a letter or number there (charFacts says so of ASCII ones too, so one path). */
function startsWord(s: string, i: number): boolean {
  return (charFacts(s.codePointAt(i)!) & (F_LETTER | F_NUMBER)) !== 0;
}

/**
 * The end of the run of characters with one of `mask`'s facts from i (mask holds F_LETTER and F_NUMBER,
 * so an ASCII character is in the run when it is a letter or digit, which is what charFacts says of it).
 * ASCII and other characters take one path: a letter such as "é" inside a word, met for the first time
 * after this loop was optimized, deoptimized it and the wordEnd around it when it had a branch of its own.
 */
function skipWordChars(s: string, i: number, mask: number): number {
  const len = s.length;
  while (i < len) {
    const cp = s.codePointAt(i)!;
    if ((charFacts(cp) & mask) === 0) return i;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}
