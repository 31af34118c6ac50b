// The scanner as it was at ad935cd (before folding unit by unit): lower-cases the whole reply first, then
// looks each word up in the lower-cased copy. Kept only as the reference of the differential test.
import { WORD_ABBREVIATION, WORD_CONTENT, type Lexicon } from "../../src/text/lexicon.js";
import {
  createBuffers,
  T_CAPITAL,
  T_COMMA_AFTER,
  T_CONTENT,
  T_DASH_AFTER,
  T_DIALOGUE,
  T_END_AFTER,
  T_INTERRUPT_AFTER,
  T_ITALIC,
  T_PARAGRAPH_AFTER,
  T_QUESTION_AFTER,
  T_QUOTE_AFTER,
  T_SEMI_AFTER,
  T_ASIDE,
  type Buffers,
  type Scan,
} from "../../src/text/scan.js";

const NOT_DASH_AFTER = ~T_DASH_AFTER;
const NOT_ASIDE = ~T_ASIDE;

/** Word characters: ASCII letters and digits, Latin-1 and Latin Extended letters (not × ÷), Greek and Cyrillic. */
const WORD_CHAR = new Uint8Array(0x530);
for (let c = 0; c < 0x530; c++) {
  WORD_CHAR[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || c >= 0x370 ? 1 : 0;
}

function isWordChar(c: number): boolean {
  return c < 0x530 && WORD_CHAR[c] === 1;
}

/** Tokenize a reply. The returned arrays are views valid until the next call with the same scanner. */
export function referenceScan(text: string, lexicon: Lexicon, buffers: Buffers = createBuffers()): Scan {
  const lower = foldForLookup(text);
  const b = buffers;
  let n = 0;
  let sentence = 0;
  let sentenceHasWords = false;
  let inQuote = false;
  let inStarItalic = false;
  let inUnderscoreItalic = false;
  let inParen = 0;
  let inDashAside = false;
  let dashAsideStart = -1;
  const len = lower.length;
  let i = 0;
  while (i < len) {
    const c = lower.charCodeAt(i);
    if (isWordChar(c)) {
      let j = i + 1;
      while (j < len) {
        const d = lower.charCodeAt(j);
        if (isWordChar(d)) j++;
        else if (d === 39 && j + 1 < len && isWordChar(lower.charCodeAt(j + 1))) j += 2;
        else break;
      }
      if (n === b.surface.length) b.grow();
      const sid = lexicon.surfaceIn(lower, i, j);
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
        const glued = i > 0 && isWordChar(lower.charCodeAt(i - 1));
        if (c === 46 && glued && n > 0 && (lexicon.surfaceFlags[b.surface[n - 1]] & WORD_ABBREVIATION) !== 0) break;
        // A decimal point or a dotted token ("3.5", "e.g") is not a boundary.
        if (c === 46 && glued && i + 1 < len && isWordChar(lower.charCodeAt(i + 1))) break;
        let j = i;
        let question = false;
        while (j < len) {
          const d = lower.charCodeAt(j);
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
        while (j < len && (lower.charCodeAt(j) === 45 || lower.charCodeAt(j) === 0x2014 || lower.charCodeAt(j) === 0x2013)) j++;
        const single = c === 45 && j === i + 1;
        const before = i > 0 ? lower.charCodeAt(i - 1) : 32;
        const after = j < len ? lower.charCodeAt(j) : 32;
        if (single && isWordChar(before) && isWordChar(after)) {
          i = j;
          continue;
        }
        if (n > 0 && sentenceHasWords) {
          const closesSpeech = after === 34 || after === 0x201d || nextIsBreak(lower, j);
          if (isWordChar(before) && closesSpeech) b.flags[n - 1] |= T_INTERRUPT_AFTER;
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
        while (j < len && (lower.charCodeAt(j) === 32 || lower.charCodeAt(j) === 13 || lower.charCodeAt(j) === 9)) j++;
        if (j < len && lower.charCodeAt(j) === 10) {
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
