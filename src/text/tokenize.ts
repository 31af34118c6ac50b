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
