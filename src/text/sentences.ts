// Sentence splitting for prose terms (openers, negation "next sentence starting Instead", echo).
// A boundary is terminal punctuation (. ? ! …, any character Unicode marks Sentence_Terminal — 。 ؟ । —
// or runs of them, "?!", "...") plus any closing quotes or
// brackets, then whitespace, then something that can start a sentence (not a lowercase letter). It is
// not a boundary after titles and Latin abbreviations (Mr., Dr., e.g., i.e., vs.) or a single-letter
// initial ("J. R. R. Tolkien"). A blank line always ends a sentence; a single newline ends one when the
// line before ends in terminal punctuation or the next line starts like a sentence.

export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/** Never end a sentence after these (lowercase, without the final period). */
const NO_BREAK_AFTER = new Set([
  "mr",
  "mrs",
  "ms",
  "mx",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "mt",
  "gen",
  "capt",
  "lt",
  "col",
  "sgt",
  "rev",
  "hon",
  "gov",
  "sen",
  "rep",
  "pres",
  "supt",
  "messrs",
  "mme",
  "mlle",
  "fr",
  "vs",
  "v",
  "e.g",
  "i.e",
  "cf",
  "viz",
  "approx",
  "no",
  "nos",
  "fig",
  "figs",
  "vol",
  "pp",
  "p",
  "ch",
  "sec",
  "dept",
  "est",
  "inc",
  "ltd",
  "co",
  "corp",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
]);

const BOUNDARY = /([.?!…\p{Sentence_Terminal}]+)(["'”’»)\]*_]*)(\s+)/gu;
const OPENS_SENTENCE = /^[\p{Lu}\p{N}"'“‘«([*_¿¡\p{Lo}—–-]/u;

function wordBefore(s: string, end: number): string {
  let i = end;
  while (i > 0 && /[\p{L}\p{N}.'’]/u.test(s[i - 1])) i--;
  return s.slice(i, end).replace(/^['’.]+/, "");
}

function isBoundary(s: string, punctStart: number, punct: string, nextStart: number, gap: string): boolean {
  if (gap.includes("\n\n") || /\n\s*\n/.test(gap)) return true;
  const next = s.slice(nextStart, nextStart + 2);
  if (!OPENS_SENTENCE.test(next)) return false;
  if (punct === ".") {
    const word = wordBefore(s, punctStart);
    const lower = word.toLowerCase();
    if (NO_BREAK_AFTER.has(lower)) return false;
    if (/^\p{Lu}$/u.test(word)) return false;
  }
  return true;
}

/** Sentences with offsets into the input (text trimmed). */
export function sentenceSpans(s: string): SentenceSpan[] {
  const cuts: number[] = [];
  for (const m of s.matchAll(BOUNDARY)) {
    const [, punct, closers, gap] = m;
    const nextStart = m.index + m[0].length;
    if (nextStart >= s.length) continue;
    if (isBoundary(s, m.index, punct, nextStart, gap)) cuts.push(m.index + punct.length + closers.length);
  }
  for (const m of s.matchAll(/\n[ \t]*\n\s*|\n/g)) {
    const before = s.slice(0, m.index).trimEnd();
    const after = s.slice(m.index + m[0].length, m.index + m[0].length + 2);
    const blank = m[0].trim() === "" && m[0].split("\n").length > 2;
    if (blank || /[.?!…"'”’»)\]*_:\p{Sentence_Terminal}]$/u.test(before) || OPENS_SENTENCE.test(after)) cuts.push(m.index);
  }
  cuts.sort((a, b) => a - b);
  const spans: SentenceSpan[] = [];
  let from = 0;
  for (const cut of [...cuts, s.length]) {
    if (cut <= from) continue;
    pushTrimmed(s, from, cut, spans);
    from = cut;
  }
  return spans;
}

function pushTrimmed(s: string, start: number, end: number, spans: SentenceSpan[]): void {
  let a = start;
  let b = end;
  while (a < b && /\s/.test(s[a])) a++;
  while (b > a && /\s/.test(s[b - 1])) b--;
  if (b > a) spans.push({ text: s.slice(a, b), start: a, end: b });
}

/**
 * Splits prose into sentences: `splitSentences('Mr. Smith left. "Why?" she asked. Then… nothing.')`
 * → ["Mr. Smith left.", '"Why?" she asked.', "Then… nothing."].
 */
export function splitSentences(s: string): string[] {
  return sentenceSpans(s).map((x) => x.text);
}
