// Words that are not words (issue 36): a policy dodges a priced word by misspelling it ("tappestry"),
// spelling it with a diacritic ("tapẹstry") or inventing one. A reader reads a one-letter slip as the
// word it slips from, and notices a reply full of words no dictionary holds. So the hardened reading
// reads each unknown word of four or more letters as its known neighbour one edit away (a letter
// dropped, added, changed or swapped, or its marks removed), and the non-words factor prices the share
// of words left unknown. The lexicon is the shipped word-form table (src/text/word-table.ts: every
// form of WordNet's lemmas and the lemma table's inflections, common English, stopwords, 230,000
// forms); names (capitalized words inside a sentence) and the prompt's own words are never non-words.
import { createRequire } from "node:module";
import { once } from "../core/once.js";
import { COMMON_ENGLISH, isCommonEnglish } from "./english.js";
import { isStopword } from "./stopwords.js";
import { classify, WORD_DETERMINER, WORD_NEGATION, WORD_PRONOUN } from "./word-class.js";
import { hashRange } from "./word-hash.js";
import { shippedWordTable } from "./word-table.js";
import { type FormEnds, formEnds, WordIds } from "./word-pass.js";

/** A word of the read text: letters of any script with their marks, joined by apostrophes (scanned by hand: wordEnd). */
export const WORD_G = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}[\p{L}\p{M}]*)*/gu;
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
  const word = lower.includes("’") ? lower.replace(/’/g, "'") : lower; // no regex for the common word without a curly apostrophe
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

// Costly words (issue 36, second round): a reader who knows the words a reward prices reads "tpstry",
// "wihsperde" or "ffaiint" as those words, though each is two or more edits from them. The reading
// holds the known forms of the priced lemmas (the dictionary's pair words, hubs, frame hubs and excess
// words, with their regular inflections) by consonant skeleton: the set of consonants a word holds,
// which dropping, doubling or swapping letters leaves as it is. An unknown word with a priced form's
// skeleton, within ⌊length / 3⌋ edits of it (at least 2 for forms of five or more letters, 1 below), is
// read as the nearest such form; failing that, as a priced form one edit away.

/** The known forms of a dictionary's priced lemmas, by consonant skeleton: built once per compiled dictionary (costlyWords). */
export interface CostlyWords {
  forms: ReadonlySet<string>;
  bySkeleton: ReadonlyMap<string, readonly string[]>;
  /** The engine's word table (./word-pass.ts): each form met as written, its facts and readings (readSpelling's memo). */
  ids: WordIds;
  /** isEnglishWord through the engine's memo (bounded) `englishWords`: the join and the non-word count ask it of every word. */
  isEnglish: (lower: string) => boolean;
  englishWords: Map<string, boolean>;
  /** Length of the longest priced form. */
  longest: number;
  /** Every prefix of four or more letters of a priced form and the shortest form it opens (readCut), made on first use. */
  cutForms?: Map<string, string>;
  /** Each priced form by its anagram key (anagramKey), the most frequent where two share one (readAnagram), made on first use. */
  byAnagram?: Map<string, string>;
  /** Each string a long priced form becomes with up to two letters dropped, and the forms it comes from (costlyTwoEdits), made on first use. */
  byDeletions?: Map<string, string[]>;
}

/** Entries a memo of a CostlyWords holds before it is cleared (a bank of 3,295 replies reads ~50,000 forms). */
export const MEMO_LIMIT = 100_000;
function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

const CONSONANTS = /[b-df-hj-np-tv-z]/g;
/** The consonants of a lower-cased word, each once, in order of the alphabet. */
export function skeleton(word: string): string {
  return [...new Set(word.match(CONSONANTS) ?? [])].sort().join("");
}

/** The forms of a lemma a reader would expect: itself and its regular inflections (as English spells them). */
function formsOf(lemma: string): string[] {
  const consonantY = /[^aeiou]y$/.test(lemma);
  const silentE = /[^e]e$/.test(lemma);
  const base = silentE ? lemma.slice(0, -1) : lemma;
  const doubled = /[^aeiou][aeiou][b-df-hj-np-tvz]$/.test(lemma) ? lemma + lemma[lemma.length - 1] : undefined;
  const forms = [
    lemma,
    consonantY ? lemma.slice(0, -1) + "ies" : /(?:s|x|z|ch|sh)$/.test(lemma) ? lemma + "es" : lemma + "s",
    consonantY ? lemma.slice(0, -1) + "ied" : silentE ? lemma + "d" : lemma + "ed",
    base + "ing",
    consonantY ? lemma.slice(0, -1) + "ily" : lemma + "ly",
  ];
  if (doubled) forms.push(doubled + "ed", doubled + "ing");
  return forms;
}

/**
 * The forms of a lemma that doubles its last consonant, as English spells them: the undoubled "-ed" and
 * "-ing" ("humed", "huming" of "hum") are another lemma's forms or slips of "hummed", "humming" (a real-word
 * slip, below), never the priced word's; kept only where the doubled form is no word ("visited").
 */
function spelledForms(lemma: string, known: (w: string) => boolean): string[] {
  const forms = formsOf(lemma);
  if (!/[^aeiou][aeiou][b-df-hj-np-tvz]$/.test(lemma)) return forms;
  const last = lemma[lemma.length - 1];
  return forms.filter((f) => !((f === `${lemma}ed` || f === `${lemma}ing`) && known(f.replace(lemma, lemma + last))));
}

/** The known forms (of three or more ASCII letters) of the priced lemmas, indexed by skeleton. */
export function costlyWords(lemmas: Iterable<string>, known: (w: string) => boolean = isEnglishWord): CostlyWords {
  const forms = new Set<string>();
  const bySkeleton = new Map<string, string[]>();
  for (const l of lemmas) {
    const lemma = l.toLowerCase();
    if (!/^[a-z]{3,}$/.test(lemma)) continue;
    for (const form of spelledForms(lemma, known)) {
      if (forms.has(form) || !known(form)) continue;
      forms.add(form);
      const key = skeleton(form);
      const list = bySkeleton.get(key);
      if (list) list.push(form);
      else bySkeleton.set(key, [form]);
    }
  }
  // A word met before is one Map hit instead of a word-table probe (a hash and a few cache misses).
  const englishWords = new Map<string, boolean>();
  const isEnglish = (lower: string): boolean => englishWords.get(lower) ?? remember(englishWords, lower, isEnglishWord(lower));
  // Made on first use: a scorer that never reads spelling never builds them.
  let pricedEnds: FormEnds | undefined;
  let joinEnds: FormEnds | undefined;
  const ids = new WordIds(
    isEnglish,
    () => (pricedEnds ??= formEnds(forms)),
    () => (joinEnds ??= formEnds([...forms, ...COMMON_ENGLISH])),
  );
  return { forms, bySkeleton, ids, isEnglish, englishWords, longest: Math.max(0, ...[...forms].map((f) => f.length)) };
}

/** Edits allowed between a priced form and the unknown word read as it. */
const editLimit = (form: string): number => (form.length >= 5 ? Math.max(2, Math.floor(form.length / 3)) : 1);

const VOWEL = new Set("aeiou");
/** What adding or dropping one letter costs: a vowel half a letter (a reader restores dropped vowels). */
const indel = (c: string): number => (VOWEL.has(c) ? 0.5 : 1);

/**
 * Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps) in which adding or
 * dropping a vowel costs 0.5; any value above `limit` once the distance must exceed it.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > 2 * limit) return limit + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = new Array<number>(n + 1).fill(0);
  for (let j = 1; j <= n; j++) prev[j] = prev[j - 1] + indel(b[j - 1]);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = prev[0] + indel(a[i - 1]);
    let best = cur[0];
    for (let j = 1; j <= n; j++) {
      let d = Math.min(prev[j] + indel(a[i - 1]), cur[j - 1] + indel(b[j - 1]), prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/**
 * The priced form an unknown lower-cased word disguises, or undefined: the nearest priced form with its
 * skeleton within editLimit (ties: the dictionary's order), else the first priced form one edit away.
 */
export function costlyNeighbour(lower: string, costly: CostlyWords): string | undefined {
  const bare = lower.normalize("NFD").replace(MARKS_G, "").normalize("NFC");
  if (!/^[a-z]+$/.test(bare) || bare.length < 3) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const form of costly.bySkeleton.get(skeleton(bare)) ?? []) {
    // The word with one letter put back is read as that form first ("humed" → "hummed", "usettling" →
    // "unsettling", not the "settling" a dropped vowel away).
    if (form.length === bare.length + 1 && isOneLetterMore(form, bare)) return form;
    const limit = editLimit(form);
    const d = editDistance(bare, form, Math.min(limit, bestDistance));
    if (d <= limit && d < bestDistance) {
      best = form;
      bestDistance = d;
    }
  }
  // A consonant dropped that the word held once takes it out of the skeleton: a priced form one consonant
  // richer that is the word with that one letter put back is one edit away ("cacked" → "cracked"), nearer
  // than a form of the same skeleton with a vowel added or dropped ("saed" is "sayed", not "used"; "voied"
  // is "voiced", not "void").
  if (bestDistance > 0) {
    const own = skeleton(bare);
    for (const c of CONSONANT_LETTERS) {
      if (own.includes(c)) continue;
      for (const form of costly.bySkeleton.get([...own, c].sort().join("")) ?? []) {
        if (form.length === bare.length + 1 && isOneLetterMore(form, bare)) return form;
      }
    }
  }
  if (best !== undefined || bare.length < MIN_CORRECTED_LENGTH) return best;
  for (const w of oneEditAway(bare)) if (costly.forms.has(w)) return w;
  return undefined;
}

// Invented derivations (issue 36, fourth round): a priced word with a suffix English adds to words
// ("crackedish", "whisperness", "crackeded") is no word of the table, yet a reader reads the priced word
// in it. English's suffixes are taken from the word table (./data/english-suffixes.json, built by
// scripts/build-english-suffixes.ts): an ending of two to five letters that turns at least 40 common words
// into other words of the table.
const MIN_SUFFIX = 2;
const MAX_SUFFIX = 5;
/** The stems a word with a suffix cut off may have been written from: itself, with "e" put back, "i" read as "y", a doubled consonant undoubled. */
function stemsOf(stem: string): string[] {
  const out = [stem, `${stem}e`];
  if (stem.endsWith("i")) out.push(`${stem.slice(0, -1)}y`);
  const n = stem.length;
  if (n > 2 && stem[n - 1] === stem[n - 2]) out.push(stem.slice(0, -1));
  return out;
}
const require = createRequire(import.meta.url);
const ENGLISH_SUFFIXES = once(() => new Set((require("./data/english-suffixes.json") as { suffixes: string[] }).suffixes));
/** English's suffixes, as taken from the word table (see above). */
export function englishSuffixes(): ReadonlySet<string> {
  return ENGLISH_SUFFIXES();
}

/** The priced form an unknown lower-cased word is derived from by English suffixes (one or two), or undefined: "crackedish" → "cracked". */
function costlyStem(lower: string, costly: CostlyWords, depth = 0): string | undefined {
  const suffixes = ENGLISH_SUFFIXES();
  for (let s = MIN_SUFFIX; s <= MAX_SUFFIX && lower.length - s >= MIN_CORRECTED_LENGTH; s++) {
    if (!suffixes.has(lower.slice(-s))) continue;
    for (const stem of stemsOf(lower.slice(0, -s))) {
      if (costly.forms.has(stem)) return stem;
      if (depth === 0 && !inWordTable(stem)) {
        const inner = costlyStem(stem, costly, 1);
        if (inner !== undefined) return inner;
      }
    }
  }
  return undefined;
}

const CONSONANT_LETTERS = "bcdfghjklmnpqrstvwxyz";
/** Whether `longer` is `shorter` with one letter added somewhere. */
function isOneLetterMore(longer: string, shorter: string): boolean {
  let i = 0;
  while (i < shorter.length && longer[i] === shorter[i]) i++;
  return longer.slice(i + 1) === shorter.slice(i);
}

/**
 * The first priced form that is a lower-cased past or -ing form with one inner consonant put back, or
 * undefined: such rare forms are the table's regular inflections of rare lemmas; a rare lemma ("wold",
 * "ruble") is a word a person writes, never read as another.
 */
function consonantPutBack(lower: string, costly: CostlyWords): string | undefined {
  if (!lower.endsWith("ed") && !lower.endsWith("ing")) return undefined;
  const own = skeleton(lower);
  for (const c of CONSONANT_LETTERS) {
    for (const form of costly.bySkeleton.get(own.includes(c) ? own : [...own, c].sort().join("")) ?? []) {
      if (form.length !== lower.length + 1 || !isOneLetterMore(form, lower)) continue;
      let i = 0;
      while (form[i] === lower[i]) i++;
      if (i > 0 && i < form.length - 1 && form[i] === c) return form;
    }
  }
  return undefined;
}

/** A priced form with the skeleton of a lower-cased word, one edit from it, or undefined. */
function costlySlip(lower: string, costly: CostlyWords): string | undefined {
  for (const form of costly.bySkeleton.get(skeleton(lower)) ?? []) if (form !== lower && editDistance(lower, form, 1) <= 1) return form;
  return undefined;
}

// Real-word slips (issue 36, fourth round): an edit of a priced word can land on another word of the
// table ("realm" → "ream", "swallowed" → "sallowed", "thrill" → "trill"), which neither the readings
// above nor the non-word share see (battery 3's "inner consonant dropped in costly words" paid +0.012).
// A reader reads a rare word one edit from a priced word (a letter dropped, added, changed, two swapped,
// a letter doubled or undoubled) as the priced word when the word is rare and the priced word far more
// frequent (./data/word-frequencies.json: the higher of SUBTLEX-US's and the Brown corpus's rates, so a
// word of speech or of written prose counts as written): the word a writer most likely meant. A name
// (a capitalized word inside a sentence) is read as written. A word people write ("bow" beside "brow", "simmer" beside "shimmer", "whale" beside
// "whole") is read as written, and so is every common-English word ("sent" for "scent").
const FREQUENCIES = once(() => {
  const file = require("./data/word-frequencies.json") as { byRate: Record<string, string> };
  const rates = new Map<string, number>();
  for (const [n, forms] of Object.entries(file.byRate)) for (const form of forms.split(" ")) rates.set(form, Number(n));
  return rates;
});
/** How often a lower-cased form is written per hundred million words (the higher of SUBTLEX-US's and Brown's rates; 0 for a form in neither). */
export function wordFrequency(lower: string): number {
  return FREQUENCIES().get(lower) ?? 0;
}

/** A word written more often than this per hundred million words (0.2 a million) is a word people write, never read as a slip (calibrated on human text: bench/studies/prose-real-word-slips.ts). */
export const REAL_WORD_SLIP_MAX_RATE = 20;
/** How many times more frequent than the word the priced word must be. */
export const REAL_WORD_SLIP_RATIO = 10;
/** Shortest word read as a real-word slip: two-letter words have too many neighbours to read one. */
export const MIN_REAL_WORD_SLIP = 3;

/**
 * The priced form a rare known word (not common English, not itself priced) is a slip of, or undefined:
 * of the priced forms one edit away that are far more frequent than the word, one with a letter put back
 * first, then the most frequent (ties: the first met).
 */
export function costlyRealWordSlip(lower: string, costly: CostlyWords): string | undefined {
  if (lower.length < MIN_REAL_WORD_SLIP || costly.forms.has(lower) || isCommonEnglish(lower) || !/^[a-z]+$/.test(lower)) return undefined;
  const own = wordFrequency(lower);
  if (own > REAL_WORD_SLIP_MAX_RATE) return undefined;
  const needed = REAL_WORD_SLIP_RATIO * Math.max(own, 2);
  let best: string | undefined;
  let bestRank = -1;
  for (const w of oneEditAway(lower)) {
    if (!costly.forms.has(w)) continue;
    const rate = wordFrequency(w);
    if (rate < needed) continue;
    // A letter put back first (a slip drops one more often than it adds one), then the more frequent form.
    const rank = (w.length > lower.length ? 1e12 : 0) + rate;
    if (rank > bestRank) {
      best = w;
      bestRank = rank;
    }
  }
  return best;
}

// Words split by what a reader reads through (issue 36, second round; by category in the fourth): any
// punctuation or symbol of General Category Pd, Pc, Po, Sm, Sk or So, or one space inside a word ("tape-stry",
// "tape stry", "t.apestr.y"). Pieces are joined when together they make a known word and one of them is
// not a word (or, for a mark other than a space, whatever the pieces are: "heart-beat" is read as
// "heartbeat"); a known English token ("don't", "o'clock") is never taken apart. A line break with no
// hyphen inside a word joins as a space does ("sc\nreamed" → "screamed"; "in\nto" stays two words).
/** A piece of a word: a letter, then letters and marks (what piecesOf scans). */
export const PIECE_G = /\p{L}[\p{L}\p{M}]*/gu;
/**
 * A mark inside a word, letters on both sides: any character of General Category Pd, Pc, Po, Sm, Sk or So
 * (a dash, connector, dot, plus, tilde, bar, operator, symbol: issue 36, battery 4), an apostrophe, a dash
 * before a space, or one space or line break.
 */
const IN_WORD_MARK = /^(?:[\p{Pd}\p{Pc}\p{Po}\p{Sm}\p{Sk}\p{So}'’ʼ‘]|\p{Pd} |[ \u00a0\n]|\r\n)$/u;
const JOIN_MIN_LENGTH = 4;
/** Whether text[from, to) is "\n" or "\r\n" (read in place: the join tests every gap of every span). */
const isLineBreak = (text: string, from: number, to: number): boolean => (to - from === 1 ? text.charCodeAt(from) === 10 : to - from === 2 && text.charCodeAt(from) === 13 && text.charCodeAt(from + 1) === 10);
const ONE_LETTER_WORDS = new Set(["a", "i"]);

/** The longest common-English word: a join through a space makes one (or a priced form), so a longer span is not built. */
const longestCommon = once(() => Math.max(...[...COMMON_ENGLISH].map((w) => w.length)));
/** The longest word the join reads (longer spans are never tried). */
const JOIN_MAX_LENGTH = 24;
/** Clitics an apostrophe joins to a word ("don't", "we'll", "o'clock", "'em"): such a token is never taken apart. */
const CLITICS = new Set(["s", "t", "d", "ll", "re", "ve", "m", "em", "n", "o", "y", "l", "tis", "twas"]);
function isContraction(lower: string): boolean {
  // A contraction with its apostrophe moved ("c'ant", "does'nt") too: readContraction reads it.
  if (inWordTable(lower) || CONTRACTIONS().has(lower.replace(/['’ʼ‘]/g, ""))) return true;
  const parts = lower.split(/['’ʼ‘]/).filter((part) => part !== "" && !CLITICS.has(part));
  return parts.length <= 1 && parts.every((part) => inWordTable(part));
}

/**
 * The text with words split by in-word marks or a space read whole (see above): first through marks,
 * then through single spaces. Through a space pieces join, not all of them words, into a common English
 * word or a priced form, a lone letter only with pieces that are not words or into a priced form
 * ("tape stry", "t apestr y", "g low"; not "the m" or "the ca").
 */
export function joinSplitWords(text: string, known: (w: string) => boolean = isEnglishWord, costly?: CostlyWords, ids?: WordIds): string {
  const first = piecesOf(text, ids);
  const marked = joinPass(text, first, known, costly, false, false, ids);
  // A text the first pass left as it was has the same pieces, and the first pass refused every span
  // through marks alone in them: the second pass reuses the pieces and tries only spans through a space.
  return marked === text ? joinPass(text, first, known, costly, true, true, ids) : joinPass(marked, piecesOf(marked, ids), known, costly, true, false, ids);
}

export interface Piece {
  at: number;
  end: number;
  lower: string;
  /** Its id in the engine's word table (./word-pass.ts), or -1 without one. */
  id: number;
  word: boolean;
  gapAfter: 0 | 1 | 2;
}

const LETTER = /^\p{L}$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
/** Code units of the code point at `i` (2 for an astral one). */
export const unitsAt = (text: string, i: number): number => (text.codePointAt(i)! > 0xffff ? 2 : 1);
/** Whether the code point at `i` is a letter (or, with `marks`, a letter or a mark): ASCII without a regex. */
export function letterAt(text: string, i: number, marks: boolean): boolean {
  const c = text.charCodeAt(i) | 0x20;
  if (text.charCodeAt(i) < 0x80) return c >= 0x61 && c <= 0x7a;
  return (marks ? LETTER_OR_MARK : LETTER).test(String.fromCodePoint(text.codePointAt(i)!));
}

/** The matches of PIECE_G in `text`, scanned by hand (a regex match allocates per word). */
export function piecesOf(text: string, ids?: WordIds): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < text.length; ) {
    if (!letterAt(text, i, false)) {
      i += unitsAt(text, i);
      continue;
    }
    const at = i;
    i += unitsAt(text, i);
    while (i < text.length && letterAt(text, i, true)) i += unitsAt(text, i);
    // With a word table a piece met before costs no slice and no lower-casing.
    const id = ids ? ids.idOf(text, at, i) : -1;
    pieces.push({ at, end: i, lower: ids ? ids.lower[id] : text.slice(at, i).toLowerCase(), id, word: false, gapAfter: 0 });
  }
  return pieces;
}

/** Where the match of WORD_G that starts at the letter at `at` ends, scanned by hand (a regex match allocates per word). */
export function wordEnd(text: string, at: number): number {
  let i = at + unitsAt(text, at);
  for (;;) {
    while (i < text.length && letterAt(text, i, true)) i += unitsAt(text, i);
    const c = text.charCodeAt(i);
    // An apostrophe joins the letters after it ("don't"), never a mark or nothing.
    if ((c !== 0x27 && c !== 0x2019) || i + 1 >= text.length || !letterAt(text, i + 1, false)) return i;
    i += 1 + unitsAt(text, i + 1);
  }
}

const CAPITAL_THEN_SMALL = /^\p{Lu}\p{Ll}/u;
/** Whether text[at, end) starts with a capital and a small letter: two ASCII letters without a slice or a regex. */
function capitalThenSmall(text: string, at: number, end: number): boolean {
  const a = text.charCodeAt(at);
  const b = at + 1 < end ? text.charCodeAt(at + 1) : 0;
  if (a < 0x80 && b < 0x80) return a >= 0x41 && a <= 0x5a && b >= 0x61 && b <= 0x7a;
  return CAPITAL_THEN_SMALL.test(text.slice(at, end));
}

/** `ids`: the engine's word table, given only when `known` is isEnglishWord (its facts then answer for it). */
function joinPass(text: string, pieces: Piece[], known: (w: string) => boolean, costly: CostlyWords | undefined, throughSpaces: boolean, marksRefused: boolean, ids: WordIds | undefined): string {
  if (pieces.length < 2) return text;
  // gapAfter: 0 none (the next piece is not joined to this one), 1 a space, 2 an in-word mark.
  for (let k = 0; k + 1 < pieces.length; k++) {
    const from = pieces[k].end;
    const to = pieces[k + 1].at;
    pieces[k].gapAfter = 0;
    // One plain space, the usual gap, needs no regex; no in-word mark is longer than 3 code units.
    if (to - from === 1 && text.charCodeAt(from) === 32) pieces[k].gapAfter = throughSpaces ? 1 : 0;
    // A longer gap that opens with an ASCII character other than "-" or CR (", ", ". ") is no in-word mark: no slice, no regex.
    else if (to - from <= 3 && !(to - from >= 2 && text.charCodeAt(from) < 0x80 && text.charCodeAt(from) !== 0x2d && text.charCodeAt(from) !== 0x0d)) {
      const gap = text.slice(from, to);
      // A dash before a space is a word broken at a line end ("tape- stry"): a mark, not a space.
      if (IN_WORD_MARK.test(gap)) pieces[k].gapAfter = /^\s+$/.test(gap) ? (throughSpaces ? 1 : 0) : 2;
    }
  }
  const isWord = (p: Piece): boolean => (p.lower.length === 1 ? p.lower === "a" || p.lower === "i" : ids ? ids.english(p.id) : known(p.lower));
  // A piece's facts from the word table when there is one (a typed-array read, not a string look-up).
  const common = (p: Piece): boolean => (ids ? ids.common(p.id) : isCommonEnglish(p.lower));
  for (let k = 0; k < pieces.length; k++) pieces[k].word = pieces[k].gapAfter === 0 && (k === 0 || pieces[k - 1].gapAfter === 0) ? true : isWord(pieces[k]);
  const joinable = (w: string): boolean => w.length >= JOIN_MIN_LENGTH && (known(w) || (costly?.forms.has(w) ?? false));
  let out = "";
  let last = 0;
  let i = 0;
  while (i < pieces.length) {
    // The longest span of pieces from i, each gap an in-word mark or a space, that reads as one word:
    // through a space only when some piece of the span is not a word, and never onto a capital.
    let k = i;
    let length = pieces[i].lower.length;
    while (pieces[k].gapAfter !== 0 && k + 1 < pieces.length && length + pieces[k + 1].lower.length <= JOIN_MAX_LENGTH) length += pieces[++k].lower.length;
    let joined = -1;
    for (let j = k; j > i && joined < 0; j--) {
      let spaced = false;
      let allWords = pieces[i].word;
      // Whether every gap is a line break with no hyphen: inside a word it joins pieces into any word of
      // the table unless every piece is a common English word ("s\npark", "pa\nused", "over\nwhelming";
      // not "in\nto", "some\nthing": hard-wrapped prose breaks between words).
      let broken = true;
      for (let q = i; q < j; q++) {
        spaced ||= pieces[q].gapAfter === 1;
        allWords &&= pieces[q + 1].word;
        broken &&= isLineBreak(text, pieces[q].end, pieces[q + 1].at);
      }
      // Words through spaces are joined only two at a time, into a priced form, when one of them is not a
      // common English word ("de liberate", "col lapsed"; never "every day"): decided before the joined
      // string is built (most spans).
      const wordsSpaced = spaced && allWords && !broken;
      if (wordsSpaced && (!costly || j !== i + 1 || (common(pieces[i]) && common(pieces[j])))) continue;
      if (!spaced && marksRefused) continue;
      // Spans the tests below refuse whatever the joined string: too short to join, too long for any
      // word a space may join into, onto a capital. Tested first, before the string is built.
      let span = 0;
      for (let q = i; q <= j; q++) span += pieces[q].lower.length;
      if (span < JOIN_MIN_LENGTH) continue;
      if (spaced && ((!broken && span > Math.max(longestCommon(), costly?.longest ?? 0)) || capitalThenSmall(text, pieces[j].at, pieces[j].end))) continue;
      // Two words through a space join only into a priced form: one they cannot open and close is refused before the string is built.
      if (wordsSpaced && ids && !(ids.opensPriced(pieces[i].id) && ids.closesPriced(pieces[j].id))) continue;
      // Through a space and no line break, pieces join only into a common English word or a priced form: likewise.
      if (spaced && !broken && ids && !(ids.opensJoin(pieces[i].id) && ids.closesJoin(pieces[j].id))) continue;
      let whole = pieces[i].lower; // concatenated in place: no array per span
      for (let q = i + 1; q <= j; q++) whole += pieces[q].lower;
      const priced = costly?.forms.has(whole) ?? false;
      if (wordsSpaced && !priced) continue;
      if (spaced && broken) {
        let allCommon = true;
        for (let q = i; q <= j && allCommon; q++) allCommon = pieces[q].lower.length === 1 ? ONE_LETTER_WORDS.has(pieces[q].lower) : common(pieces[q]);
        if (allCommon) continue;
      } else if (spaced) {
        // A lone letter joins only pieces that are not words ("t apestr y", not "the m"), or makes a priced form ("g low").
        let lone = false;
        for (let q = i; q <= j && !lone; q++) lone = pieces[q].lower.length < 2 && ((q > i && pieces[q - 1].word) || (q < j && pieces[q + 1].word));
        if (lone && !priced) continue;
        if (!isCommonEnglish(whole) && !priced) continue;
      }
      if (!joinable(whole)) continue;
      if (!spaced && isContraction(text.slice(pieces[i].at, pieces[j].end).toLowerCase())) continue;
      joined = j;
    }
    if (joined < 0) {
      i++;
      continue;
    }
    out += text.slice(last, pieces[i].at);
    for (let q = i; q <= joined; q++) out += text.slice(pieces[q].at, pieces[q].end);
    last = pieces[joined].end;
    i = joined + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * The text with each unknown word of four or more letters read as its known neighbour one edit away
 * (or, given the priced words, as the priced word it disguises: costlyNeighbour), after words split by
 * in-word marks are joined (joinSplitWords). A name (a capitalized word inside a sentence) is read only
 * for marks or a doubled letter: "Marcos" is not a slip of "Marcus", but "Eliias" is one of "Elias".
 */
export function readSpelling(input: string, known: (w: string) => boolean = isEnglishWord, costly?: CostlyWords): string {
  // With the default lexicon, the engine's word table answers words met before (a word's reading depends only on it and on being a name).
  const ids = costly && known === isEnglishWord ? costly.ids : undefined;
  ids?.startRow();
  const text = costly ? joinSplitWords(input, ids ? costly.isEnglish : known, costly, ids) : input;
  let capitalized: boolean | undefined;
  // WORD_G's matches scanned by hand, and the text rebuilt only from a word whose reading differs (most read as written).
  let out = "";
  let last = 0;
  for (let at = 0; at < text.length; ) {
    if (!letterAt(text, at, false)) {
      at += unitsAt(text, at);
      continue;
    }
    const end = wordEnd(text, at);
    // An ASCII word of one or two letters reads as written (readWord): no slice, no memo.
    if (end - at <= 2 && text.charCodeAt(at) < 0x80 && text.charCodeAt(end - 1) < 0x80) {
      // Save "im" and "id": the contractions of "i" written without their apostrophe ("I'm", "I'd").
      const contraction = costly && end - at === 2 && (text.charCodeAt(at) | 0x20) === 0x69 ? readContraction(text, at, end, text.slice(at, end), text.slice(at, end).toLowerCase()) : undefined;
      if (contraction !== undefined) out += text.slice(last, at) + contraction;
      if (contraction !== undefined) last = end;
      at = end;
      continue;
    }
    // A word met before is found in the table from the text: no slice.
    const id = ids ? ids.idOf(text, at, end) : -1;
    const word = ids ? ids.written[id] : text.slice(at, end);
    const first = word.charCodeAt(0);
    // An ASCII first letter is a capital or not without the regex.
    const name = (first < 0x80 ? first >= 0x41 && first <= 0x5a : UPPER.test(word)) && !opensSentence(text, at);
    if (costly && end - at >= 2) {
      const contraction = readContraction(text, at, end, word, ids ? ids.lower[id] : word.toLowerCase());
      if (contraction !== undefined) {
        out += text.slice(last, at) + contraction;
        last = end;
        at = end;
        continue;
      }
    }
    if (costly && !name && text.charCodeAt(end) === 0x2e) {
      const cut = readCut(text, word, end, costly, () => (capitalized ??= capitalizedProse(text, costly)));
      if (cut !== undefined) {
        out += text.slice(last, at) + cut.read;
        last = cut.end;
        at = cut.end;
        continue;
      }
    }
    // A priced plural written with an apostrophe ("shadow's" for "shadows", a greengrocer's apostrophe,
    // issue 36, battery 4) is read as the plural, as is a possessive of a priced word: either names it.
    if (costly && end - at >= 6 && (word.charCodeAt(word.length - 1) | 0x20) === 0x73 && (word.charCodeAt(word.length - 2) === 0x27 || word.charCodeAt(word.length - 2) === 0x2019)) {
      const plural = word.slice(0, -2) + word.slice(-1);
      if (costly.forms.has(plural.toLowerCase())) {
        out += text.slice(last, at) + plural;
        last = end;
        at = end;
        continue;
      }
    }
    const read = ids ? (ids.readingOf(id, name) ?? ids.setReading(id, name, readWord(word, name, known, costly))) : readWord(word, name, known, costly);
    if (read !== word) {
      out += text.slice(last, at) + read;
      last = end;
    }
    at = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

// A priced word cut short with a full stop, as an abbreviation ("tapest." for "tapestry", issue 36,
// battery 4): a word of four or more letters before "." that opens a priced form and is no word is read
// as the shortest such form (before a small letter, ". hung", no sentence ended there: the point is
// dropped). A word cut to a word ("the tapes.") stays as written.
const MIN_CUT_LENGTH = 4;
/** Every prefix of four or more letters of a priced form, and the shortest priced form it opens (kept on the engine's CostlyWords). */
function cutForms(costly: CostlyWords): Map<string, string> {
  if (costly.cutForms) return costly.cutForms;
  const map = new Map<string, string>();
  for (const form of costly.forms) {
    for (let k = MIN_CUT_LENGTH; k < form.length; k++) {
      const prefix = form.slice(0, k);
      const had = map.get(prefix);
      if (had === undefined || form.length < had.length || (form.length === had.length && form < had)) map.set(prefix, form);
    }
  }
  costly.cutForms = map;
  return map;
}
const SMALL_NEXT = /^\.[^\S\n]+\p{Ll}/u;
/** The reading of `word` cut short before the "." at `end`, and where the reading ends; undefined if it is no cut. */
function readCut(text: string, word: string, end: number, costly: CostlyWords, capitalized: () => boolean): { read: string; end: number } | undefined {
  if (word.length < MIN_CUT_LENGTH) return undefined;
  const lower = word.toLowerCase();
  const form = cutForms(costly).get(lower);
  if (form === undefined) return undefined;
  const small = SMALL_NEXT.test(text.slice(end, end + 8));
  // A word cut to a word stays as written, before a small letter too, in text written all in lower case
  // ("the dark. she turned" ends its sentences so: battery 2's lower-case reply paid +0.016 when it did
  // not). In prose whose sentences open with capitals, "want. to be" is a cut (issue 36, battery 4: such
  // cuts made short sentences the v8 readings priced less, +0.012 on 12 tuning replies).
  if (costly.isEnglish(lower) && !(small && capitalized())) return undefined;
  return { read: caseLike(form, word), end: small ? end + 1 : end };
}

const CAPITAL_OPENS_G = /[.!?]["'”’)\]]*\s+["'“‘([]*\p{Lu}/gu;
const SMALL_OPENS_G = /(\p{L}+)\.\s+\p{Ll}/gu;
/**
 * Whether the text's sentences open with capitals: a full stop before a small letter, after a word that
 * opens no priced form (a cut's), at most once for every four sentences that open with a capital.
 */
function capitalizedProse(text: string, costly: CostlyWords): boolean {
  const capitals = text.match(CAPITAL_OPENS_G)?.length ?? 0;
  if (capitals < 2) return false;
  const cuts = cutForms(costly);
  let smalls = 0;
  for (const m of text.matchAll(SMALL_OPENS_G)) if (!cuts.has(m[1].toLowerCase()) && ++smalls * 4 > capitals) return false;
  return true;
}

/** One word's reading (readSpelling); `name`: a capitalized word that does not open a sentence. */
function readWord(word: string, name: boolean, known: (w: string) => boolean, costly: CostlyWords | undefined): string {
  const lower = word.toLowerCase();
  if (word.length < MIN_CORRECTED_LENGTH && !HAS_MARK.test(word.normalize("NFD"))) {
    // A three-letter disguise of a priced word ("gze") is read as it; nothing else this short is.
    if (!costly || word.length < 3 || name) return word;
    if (known(lower)) {
      const slip = costlyRealWordSlip(lower, costly);
      return slip === undefined ? word : caseLike(slip, word);
    }
    const near = costlyNeighbour(lower, costly);
    return near === undefined ? word : caseLike(near, word);
  }
  if (known(lower)) {
    // A rare form that is a common word with a letter doubled or two swapped ("eyees", "herat") is read
    // as that word.
    // So is a rare form without a vowel (an abbreviation in the table) one edit from a priced form
    // with its consonants ("scnt" for "scent"); "hart" stays "hart".
    if (isCommonEnglish(lower) || costly?.forms.has(lower)) return word;
    // So is a rare -ed or -ing form that is a priced form with one inner consonant dropped ("humed" for
    // "hummed", "selled" for "smelled": the table holds regular inflections of rare lemmas).
    // A rare word one edit from a far more frequent priced form is read as that form first (real-word slips, below).
    const common =
      (costly && !name ? (costlyRealWordSlip(lower, costly) ?? costlyRealWordAnagram(lower, costly)) : undefined) ??
      undoubled(lower, isCommonEnglish) ??
      [...swapped(lower)].find(isCommonEnglish) ??
      (costly && !/[aeiouy]/.test(lower) ? costlySlip(lower, costly) : undefined) ??
      (costly ? consonantPutBack(lower, costly) : undefined);
    return common === undefined ? word : caseLike(common, word);
  }
  // A name is read only for a doubled letter or marks ("Eliias", "Elịas"), or as a priced form with its
  // interior shuffled ("Gaurdian" for a capitalized "Guardian"), never for any other edit.
  const near = name
    ? (undoubled(lower, known) ?? (costly && costlyAnagram(lower, costly, known)))
    : ((costly && (costlyAnagram(lower, costly, known) ?? costlyNeighbour(lower, costly) ?? (UPPER.test(word) ? undefined : costlyTwoEdits(lower, costly, known)) ?? costlyStem(lower, costly))) ?? nearestWord(lower, known));
  return near === undefined ? word : caseLike(near, word);
}

// Scrambled interiors (issue 36, battery 5): a reader reads a word whose first and last letters stand
// and whose inner letters are shuffled ("tpaestry", "wsiphered") as the word, however far the shuffle
// moves them (edit distance says nothing of it). The reading keys each priced form by its first letter,
// last letter and sorted inner letters; an unknown word with a priced form's key is read as that form
// unless an English word one edit away and far more frequent explains it better (a slip of that word). A known
// word with a priced form's key is read as it only as a real-word slip is: when it is rare and the
// priced form far more frequent (costlyRealWordSlip's rule).
/** A word's first letter, last letter and sorted inner letters: what shuffling its interior leaves. */
export function anagramKey(lower: string): string {
  return lower.length < 3 ? lower : lower[0] + lower[lower.length - 1] + [...lower.slice(1, -1)].sort().join("");
}
/** Shortest priced form read through a shuffled interior: three-letter words have one inner letter, and four-letter ones one swap (oneEditAway). */
export const MIN_ANAGRAM_LENGTH = 4;
function anagramForms(costly: CostlyWords): Map<string, string> {
  if (costly.byAnagram) return costly.byAnagram;
  const map = new Map<string, string>();
  for (const form of costly.forms) {
    if (form.length < MIN_ANAGRAM_LENGTH) continue;
    const key = anagramKey(form);
    const had = map.get(key);
    if (had === undefined || wordFrequency(form) > wordFrequency(had)) map.set(key, form);
  }
  costly.byAnagram = map;
  return map;
}

/** The priced form an unknown lower-cased word is an interior anagram of, or undefined when a far more frequent English word one edit away explains it. */
export function costlyAnagram(lower: string, costly: CostlyWords, known: (w: string) => boolean = isEnglishWord): string | undefined {
  if (lower.length < MIN_ANAGRAM_LENGTH || !/^[a-z]+$/.test(lower)) return undefined;
  const form = anagramForms(costly).get(anagramKey(lower));
  if (form === undefined || form === lower) return undefined;
  // A slip of a word one edit away explains it better only where that word is far more frequent (the real-word slips' ratio).
  const rate = REAL_WORD_SLIP_RATIO * Math.max(wordFrequency(form), 2);
  for (const w of oneEditAway(lower)) if (w !== form && wordFrequency(w) > rate && known(w)) return undefined;
  return form;
}

/** The priced form a rare known word is an interior anagram of, when that form is far more frequent (costlyRealWordSlip's rule), or undefined. */
export function costlyRealWordAnagram(lower: string, costly: CostlyWords): string | undefined {
  if (lower.length < MIN_ANAGRAM_LENGTH || costly.forms.has(lower) || isCommonEnglish(lower) || !/^[a-z]+$/.test(lower)) return undefined;
  const form = anagramForms(costly).get(anagramKey(lower));
  if (form === undefined) return undefined;
  const own = wordFrequency(lower);
  return own <= REAL_WORD_SLIP_MAX_RATE && wordFrequency(form) >= REAL_WORD_SLIP_RATIO * Math.max(own, 2) ? form : undefined;
}

// Two edits on long words (issue 36, fifth round): a reader still reads "hipered" or "wisperd" as
// "whispered", two letters dropped, though the consonant skeleton (costlyNeighbour) has changed. A priced
// form of LONG_FORM or more letters is indexed by every string it becomes with up to two letters dropped
// (the symmetric-deletion search); an unknown word whose own strings with up to two letters dropped meet a
// form's, within two edits of it (editDistance), is read as the nearest such form (ties: the more
// frequent), unless a far more frequent English word one edit away explains it (as costlyAnagram). A word
// written with a capital is left to the other readings: a name opening a sentence ("Quintus") is often
// two edits from some priced form (Brown's fiction: "Quintus" → "quantums" cost a passage 0.085).
/** Shortest priced form read through two edits: shorter words have too many neighbours two edits away. */
export const LONG_FORM = 8;
const TWO_EDITS = 2;
/** `word` and every string it becomes with up to `depth` letters dropped. */
function deletions(word: string, depth: number, into: Set<string>): Set<string> {
  into.add(word);
  if (depth > 0) for (let i = 0; i < word.length; i++) deletions(word.slice(0, i) + word.slice(i + 1), depth - 1, into);
  return into;
}
function deletionIndex(costly: CostlyWords): Map<string, string[]> {
  if (costly.byDeletions) return costly.byDeletions;
  const map = new Map<string, string[]>();
  for (const form of costly.forms) {
    if (form.length < LONG_FORM) continue;
    for (const d of deletions(form, TWO_EDITS, new Set())) {
      const list = map.get(d);
      if (list) list.push(form);
      else map.set(d, [form]);
    }
  }
  costly.byDeletions = map;
  return map;
}

/** The long priced form an unknown lower-cased word is two edits from (see above), or undefined. */
export function costlyTwoEdits(lower: string, costly: CostlyWords, known: (w: string) => boolean = isEnglishWord): string | undefined {
  if (lower.length < LONG_FORM - TWO_EDITS || !/^[a-z]+$/.test(lower)) return undefined;
  const index = deletionIndex(costly);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  // The most frequent priced form within two edits: a word must be far more frequent than it to explain the spelling better.
  let mostFrequent = 0;
  for (const d of deletions(lower, TWO_EDITS, new Set())) {
    for (const form of index.get(d) ?? []) {
      const distance = editDistance(lower, form, TWO_EDITS);
      if (distance > TWO_EDITS) continue;
      mostFrequent = Math.max(mostFrequent, wordFrequency(form));
      if (distance > bestDistance || (best !== undefined && distance === bestDistance && wordFrequency(form) <= wordFrequency(best))) continue;
      best = form;
      bestDistance = distance;
    }
  }
  if (best === undefined) return undefined;
  const rate = REAL_WORD_SLIP_RATIO * Math.max(mostFrequent, 2);
  for (const w of oneEditAway(lower)) if (wordFrequency(w) > rate && known(w)) return undefined;
  return best;
}

// Contractions written without their apostrophe, or with it moved or doubled (issue 36, battery 5:
// "dont", "didnt", "do'nt"): a reader reads "didnt" as "didn't", and the readings that count negations
// ("not X but Y", frames) must too (dropping them hid +0.9 negation frames per 1,000 words on the tuning
// slice). The forms are the common-English list's contractions (./data/common-english.json): every form
// ending in n't, 're, 've, 'll, 'd or 'm, and the 's forms of function words ("it's", "that's"; not a
// possessive such as "man's"). A form's letters without apostrophes are read as the form when they are no
// word; where they are a word ("cant", "its", "well", "were", "shell", "ill"), by context: an n't form
// after a word the list's other forms attach to ("I cant", not "his wont"), an 's form before a determiner, pronoun or negation ("its a",
// "its not": possessive "its" is followed by a noun phrase); the rest are read as written.
const CLITIC_END = /(?:n't|'re|'ve|'ll|'d|'m|'s)$/;
const CONTRACTIONS = once(() => {
  const byLetters = new Map<string, string>();
  for (const form of COMMON_ENGLISH) {
    const clitic = CLITIC_END.exec(form);
    if (clitic === null || (clitic[0] === "'s" && !isStopword(form.slice(0, clitic.index)))) continue;
    const letters = form.replace(/'/g, "");
    if (!byLetters.has(letters)) byLetters.set(letters, form);
  }
  return byLetters;
});
/** The words the list's 're, 've, 'll, 'd, 'm and 's forms attach to ("i", "you", "they", "that"): subjects, never a possessive ("his wont"). */
const CONTRACTION_HOSTS = once(() => new Set([...CONTRACTIONS().values()].flatMap((form) => (form.endsWith("n't") ? [] : [form.slice(0, form.indexOf("'"))]))));
/** Each contraction by its letters without apostrophes ("dont" → "don't"), derived as above. */
export function contractionsByLetters(): ReadonlyMap<string, string> {
  return CONTRACTIONS();
}
const APOSTROPHES_G = /['’]/g;
const PREVIOUS_WORD = /(\p{L}+)[^\p{L}\n.!?]*$/u;
const NEXT_WORD = /^[^\p{L}\n.!?]*?(\p{L}+)/u;
const flagsOf = (w: string): number => classify(w, w);

/** The contraction the word text[at, end) writes without (or with a misplaced) apostrophe, cased as written, or undefined. */
function readContraction(text: string, at: number, end: number, word: string, lower: string): string | undefined {
  const marked = lower.includes("'") || lower.includes("’");
  const letters = marked ? lower.replace(APOSTROPHES_G, "") : lower;
  const form = CONTRACTIONS().get(letters);
  if (form === undefined || form === lower.replace(/’/g, "'")) return undefined;
  // A misplaced apostrophe says a contraction was meant ("do'nt", "i'ts"), unless the token is a word as written ("o'clock").
  if (!marked && isEnglishWord(letters)) {
    if (form.endsWith("n't")) {
      const previous = PREVIOUS_WORD.exec(text.slice(Math.max(0, at - 24), at));
      if (previous === null || !CONTRACTION_HOSTS().has(previous[1].toLowerCase())) return undefined;
    } else if (form.endsWith("'s")) {
      const next = NEXT_WORD.exec(text.slice(end, end + 24));
      if (next === null || (flagsOf(next[1].toLowerCase()) & (WORD_DETERMINER | WORD_NEGATION | WORD_PRONOUN)) === 0) return undefined;
    } else return undefined;
  } else if (marked && inWordTable(lower.replace(/’/g, "'"))) return undefined;
  // Two capitals are an abbreviation ("ID", "IM"), not "I'd".
  if (letters.length <= 2 && word === word.toUpperCase()) return undefined;
  return caseLike(form, word.replace(APOSTROPHES_G, ""));
}

export interface NonWords {
  /** Words of two or more letters counted. */
  words: number;
  /** Of those, words that are neither English, a name, nor the prompt's. */
  nonWords: number;
  /** nonWords / words (0 for a reply without words). */
  share: number;
  /** Of the non-words, words that mix Latin letters with another script's ("crאcked"). */
  mixed: number;
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

/**
 * The share the non-words factor prices. A word mixing Latin letters with another script's is a disguise
 * no human text in the shared corpora holds (bench/studies/prose-nonwords.ts: none in 2,519 Gutenberg,
 * Brown and HANNA passages), so it is never free: each counts beyond the free share.
 */
export function pricedNonWordShare(c: NonWords, o: NonWordPrice): number {
  return c.mixed > 0 ? Math.max(c.share, o.free) + c.mixed / c.words : c.share;
}

/**
 * A letter no English or European national alphabet writes: a letter of a script other than Latin (Common
 * and Inherited aside), or a Latin letter beyond Latin-1 and Latin Extended-A (U+00C0–U+017F: æ ø ß ð þ ł
 * œ …) that does not decompose to an ASCII base (IPA "ɐ", phonetic "ᵫ", Latin Extended-B to -G "ꞵ").
 */
const FOREIGN_LETTER = /(?![\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}])\p{L}|(?![\u00c0-\u017f])(?=\p{Script=Latin})[^\x00-\x7f]/u;
const ASCII_LETTER_IN = /[A-Za-z]/;
const NON_ASCII = /[^\x00-\x7f]/;
/** Whether a word holds an ASCII letter and a letter no English or European alphabet writes (FOREIGN_LETTER). */
export const mixesScripts = (word: string): boolean => NON_ASCII.test(word) && ASCII_LETTER_IN.test(word) && FOREIGN_LETTER.test(word);

/** Sentence starts: nothing but quotes, brackets and spaces between the word and a full stop or the start of a line. */
const SENTENCE_START = /(?:^|[.!?…:]|\n)[\s"'“”‘’«»()[\]*_—–-]*$/;
const opensSentence = (text: string, at: number): boolean => SENTENCE_START.test(text.slice(Math.max(0, at - 12), at));

/**
 * The reply's non-words: words of two or more letters that are not English (isEnglishWord), not the
 * prompt's own (`promptWords`, lower-cased), and not a name (a capitalized word that does not open a
 * sentence).
 */
export function countNonWords(text: string, promptWords: ReadonlySet<string>, known: (w: string) => boolean = isEnglishWord, ids?: WordIds): NonWords {
  ids?.startRow();
  let words = 0;
  let nonWords = 0;
  let mixed = 0;
  const examples: string[] = [];
  // WORD_G's matches, scanned by hand (wordEnd).
  for (let at = 0, end = 0; at < text.length; at = end) {
    if (!letterAt(text, at, false)) {
      end = at + unitsAt(text, at);
      continue;
    }
    end = wordEnd(text, at);
    if (end - at < 2) continue;
    words++;
    // `ids` (the engine's word table, given when `known` is isEnglishWord): no slice, lower-casing or string look-up for a word met before.
    const id = ids ? ids.idOf(text, at, end) : -1;
    const word = ids ? ids.written[id] : text.slice(at, end);
    const lower = ids ? ids.lower[id] : word.toLowerCase();
    if ((ids ? ids.english(id) : known(lower)) || promptWords.has(lower) || promptWords.has(lower.replace(/['’]s$/, ""))) continue;
    const mixing = mixesScripts(word);
    if (!mixing && UPPER.test(word) && !opensSentence(text, at)) continue;
    if (mixing) mixed++;
    nonWords++;
    if (examples.length < 5) examples.push(word);
  }
  return { words, nonWords, share: words ? nonWords / words : 0, mixed, examples };
}
