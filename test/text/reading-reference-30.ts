// The reading functions as they were at stop 30 (main at d521a54), before stop 31 cut their compiles
// and deopts: the look-alike fold with its own second search and one loop for every stretch, the
// readingFacts that kept only the first look-alike, hasFact over every non-ASCII character, and the
// tokenizer's word loops with a branch for ASCII. The tests in ./reading-stop31.test.ts hold the new
// code to these on generated adversarial inputs and the shared bank.
import { charFacts, F_APOSTROPHE, F_CONFUSABLE, F_LETTER, F_MARK, F_NUMBER, nfdLetters, nfdMarks, nonAsciiExcept, someCodePoint } from "../../src/text/char-facts.js";
import { CONFUSABLE_TO_ASCII } from "../../src/text/confusables.js";
import { HOMOGLYPHS } from "../../src/text/homoglyphs.js";
import { mayBeInvisible } from "../../src/text/cleanup.js";

const isAsciiLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;
const isLatinLetter = (cp: number): boolean => isAsciiLetter(cp) || (cp >= 0xc0 && cp <= 0x24f);
const isWordBreak = (c: number): boolean => c < 0x80 && c !== 39 && !isAsciiLetter(c);

const holdsNoMarks = (f: number): boolean => nfdMarks(f) === 0 && nfdLetters(f) === 0 && (f & F_MARK) === 0;
const MAY_BE_CONFUSABLE_G = nonAsciiExcept((f) => (f & F_CONFUSABLE) === 0);
const MAY_MATTER_G = nonAsciiExcept((f, cp) => holdsNoMarks(f) && (f & F_CONFUSABLE) === 0 && !mayBeInvisible(cp));

/** hasFact at stop 30: someCodePoint over every non-ASCII character. */
export const hasFact30 = (s: string, mask: number): boolean => someCodePoint(s, (cp) => (charFacts(cp) & mask) !== 0);

/** readingFacts at stop 30. */
export function readingFacts30(s: string): { invisible: boolean; marks: number; otherLetters: number; hasMark: boolean; firstConfusable: number } {
  let invisible = false;
  let marks = 0;
  let otherLetters = 0;
  let hasMark = false;
  let firstConfusable = -1;
  MAY_MATTER_G.lastIndex = 0;
  while (MAY_MATTER_G.test(s)) {
    const at = MAY_MATTER_G.lastIndex - 1;
    const cp = s.codePointAt(at)!;
    if (cp > 0xffff) MAY_MATTER_G.lastIndex++;
    const f = charFacts(cp);
    marks += nfdMarks(f);
    otherLetters += nfdLetters(f);
    if (f & F_MARK) hasMark = true;
    if (firstConfusable < 0 && (f & F_CONFUSABLE) !== 0) firstConfusable = at;
    if (mayBeInvisible(cp)) invisible = true;
  }
  return { invisible, marks, otherLetters, hasMark, firstConfusable };
}

function foldChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  return HOMOGLYPHS[c] ?? c;
}

function foldConfusableWord(word: string): string {
  let folded = "";
  let last = 0;
  let allFoldable = true;
  let latin = false;
  for (let i = 0; i < word.length; ) {
    const cp = word.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const f = charFacts(cp);
    const twin = f & F_CONFUSABLE ? CONFUSABLE_TO_ASCII.get(word.slice(i, i + width)) : undefined;
    if (twin !== undefined) {
      folded += word.slice(last, i) + twin;
      last = i + width;
    } else if (isLatinLetter(cp)) latin = true;
    else if ((f & F_MARK) === 0) allFoldable = false;
    i += width;
  }
  return allFoldable || latin ? folded + word.slice(last) : word;
}

/** foldConfusables at stop 30. */
export function foldConfusables30(s: string): string {
  MAY_BE_CONFUSABLE_G.lastIndex = 0;
  while (MAY_BE_CONFUSABLE_G.test(s)) {
    const at = MAY_BE_CONFUSABLE_G.lastIndex - 1;
    const cp = s.codePointAt(at)!;
    if (cp > 0xffff) MAY_BE_CONFUSABLE_G.lastIndex++;
    if ((charFacts(cp) & F_CONFUSABLE) !== 0) return foldConfusablesFrom(s, at);
  }
  return s;
}

const RIGHT_QUOTE = 0x2019;
const RIGHT_QUOTE_TWIN = (charFacts(RIGHT_QUOTE) & F_APOSTROPHE) !== 0 ? CONFUSABLE_TO_ASCII.get("\u2019") : undefined;

function asciiLettersAround(s: string, from: number, at: number, to: number): boolean {
  for (let k = from; k < to; k++) if (k !== at && !isAsciiLetter(s.charCodeAt(k))) return false;
  return true;
}

function foldConfusablesFrom(s: string, first: number): string {
  let out = "";
  let last = 0;
  let wide = false;
  MAY_BE_CONFUSABLE_G.lastIndex = first;
  while (MAY_BE_CONFUSABLE_G.test(s)) {
    const at = MAY_BE_CONFUSABLE_G.lastIndex - 1;
    const cp = s.codePointAt(at)!;
    if (cp > 0xffff) MAY_BE_CONFUSABLE_G.lastIndex++;
    if ((charFacts(cp) & F_CONFUSABLE) === 0) continue;
    let from = at;
    while (from > 0 && !isWordBreak(s.charCodeAt(from - 1))) from--;
    let to = at + 1;
    while (to < s.length && !isWordBreak(s.charCodeAt(to))) to++;
    if (cp === RIGHT_QUOTE && RIGHT_QUOTE_TWIN !== undefined && from < at && at + 1 < to && asciiLettersAround(s, from, at, to)) {
      out += s.slice(last, at) + RIGHT_QUOTE_TWIN;
      last = at + 1;
      MAY_BE_CONFUSABLE_G.lastIndex = to;
      continue;
    }
    for (let k = from; k < to && !wide; k++) wide = s.charCodeAt(k) >= 0xff01 && s.charCodeAt(k) <= 0xff5e;
    for (const [start, end] of foldableWords(s, from, to)) {
      out += s.slice(last, start) + foldConfusableWord(s.slice(start, end));
      last = end;
    }
    MAY_BE_CONFUSABLE_G.lastIndex = to;
  }
  out += s.slice(last);
  return wide ? out.replace(/[\uFF01-\uFF5E]/g, foldChar) : out;
}

function foldableWords(s: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let i = from;
  while (i < to) {
    let cp = s.codePointAt(i)!;
    let f = charFacts(cp);
    if ((f & (F_LETTER | F_MARK)) === 0) {
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const start = i;
    let folds = false;
    for (;;) {
      while ((f & (F_LETTER | F_MARK)) !== 0) {
        if (f & F_CONFUSABLE) folds = true;
        i += cp > 0xffff ? 2 : 1;
        if (i >= to) break;
        cp = s.codePointAt(i)!;
        f = charFacts(cp);
      }
      if (i >= to || (f & F_APOSTROPHE) === 0) break;
      const next = i + (cp > 0xffff ? 2 : 1);
      if (next >= to) break;
      const nf = charFacts(s.codePointAt(next)!);
      if ((nf & (F_LETTER | F_MARK)) === 0) break;
      if (f & F_CONFUSABLE) folds = true;
      i = next;
      cp = s.codePointAt(i)!;
      f = nf;
    }
    if (folds) out.push([start, i]);
  }
  return out;
}

// ------------------------------------------------------------------------------------------- tokenizer

const isAsciiAlnum = (c: number): boolean => ((c | 32) >= 97 && (c | 32) <= 122) || (c >= 48 && c <= 57);

function startsWord(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c < 0x80 ? isAsciiAlnum(c) : (charFacts(s.codePointAt(i)!) & (F_LETTER | F_NUMBER)) !== 0;
}

function skipWordChars(s: string, i: number, mask: number): number {
  const len = s.length;
  while (i < len) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (!isAsciiAlnum(c)) return i;
      i++;
      continue;
    }
    const cp = s.codePointAt(i)!;
    if ((charFacts(cp) & mask) === 0) return i;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

/** wordEnd at stop 30. */
export function wordEnd30(s: string, start: number): number {
  const len = s.length;
  let i = start;
  for (;;) {
    i = skipWordChars(s, i, F_LETTER | F_NUMBER | F_MARK);
    const a = i < len ? s.charCodeAt(i) : 0;
    if ((a === 39 || a === 0x2019) && i + 1 < len && startsWord(s, i + 1)) {
      i++;
      continue;
    }
    return i;
  }
}
