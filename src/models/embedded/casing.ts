// Case is modelled apart from the word: the n-gram model predicts the lower-cased token, and a small
// case model predicts its shape (lower, Capitalized, UPPER, or an exact mixed form such as "xD").
// "Haha" and "haha" therefore share one word's counts instead of starving each other, and case still
// matters: "Haha" after a newline is likelier than "haha" there, as in the training text.

export const SHAPE_LOWER = 0;
export const SHAPE_CAPITALIZED = 1;
export const SHAPE_UPPER = 2;
export const SHAPE_MIXED = 3;
export type Shape = 0 | 1 | 2 | 3;

/** Where a token stands: line start (or text start), after sentence-final punctuation, or mid-sentence. */
export const FLAG_LINE_START = 0;
export const FLAG_SENTENCE_START = 1;
export const FLAG_MID = 2;
export const FLAGS = 3;

function isCased(ch: string): boolean {
  return ch.toLowerCase() !== ch.toUpperCase();
}

/** Number of letters that have an upper and a lower form, capped (only 0, 1 and ≥2 matter, plus 2^-n). */
export function casedLetters(text: string): number {
  let n = 0;
  for (const ch of text) if (isCased(ch)) n++;
  return n;
}

export function shapeOf(surface: string): Shape {
  let cased = 0;
  let upper = 0;
  let firstUpper = false;
  for (const ch of surface) {
    if (!isCased(ch)) continue;
    const isUpper = ch !== ch.toLowerCase();
    if (cased === 0) firstUpper = isUpper;
    cased++;
    if (isUpper) upper++;
  }
  if (upper === 0) return SHAPE_LOWER;
  if (firstUpper && upper === 1) return SHAPE_CAPITALIZED;
  if (upper === cased) return SHAPE_UPPER;
  return SHAPE_MIXED;
}

/** The surface form of a lower-cased token in a regular shape, or null when case mapping is irregular. */
export function applyShape(lower: string, shape: Shape): string | null {
  let out: string;
  if (shape === SHAPE_LOWER) out = lower;
  else if (shape === SHAPE_UPPER) out = lower.toUpperCase();
  else if (shape === SHAPE_CAPITALIZED) {
    out = "";
    let done = false;
    for (const ch of lower) {
      if (!done && isCased(ch)) {
        out += ch.toUpperCase();
        done = true;
      } else out += ch;
    }
  } else return null;
  return out.toLowerCase() === lower && shapeOf(out) === shape ? out : null;
}

/** The shapes a word with `cased` cased letters can take (one cased letter: Capitalized = UPPER). */
export function validShapes(cased: number): readonly Shape[] {
  if (cased === 0) return [SHAPE_LOWER];
  if (cased === 1) return [SHAPE_LOWER, SHAPE_CAPITALIZED];
  return [SHAPE_LOWER, SHAPE_CAPITALIZED, SHAPE_UPPER, SHAPE_MIXED];
}

export function casedClass(cased: number): 0 | 1 | 2 {
  return cased === 0 ? 0 : cased === 1 ? 1 : 2;
}

/** Position flag from the previous surface token (null = start of text). */
export function flagAfter(previous: string | null): number {
  if (previous === null || previous.endsWith("\n")) return FLAG_LINE_START;
  return /[.!?:"“”]$/.test(previous) ? FLAG_SENTENCE_START : FLAG_MID;
}
