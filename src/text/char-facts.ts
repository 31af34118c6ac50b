// What the reading passes need to know about one code point, looked up in a table instead, so
// they can walk a reply by char code instead of running Unicode-property regexes and `normalize` over
// all of it: whether it is a combining mark or a letter, how many marks and letters its canonical
// decomposition (NFD) holds, and whether it is a look-alike of an ASCII letter or of the apostrophe.
// NFD decomposes each code point on its own and only reorders marks, so a text's NFD counts are the sums
// of its code points' counts.
import { CONFUSABLE_TO_ASCII } from "./confusables.js";
import { HOMOGLYPHS } from "./homoglyphs.js";
import { once } from "../core/once.js";

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

function compute(cp: number): number {
  const ch = String.fromCodePoint(cp);
  // Straight-line code, every operation run for every code point: inlined into a reading loop, this has
  // met all of them before the loop is optimized (a sum or compare first met in optimized code, such as
  // the fullwidth range's upper bound on the bank's first "，", deoptimized the loop around it).
  let marks = 0;
  let letters = 0;
  for (const d of ch.normalize("NFD")) {
    const mark = MARK.test(d);
    marks += mark ? 1 : 0;
    letters += !mark && LETTER.test(d) ? 1 : 0;
  }
  const wide = isFullwidthForm(cp);
  return (
    COMPUTED |
    (MARK.test(ch) ? F_MARK : 0) |
    (LETTER.test(ch) ? F_LETTER : 0) |
    (marks << NFD_MARKS_SHIFT) |
    (letters << NFD_LETTERS_SHIFT) |
    (CONFUSABLE_TO_ASCII.has(ch) || wide ? F_CONFUSABLE : 0) |
    (ch === "'" || CONFUSABLE_TO_ASCII.get(ch) === "'" ? F_APOSTROPHE : 0) |
    (NUMBER.test(ch) ? F_NUMBER : 0) |
    (Object.hasOwn(HOMOGLYPHS, ch) || wide ? F_HOMOGLYPH : 0)
  );
}

/** A fullwidth form of an ASCII character (U+FF01–FF5E), by one unsigned compare that always runs. */
export const isFullwidthForm = (c: number): boolean => (c - 0xff01) >>> 0 <= 0xff5e - 0xff01;

/**
 * The basic plane's facts, all 65,536 computed in one pass on first use (128 KiB, ~60 ms of CPU a
 * thread): immutable data made once (issue 34), where a memo filled per look-up was state every scorer
 * of the thread shared.
 */
const BMP = once(() => {
  const table = new Uint16Array(0x10000);
  for (let cp = 0; cp < 0x10000; cp++) table[cp] = compute(cp);
  return table;
});

/** The facts of a code point (a lone surrogate is its own code point, as in `for…of`). */
export function charFacts(cp: number): number {
  return cp < 0x10000 ? BMP()[cp] : astralFacts(cp);
}

/** charFacts computed for one code point, for tests of the table. */
export const computeCharFacts = (cp: number): number => compute(cp);

/**
 * charFacts of an astral code point (emoji, mathematical letters; rare in prose), computed on each
 * look-up: a table of the 1,048,576 astral code points would take ~250 ms a thread to make, and a memo
 * filled per look-up is state every scorer of the thread shares (issue 34). A function of its own, met
 * in warmUpCharFacts, so that every reading loop that inlines charFacts holds only a call here (with its
 * feedback) and is not thrown away when the first emoji reaches it after it was optimized (issue 20).
 */
function astralFacts(cp: number): number {
  return compute(cp);
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

/**
 * A native search for the non-ASCII characters a pass must read: every one except those of General
 * Punctuation (U+2000–U+206F: curly quotes, dashes, ellipses, most of the non-ASCII in prose) that
 * `skip` says the pass can pass over. Each match costs a call, so skipping them natively is most of
 * the pass's time. A match is one UTF-16 unit (no "u" flag), so the passes call `test` and read it at
 * lastIndex − 1: exec built an array per match, one per curly apostrophe of a reply (issue 20).
 */
export function nonAsciiExcept(skip: (facts: number, cp: number) => boolean): RegExp {
  let skipped = "";
  for (let cp = 0x2000; cp <= 0x206f; cp++) if (skip(charFacts(cp), cp)) skipped += `\\u${cp.toString(16).padStart(4, "0")}`;
  return new RegExp(`[^\\u0000-\\u007f${skipped}]`, "g");
}

/** hasFact's search for each mask the reading passes ask about, made on first use: the non-ASCII characters that may have one of them. */
const FACT_SEARCHES: ReadonlyMap<number, () => RegExp> = new Map([F_MARK, F_HOMOGLYPH].map((mask) => [mask, once(() => nonAsciiExcept((f) => (f & mask) === 0))]));

/**
 * Whether any code point of s has one of the facts in `mask`. The search passes over the General
 * Punctuation characters that have none natively: someCodePoint stopped at every curly quote and dash
 * of a reply, built a match array for each and called a closure (stripZalgo and foldHomoglyphs ask this
 * of every reply cleanText reads).
 */
export function hasFact(s: string, mask: number): boolean {
  const search = FACT_SEARCHES.get(mask)?.() ?? nonAsciiExcept((f) => (f & mask) === 0);
  search.lastIndex = 0;
  while (search.test(s)) {
    const at = search.lastIndex - 1;
    const cp = s.codePointAt(at)!;
    // Set on every stop, not only after an astral one, so the store has been met before this is optimized.
    search.lastIndex = at + (cp > 0xffff ? 2 : 1);
    if ((charFacts(cp) & mask) !== 0) return true;
  }
  return false;
}

/**
 * charFacts meets both of its paths after it has run a little (V8 keeps a function's feedback only
 * then), so its call to astralFacts has feedback before any reading loop that inlines charFacts is
 * optimized (a call first met in optimized code threw the loop away; issue 20). src/stacks/warm-up.ts
 * runs it once per thread, before any scoring.
 */
export function warmUpCharFacts(): void {
  for (let cp = 0x1d400; cp < 0x1d41a; cp++) astralFacts(cp);
  for (let k = 0; k < 4; k++) for (let cp = 0x1d400; cp < 0x1d41a; cp++) astralFacts(cp);
  for (let k = 0; k < 4; k++) for (let cp = 0x2000; cp <= 0x206f; cp++) charFacts(cp);
  for (let cp = 0x1d400; cp < 0x1d41a; cp++) charFacts(cp);
}
