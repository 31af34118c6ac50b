// What the reading passes need to know about one code point, computed on first sight and cached, so
// they can walk a reply by char code instead of running Unicode-property regexes and `normalize` over
// all of it: whether it is a combining mark or a letter, how many marks and letters its canonical
// decomposition (NFD) holds, and whether it is a look-alike of an ASCII letter or of the apostrophe.
// NFD decomposes each code point on its own and only reorders marks, so a text's NFD counts are the sums
// of its code points' counts.
import { CONFUSABLE_TO_ASCII } from "./confusables.js";
import { HOMOGLYPHS } from "./homoglyphs.js";

export const F_MARK = 2;
export const F_LETTER = 4;
const NFD_MARKS_SHIFT = 3;
const NFD_LETTERS_SHIFT = 5;
/** A key of the confusables table, or a fullwidth form (U+FF01–FF5E). */
export const F_CONFUSABLE = 128;
/** The apostrophe or one of its look-alikes. */
export const F_APOSTROPHE = 256;
/** A number (\p{N}). */
export const F_NUMBER = 512;
/** A key of the short homoglyph list (./homoglyphs.ts), or a fullwidth form. */
export const F_HOMOGLYPH = 1024;
const COMPUTED = 1;

const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;
const NUMBER = /\p{N}/u;

const bmp = new Uint16Array(0x10000);
// Astral code points (emoji, mathematical letters) by first sight, bounded: a server reading text after
// text would otherwise hold one entry per distinct code point it ever read. The facts are a pure
// function of the code point, so emptying the memo changes no answer.
export const ASTRAL_MEMO_LIMIT = 4096;
const astral = new Map<number, number>();

/** Entries the astral memo holds now (for tests of its bound). */
export const astralMemoSize = (): number => astral.size;

function compute(cp: number): number {
  const ch = String.fromCodePoint(cp);
  let marks = 0;
  let letters = 0;
  for (const d of ch.normalize("NFD")) {
    if (MARK.test(d)) marks++;
    else if (LETTER.test(d)) letters++;
  }
  return (
    COMPUTED |
    (MARK.test(ch) ? F_MARK : 0) |
    (LETTER.test(ch) ? F_LETTER : 0) |
    (marks << NFD_MARKS_SHIFT) |
    (letters << NFD_LETTERS_SHIFT) |
    (CONFUSABLE_TO_ASCII.has(ch) || (cp >= 0xff01 && cp <= 0xff5e) ? F_CONFUSABLE : 0) |
    (ch === "'" || CONFUSABLE_TO_ASCII.get(ch) === "'" ? F_APOSTROPHE : 0) |
    (NUMBER.test(ch) ? F_NUMBER : 0) |
    (Object.hasOwn(HOMOGLYPHS, ch) || (cp >= 0xff01 && cp <= 0xff5e) ? F_HOMOGLYPH : 0)
  );
}

/** The facts of a code point (a lone surrogate is its own code point, as in `for…of`). */
export function charFacts(cp: number): number {
  if (cp < 0x10000) {
    const f = bmp[cp];
    return f !== 0 ? f : (bmp[cp] = compute(cp));
  }
  let f = astral.get(cp);
  if (f === undefined) {
    if (astral.size >= ASTRAL_MEMO_LIMIT) astral.clear();
    astral.set(cp, (f = compute(cp)));
  }
  return f;
}

/** Marks in the code point's NFD form. */
export const nfdMarks = (facts: number): number => (facts >> NFD_MARKS_SHIFT) & 3;
/** Letters in the code point's NFD form. */
export const nfdLetters = (facts: number): number => (facts >> NFD_LETTERS_SHIFT) & 3;

const NON_ASCII_G = /[^\u0000-\u007f]/g;

/** Whether any non-ASCII code point of s passes `test` (a native search finds them). */
export function someCodePoint(s: string, test: (cp: number) => boolean): boolean {
  NON_ASCII_G.lastIndex = 0;
  for (let m = NON_ASCII_G.exec(s); m !== null; m = NON_ASCII_G.exec(s)) {
    const cp = s.codePointAt(m.index)!;
    if (cp > 0xffff) NON_ASCII_G.lastIndex++;
    if (test(cp)) return true;
  }
  return false;
}

/** Whether any code point of s has one of the facts in `mask`. */
export const hasFact = (s: string, mask: number): boolean => someCodePoint(s, (cp) => (charFacts(cp) & mask) !== 0);

