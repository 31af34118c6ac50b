// Words that are not words (issue 36): a policy dodges a priced word by misspelling it ("tappestry"),
// spelling it with a diacritic ("tapẹstry") or inventing one. A reader reads a one-letter slip as the
// word it slips from, and notices a reply full of words no dictionary holds. So the hardened reading
// reads each unknown word of four or more letters as its known neighbour one edit away (a letter
// dropped, added, changed or swapped, or its marks removed), and the non-words factor prices the share
// of words left unknown. The lexicon is the shipped word-form table (src/text/word-table.ts: every
// form of WordNet's lemmas and the lemma table's inflections, common English, stopwords, 230,000
// forms); names (capitalized words inside a sentence) and the prompt's own words are never non-words.
import { isCommonEnglish } from "./english.js";
import { hashRange } from "./word-hash.js";
import { shippedWordTable } from "./word-table.js";

/** A word of the read text: letters of any script with their marks, joined by apostrophes. */
const WORD_G = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}[\p{L}\p{M}]*)*/gu;
const MARKS_G = /\p{M}/gu;
const HAS_MARK = /\p{M}/u;
const UPPER = /^\p{Lu}/u;
/** Shorter words have too many neighbours one edit away to read a slip in them. */
export const MIN_CORRECTED_LENGTH = 4;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz";

/** Whether a lower-cased form is in the shipped word-form table. */
export function inWordTable(form: string): boolean {
  const table = shippedWordTable();
  if (table === null) throw new Error("the shipped word-form table is missing or stale: run npm run build:words");
  return table.find(form, hashRange(form, 0, form.length)) >= 0;
}

/** Whether a lower-cased word is English: in the table, as a possessive or plural possessive, or as a contraction of known parts. */
export function isEnglishWord(lower: string): boolean {
  const word = lower.replace(/’/g, "'");
  if (inWordTable(word)) return true;
  if (!word.includes("'")) return false;
  const bare = word.replace(/'s$|'$/, "");
  if (bare !== word && inWordTable(bare)) return true;
  return word.split("'").every((part) => part.length <= 2 || inWordTable(part));
}

/**
 * The known word one edit from an unknown lower-cased one, or undefined: its marks removed first
 * ("tapẹstry"), then a doubled letter undoubled ("tappestry"); else, of the known words one edit away
 * (two letters swapped, one dropped, one changed, one added), the first common English one, or the first.
 * The order is fixed, so the answer depends on nothing but the word.
 */
export function nearestWord(lower: string, known: (w: string) => boolean = isEnglishWord): string | undefined {
  const bare = lower.normalize("NFD").replace(MARKS_G, "").normalize("NFC");
  if (bare !== lower) return known(bare) ? bare : nearestWord(bare, known);
  const n = lower.length;
  if (n < MIN_CORRECTED_LENGTH) return undefined;
  for (let i = 1; i < n; i++) {
    if (lower[i] !== lower[i - 1]) continue;
    const w = lower.slice(0, i) + lower.slice(i + 1);
    if (known(w)) return w;
  }
  let first: string | undefined;
  for (const w of oneEditAway(lower)) {
    if (!known(w)) continue;
    if (isCommonEnglish(w)) return w;
    first ??= w;
  }
  return first;
}

/** Every string `word` becomes with two neighbouring letters swapped. */
function* swapped(word: string): Generator<string> {
  for (let i = 0; i + 1 < word.length; i++) if (word[i] !== word[i + 1]) yield word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** Every string one edit from `word`: two neighbours swapped, a letter dropped, one changed, one added. */
function* oneEditAway(word: string): Generator<string> {
  const n = word.length;
  yield* swapped(word);
  for (let i = 0; i < n; i++) yield word.slice(0, i) + word.slice(i + 1);
  for (let i = 0; i < n; i++) for (const c of ALPHABET) if (c !== word[i]) yield word.slice(0, i) + c + word.slice(i + 1);
  for (let i = 0; i <= n; i++) for (const c of ALPHABET) yield word.slice(0, i) + c + word.slice(i);
}

/** A name's slip: its marks removed or one doubled letter undoubled, when that is a known word. */
function undoubled(lower: string, known: (w: string) => boolean): string | undefined {
  const bare = lower.normalize("NFD").replace(MARKS_G, "").normalize("NFC");
  if (bare !== lower) return known(bare) ? bare : undoubled(bare, known);
  for (let i = 1; i < lower.length; i++) {
    if (lower[i] !== lower[i - 1]) continue;
    const w = lower.slice(0, i) + lower.slice(i + 1);
    if (known(w)) return w;
  }
  return undefined;
}

/** `word` cased as `like`: all capitals, a capital first, or lower case. */
function caseLike(word: string, like: string): string {
  if (like.length > 1 && like === like.toUpperCase()) return word.toUpperCase();
  return UPPER.test(like) ? word[0].toUpperCase() + word.slice(1) : word;
}

/**
 * The text with each unknown word of four or more letters read as its known neighbour one edit away.
 * A name (a capitalized word inside a sentence) is read only for marks or a doubled letter: "Marcos" is
 * not a slip of "Marcus", but "Eliias" is one of "Elias".
 */
export function readSpelling(text: string, known: (w: string) => boolean = isEnglishWord): string {
  return text.replace(WORD_G, (word, at: number) => {
    if (word.length < MIN_CORRECTED_LENGTH && !HAS_MARK.test(word.normalize("NFD"))) return word;
    const lower = word.toLowerCase();
    if (known(lower)) {
      // A rare form that is a common word with a letter doubled or two swapped ("eyees", "herat") is read
      // as that word.
      const common = isCommonEnglish(lower) ? undefined : (undoubled(lower, isCommonEnglish) ?? [...swapped(lower)].find(isCommonEnglish));
      return common === undefined ? word : caseLike(common, word);
    }
    // A name is read only for a doubled letter or marks ("Eliias", "Elịas"), never for any edit.
    const near = UPPER.test(word) && !opensSentence(text, at) ? undoubled(lower, known) : nearestWord(lower, known);
    return near === undefined ? word : caseLike(near, word);
  });
}

export interface NonWords {
  /** Words of two or more letters counted. */
  words: number;
  /** Of those, words that are neither English, a name, nor the prompt's. */
  nonWords: number;
  /** nonWords / words (0 for a reply without words). */
  share: number;
  /** A few of them, for the details of a score. */
  examples: string[];
}

/** How the non-word share is priced: free up to `free`, then a line down to `floor` at `floorAt`. */
export interface NonWordPrice {
  free: number;
  floorAt: number;
  floor: number;
}

/** The factor for a non-word share (1 up to `free`). */
export function nonWordsFactor(share: number, o: NonWordPrice): number {
  if (share <= o.free) return 1;
  return Math.max(o.floor, 1 - ((1 - o.floor) * (share - o.free)) / (o.floorAt - o.free));
}

/** Sentence starts: nothing but quotes, brackets and spaces between the word and a full stop or the start of a line. */
const SENTENCE_START = /(?:^|[.!?…:]|\n)[\s"'“”‘’«»()[\]*_—–-]*$/;
const opensSentence = (text: string, at: number): boolean => SENTENCE_START.test(text.slice(Math.max(0, at - 12), at));

/**
 * The reply's non-words: words of two or more letters that are not English (isEnglishWord), not the
 * prompt's own (`promptWords`, lower-cased), and not a name (a capitalized word that does not open a
 * sentence).
 */
export function countNonWords(text: string, promptWords: ReadonlySet<string>, known: (w: string) => boolean = isEnglishWord): NonWords {
  let words = 0;
  let nonWords = 0;
  const examples: string[] = [];
  for (const m of text.matchAll(WORD_G)) {
    const word = m[0];
    if (word.length < 2) continue;
    words++;
    const lower = word.toLowerCase();
    if (known(lower) || promptWords.has(lower) || promptWords.has(lower.replace(/['’]s$/, ""))) continue;
    if (UPPER.test(word) && !opensSentence(text, m.index)) continue;
    nonWords++;
    if (examples.length < 5) examples.push(word);
  }
  return { words, nonWords, share: words ? nonWords / words : 0, examples };
}
