// One pass over a reply that every prose term reads: words as integer ids with the punctuation that
// follows them, sentence numbers, and whether each word sits in dialogue, an italic thought or an
// aside. A hand-written character loop (no regex, one table lookup per word) because this is the hot
// path of the prose target; the general-purpose splitters in src/text serve everything else. Each code
// unit is lower-cased as it is read (./fold.ts), not by lower-casing a copy of the reply first.
import { once } from "../core/once.js";
import { CONTEXT_FOLDED, foldUnit } from "./fold.js";
import { HASH_SEED, hashStep, packUnit, WORD_ABBREVIATION, WORD_CONTENT, type Lexicon } from "./lexicon.js";

// Per-word flags.
export const T_DIALOGUE = 1; // inside quotation marks
export const T_ITALIC = 2; // inside *...* or _..._
export const T_COMMA_AFTER = 4;
export const T_DASH_AFTER = 8; // em/en dash, "--" or a spaced hyphen follows
export const T_SEMI_AFTER = 16;
export const T_END_AFTER = 32; // the sentence ends after this word
export const T_QUESTION_AFTER = 64;
export const T_INTERRUPT_AFTER = 128; // a dash glued to the word and closing the quote/paragraph: cut-off speech
export const T_ASIDE = 256; // between paired dashes or inside parentheses
export const T_CAPITAL = 512;
export const T_PARAGRAPH_AFTER = 1024;
export const T_QUOTE_AFTER = 2048; // a quotation mark follows the word
export const T_CONTENT = 4096; // a content word (copied from the lexicon so loops need not look it up)
// Masks folded once: a `~` in the scanner is one more operation that needs type feedback of its own.
const NOT_DASH_AFTER = ~T_DASH_AFTER;
const NOT_ASIDE = ~T_ASIDE;

export interface Scan {
  /** Number of words. */
  n: number;
  surface: Int32Array;
  lemma: Int32Array;
  flags: Int32Array;
  sentence: Int32Array;
  /** Char offset where each word starts. */
  start: Int32Array;
  /** Number of sentences. */
  sentences: number;
}

/**
 * Which characters make words. "seed": ASCII letters and digits, Latin-1 and Latin Extended letters (not
 * × ÷), Greek and Cyrillic (everything from U+0370 to U+052F), as seed 002 reads. "any" (the hardened
 * reading, issue 36): those, and every letter (General Category L*) and decimal digit of any script, with
 * marks (M*) inside a word; a letter of any script, Armenian to CJK and the astral planes, is read as a word letter.
 */
export type WordLetters = "seed" | "any";

// One entry per UTF-16 code unit: 0 not a word character, 1 a word character, 2 one that only continues a
// word (a mark), 3 a high surrogate whose code point decides (the "any" table only).
const CONTINUES = 2;
const ASTRAL = 3;

const SEED_WORD_CHAR = once(() => {
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < 0x530; c++) {
    table[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || c >= 0x370 ? 1 : 0;
  }
  return table;
});

const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;
const MARK = /^\p{M}$/u;

/** The class of one code point under "any": 1 starts a word, 2 only continues one, 0 neither. */
export function anyScriptClass(cp: number): number {
  const ch = String.fromCodePoint(cp);
  return LETTER_OR_DIGIT.test(ch) ? 1 : MARK.test(ch) ? CONTINUES : 0;
}

const ANY_WORD_CHAR = once(() => {
  const seed = SEED_WORD_CHAR();
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) table[c] = c >= 0xd800 && c <= 0xdbff ? ASTRAL : seed[c] === 1 ? 1 : c >= 0xd800 && c <= 0xdfff ? 0 : anyScriptClass(c);
  return table;
});

const wordTable = (letters: WordLetters): Uint8Array => (letters === "any" ? ANY_WORD_CHAR() : SEED_WORD_CHAR());

/**
 * How many code units of `src` at `i` (folded unit `c`) a word takes: 0, 1, or 2 for a letter or mark
 * beyond the basic plane; `start`: whether it may open a word (a mark may not).
 */
function wordUnits(table: Uint8Array, src: string, i: number, c: number, start: boolean): number {
  const t = table[c];
  if (t === 1) return 1;
  if (t === 0) return 0;
  if (t === CONTINUES) return start ? 0 : 1;
  const cp = src.codePointAt(i)!;
  if (cp < 0x10000) return 0;
  const k = anyScriptClass(cp);
  return k === 1 || (k === CONTINUES && !start) ? 2 : 0;
}

/** Whether the code point ending just before `i` is a word character (a letter, digit or mark). */
function wordBefore(table: Uint8Array, src: string, i: number): boolean {
  if (i <= 0) return false;
  const c = foldUnit(src.charCodeAt(i - 1));
  if (table[c] === 1 || table[c] === CONTINUES) return true;
  if (c < 0xdc00 || c > 0xdfff || i < 2) return false;
  return wordUnits(table, src, i - 2, foldUnit(src.charCodeAt(i - 2)), false) === 2;
}

/** Whether a word character (one that may open a word) starts at `i`. */
const wordAt = (table: Uint8Array, src: string, i: number): boolean => i < src.length && wordUnits(table, src, i, foldUnit(src.charCodeAt(i)), true) > 0;

/** Growable typed buffers reused across calls to avoid allocation in the scanning loop. */
class Buffers {
  size = 0;
  surface: Int32Array<ArrayBuffer> = new Int32Array(1024);
  lemma: Int32Array<ArrayBuffer> = new Int32Array(1024);
  flags: Int32Array<ArrayBuffer> = new Int32Array(1024);
  sentence: Int32Array<ArrayBuffer> = new Int32Array(1024);
  start: Int32Array<ArrayBuffer> = new Int32Array(1024);
  grow(): void {
    const cap = this.surface.length * 2;
    const g = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.surface = g(this.surface);
    this.lemma = g(this.lemma);
    this.flags = g(this.flags);
    this.sentence = g(this.sentence);
    this.start = g(this.start);
  }
}

/** Tokenize a reply. The returned arrays are views valid until the next call with the same scanner. */
export function scanText(text: string, lexicon: Lexicon, buffers: Buffers = new Buffers(), letters: WordLetters = "seed"): Scan {
  // Words are folded unit by unit as they are read; a text whose fold depends on context is folded whole
  // first, and folding its units again changes none of them.
  return scanFolding(text.indexOf(CONTEXT_FOLDED) < 0 ? text : foldForLookup(text), text, lexicon, buffers, wordTable(letters));
}

/** The scan of `text`, read from `src`: text itself or its whole fold (the same length). */
function scanFolding(src: string, text: string, lexicon: Lexicon, b: Buffers, table: Uint8Array): Scan {
  let n = 0;
  let sentence = 0;
  let sentenceHasWords = false;
  let inQuote = false;
  let inStarItalic = false;
  let inUnderscoreItalic = false;
  let inParen = 0;
  let inDashAside = false;
  let dashAsideStart = -1;
  const len = src.length;
  let i = 0;
  while (i < len) {
    const c = foldUnit(src.charCodeAt(i));
    const first = wordUnits(table, src, i, c, true);
    if (first > 0) {
      // The word's hash is taken as it is read, so the lexicon need not read it again to find it; so are
      // its units packed into an int32 (the last four) and or-ed (are they all one byte?), so a short word
      // is found by its slot alone (Lexicon.findPacked).
      let h = hashStep(HASH_SEED, c);
      let packed = c;
      let wide = c;
      let j = i + 1;
      if (first === 2) {
        const low = src.charCodeAt(j);
        h = hashStep(h, low);
        packed = packUnit(packed, low);
        wide |= low;
        j++;
      }
      while (j < len) {
        const d = foldUnit(src.charCodeAt(j));
        const units = wordUnits(table, src, j, d, false);
        if (units > 0) {
          h = hashStep(h, d);
          packed = packUnit(packed, d);
          wide |= d;
          if (units === 2) {
            const low = src.charCodeAt(j + 1);
            h = hashStep(h, low);
            packed = packUnit(packed, low);
            wide |= low;
          }
          j += units;
        } else if (d === 39 && j + 1 < len && wordUnits(table, src, j + 1, foldUnit(src.charCodeAt(j + 1)), true) === 1) {
          const e = foldUnit(src.charCodeAt(j + 1));
          h = hashStep(hashStep(h, d), e);
          packed = packUnit(packUnit(packed, d), e);
          wide |= e;
          j += 2;
        } else break;
      }
      if (n === b.surface.length) b.grow();
      const sid = lexicon.surfaceFolding(src, i, j, h, packed, wide);
      b.surface[n] = sid;
      b.lemma[n] = lexicon.surfaceLemma[sid];
      const oc = text.charCodeAt(i);
      b.flags[n] =
        (inQuote ? T_DIALOGUE : 0) | (inStarItalic || inUnderscoreItalic ? T_ITALIC : 0) | (inParen > 0 || inDashAside ? T_ASIDE : 0) | (oc >= 65 && oc <= 90 ? T_CAPITAL : 0) | (lexicon.surfaceFlags[sid] & WORD_CONTENT ? T_CONTENT : 0);
      b.sentence[n] = sentence;
      b.start[n] = i;
      n++;
      sentenceHasWords = true;
      i = j;
      continue;
    }
    switch (c) {
      case 46: // .
      case 33: // !
      case 63: // ?
      case 0x2026: {
        // "Mr." and single initials do not end a sentence (the word table flags them); "..." and "?!" are one boundary.
        const glued = wordBefore(table, src, i);
        if (c === 46 && glued && n > 0 && (lexicon.surfaceFlags[b.surface[n - 1]] & WORD_ABBREVIATION) !== 0) break;
        // A decimal point or a dotted token ("3.5", "e.g") is not a boundary.
        if (c === 46 && glued && wordAt(table, src, i + 1)) break;
        let j = i;
        let question = false;
        while (j < len) {
          const d = src.charCodeAt(j);
          if (d === 63) question = true;
          if (d === 46 || d === 33 || d === 63 || d === 0x2026) j++;
          else break;
        }
        if (question && n > 0 && sentenceHasWords) b.flags[n - 1] |= T_QUESTION_AFTER;
        if (endSentence(b, n, sentenceHasWords, inDashAside, dashAsideStart)) sentence++;
        sentenceHasWords = false;
        inDashAside = false;
        i = j;
        continue;
      }
      case 44: // ,
        if (n > 0 && sentenceHasWords) b.flags[n - 1] |= T_COMMA_AFTER;
        break;
      case 59: // ;
        if (n > 0 && sentenceHasWords) b.flags[n - 1] |= T_SEMI_AFTER;
        break;
      case 0x2014: // em dash
      case 0x2013: // en dash
      case 45: {
        // "-" inside a word is a hyphen (a separator only); "--", "—", "–" or a spaced "-" is a dash.
        let j = i + 1;
        while (j < len && (src.charCodeAt(j) === 45 || src.charCodeAt(j) === 0x2014 || src.charCodeAt(j) === 0x2013)) j++;
        const single = c === 45 && j === i + 1;
        const before = wordBefore(table, src, i);
        const after = j < len ? foldUnit(src.charCodeAt(j)) : 32;
        if (single && before && wordAt(table, src, j)) {
          i = j;
          continue;
        }
        if (n > 0 && sentenceHasWords) {
          const closesSpeech = after === 34 || after === 0x201d || nextIsBreak(src, j);
          if (before && closesSpeech) b.flags[n - 1] |= T_INTERRUPT_AFTER;
          else if (inDashAside) {
            // The second dash of a pair closes an aside; neither dash is a contrast marker.
            inDashAside = false;
            b.flags[dashAsideStart - 1] &= NOT_DASH_AFTER;
          } else {
            b.flags[n - 1] |= T_DASH_AFTER;
            inDashAside = true;
            dashAsideStart = n;
          }
        }
        i = j;
        continue;
      }
      case 40: // (
        inParen++;
        break;
      case 41: // )
        if (inParen > 0) inParen--;
        break;
      case 34: // "
        if (n > 0) b.flags[n - 1] |= T_QUOTE_AFTER;
        inQuote = !inQuote;
        break;
      case 0x201c: // “
        inQuote = true;
        break;
      case 0x201d: // ”
        if (n > 0) b.flags[n - 1] |= T_QUOTE_AFTER;
        inQuote = false;
        break;
      case 42: // *
        inStarItalic = !inStarItalic;
        break;
      case 95: // _
        inUnderscoreItalic = !inUnderscoreItalic;
        break;
      case 10: {
        // A blank line is a paragraph: it ends the sentence and resets quote/italic state, so one
        // unbalanced quotation mark cannot turn the rest of a reply into dialogue.
        let j = i + 1;
        while (j < len && (src.charCodeAt(j) === 32 || src.charCodeAt(j) === 13 || src.charCodeAt(j) === 9)) j++;
        if (j < len && src.charCodeAt(j) === 10) {
          if (n > 0) b.flags[n - 1] |= T_PARAGRAPH_AFTER;
          if (endSentence(b, n, sentenceHasWords, inDashAside, dashAsideStart)) sentence++;
          sentenceHasWords = false;
          inDashAside = false;
          inQuote = false;
          inStarItalic = false;
          inUnderscoreItalic = false;
          inParen = 0;
        }
        i = j;
        continue;
      }
    }
    i++;
  }
  // Added, not incremented under an if: the increment would run only for a reply that ends mid-sentence,
  // too rarely to have type feedback, and its first run deoptimized the scanner each time.
  sentence += endSentence(b, n, sentenceHasWords, inDashAside, dashAsideStart) ? 1 : 0;
  return {
    n,
    surface: b.surface,
    lemma: b.lemma,
    flags: b.flags,
    sentence: b.sentence,
    start: b.start,
    sentences: sentence,
  };
}

export function createBuffers(): Buffers {
  return new Buffers();
}
export type { Buffers };

/**
 * Closes a sentence at word n: marks its last word and says whether it counts (it has words). The caller
 * then clears its has-words and dash-aside state. A function of its arguments rather than a closure, so
 * the scanning loop keeps its counters in registers instead of a shared context.
 */
function endSentence(b: Buffers, n: number, hasWords: boolean, inDashAside: boolean, dashAsideStart: number): boolean {
  if (hasWords && n > 0) b.flags[n - 1] |= T_END_AFTER;
  // A dash aside never spans sentences: an unclosed one was a contrast dash, not an aside.
  if (inDashAside) unmarkAside(b, dashAsideStart, n);
  return hasWords;
}

function unmarkAside(b: Buffers, from: number, to: number): void {
  for (let k = from; k < to; k++) b.flags[k] &= NOT_ASIDE;
}

function nextIsBreak(s: string, j: number): boolean {
  while (j < s.length && (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 9)) j++;
  return j >= s.length || s.charCodeAt(j) === 10 || s.charCodeAt(j) === 13;
}

/** Lower-case and fold curly apostrophes, keeping offsets aligned with the original text. */
function foldForLookup(text: string): string {
  let lower = text.toLowerCase();
  if (lower.length !== text.length) {
    // A few characters lower-case to two code units (e.g. "İ"); keep those as they are.
    let out = "";
    for (const ch of text) {
      const l = ch.toLowerCase();
      out += l.length === ch.length ? l : ch;
    }
    lower = out;
  }
  return lower.indexOf("’") >= 0 ? lower.replace(/’/g, "'") : lower;
}
