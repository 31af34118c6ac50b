// The prose stack's word table: every lower-cased surface form is looked up once and cached with its
// lemma id and word-class flags, so the hot scanning loop does one Map lookup per word and then works
// on integers. The lemma (part-of-speech-aware, ./pos-lemma.ts) and stopword decisions come from this
// folder's shared normalization; this file only memoizes them per word form, which is what makes a
// full lemmatizer affordable at scoring speed.
import { posLemma } from "./pos-lemma.js";
import { isStopword } from "./stopwords.js";
import { isCommonEnglish } from "./english.js";
import { foldUnit } from "./fold.js";

export const WORD_CONTENT = 1;
export const WORD_NEGATION = 2;
export const WORD_PRONOUN = 4;
/** Among the common-English words of the language gate. */
export const WORD_COMMON = 8;
/** An article, demonstrative or quantifier: the grammar a noun needs, not a habit of style. */
export const WORD_DETERMINER = 16;
/** A word whose following "." does not end a sentence: a title or short abbreviation ("mr", "etc") or a single letter other than "i" and "a" (an initial). */
export const WORD_ABBREVIATION = 32;

const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "st", "mt", "jr", "sr", "vs", "etc", "prof", "capt", "gen", "lt", "col", "sgt"]);

const PERSONAL_PRONOUNS = new Set(
  "i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself we us our ours ourselves they them their theirs themselves".split(" "),
);

const DETERMINERS = new Set("the a an this that these those some any each every no another such".split(" "));

export interface WordInfo {
  lemma: number;
  flags: number;
}

/** Interns surface forms and lemmas to small integers; one instance is shared by a dictionary and its scorer. */
export class Lexicon {
  // Surface ids in an open-addressing table keyed by a hash of the UTF-16 code units, so the scanner can
  // look a word up where it lies in the text, without slicing a string or hashing it twice. A string is
  // looked up the same way (no Map beside it: one more insert per new form, and 50,000 entries for the
  // collector to mark, for look-ups made only when a dictionary is compiled).
  // A slot holds the id, the hash, and where the word's code units lie in one flat array, so a lookup
  // reads two places in memory (the slot and the units) rather than the id's hash, string and characters.
  // Both tables are replaced as they grow. Stored twice on construction, so V8 takes the fields as
  // mutable from the start: a field stored once is taken as a constant by the code compiled against it,
  // and its first replacement in mid-run threw away the compiled scanner and every caller.
  private slots = EMPTY_SLOTS;
  private units = EMPTY_UNITS;
  private unitsUsed = 0;
  private readonly lemmaIndex = new Map<string, number>();
  /** Lemma string by lemma id. */
  readonly lemmas: string[] = [];
  /** By surface id: lemma id and flags. */
  readonly surfaceLemma: number[] = [];
  readonly surfaceFlags: number[] = [];
  readonly surfaces: string[] = [];

  constructor() {
    this.slots = new Int32Array(SLOT << 16).fill(-1);
    this.units = new Uint16Array(1 << 18);
  }

  /** Surface id of a lower-cased word (apostrophes already folded to '). */
  surface(word: string): number {
    const hash = hashRange(word, 0, word.length);
    const id = this.findHashed(word, 0, word.length, hash);
    return id >= 0 ? id : this.add(word, hash);
  }

  /** Surface id of text.slice(start, end), which must already be lower-cased with apostrophes folded. */
  surfaceIn(text: string, start: number, end: number): number {
    const hash = hashRange(text, start, end);
    const id = this.findHashed(text, start, end, hash);
    return id >= 0 ? id : this.add(compactSlice(text, start, end), hash);
  }

  /**
   * Surface id of the fold (./fold.ts) of text.slice(start, end), which need not be lower-cased yet, with
   * `raw` the hashStep fold of its folded code units from HASH_SEED (taken while the scanner read them).
   */
  surfaceFolding(text: string, start: number, end: number, raw: number): number {
    const hash = finishHash(raw);
    const id = this.findFolding(text, start, end, hash);
    return id >= 0 ? id : this.add(foldedSlice(text, start, end), hash);
  }

  /** As surfaceIn, but -1 for a word never seen (nothing is added). */
  findIn(text: string, start: number, end: number): number {
    return this.findHashed(text, start, end, hashRange(text, start, end));
  }

  /** A form not in the table, with its hash: interned, lemmatized and classified, once per form. */
  private add(word: string, hash: number): number {
    const id = this.surfaces.length;
    this.surfaces.push(word);
    this.insertHashed(id, word, hash);
    const base = lemmaOf(word);
    this.surfaceLemma.push(this.lemmaId(base));
    this.surfaceFlags.push(classify(word, base));
    return id;
  }

  private findHashed(text: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const units = this.units;
    const mask = (slots.length >> SLOT_SHIFT) - 1;
    const length = end - start;
    for (let k = hash & mask; ; k = (k + 1) & mask) {
      const at = k << SLOT_SHIFT;
      const id = slots[at];
      if (id < 0) return -1;
      if (slots[at + 1] !== hash || slots[at + 3] !== length) continue;
      const from = slots[at + 2] - start;
      let c = start;
      while (c < end && units[from + c] === text.charCodeAt(c)) c++;
      if (c === end) return id;
    }
  }

  /**
   * findHashed, comparing the stored units with the folds of text's units. A loop of its own, not a
   * flag of findHashed's: the scan's look-up runs once per word, and a per-unit branch would cost there.
   */
  private findFolding(text: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const units = this.units;
    const mask = (slots.length >> SLOT_SHIFT) - 1;
    const length = end - start;
    for (let k = hash & mask; ; k = (k + 1) & mask) {
      const at = k << SLOT_SHIFT;
      const id = slots[at];
      if (id < 0) return -1;
      if (slots[at + 1] !== hash || slots[at + 3] !== length) continue;
      const from = slots[at + 2] - start;
      let c = start;
      while (c < end && units[from + c] === foldUnit(text.charCodeAt(c))) c++;
      if (c === end) return id;
    }
  }

  private insertHashed(id: number, word: string, hash: number): void {
    if (this.unitsUsed + word.length > this.units.length) {
      const grown = new Uint16Array(Math.max(this.units.length * 2, this.unitsUsed + word.length));
      grown.set(this.units);
      this.units = grown;
    }
    const offset = this.unitsUsed;
    for (let c = 0; c < word.length; c++) this.units[offset + c] = word.charCodeAt(c);
    this.unitsUsed += word.length;
    if (2 * (id + 1) > this.slots.length >> SLOT_SHIFT) {
      const old = this.slots;
      this.slots = new Int32Array(old.length * 2).fill(-1);
      for (let at = 0; at < old.length; at += SLOT) if (old[at] >= 0) this.place(old[at], old[at + 1], old[at + 2], old[at + 3]);
    }
    this.place(id, hash, offset, word.length);
  }

  private place(id: number, hash: number, offset: number, length: number): void {
    const mask = (this.slots.length >> SLOT_SHIFT) - 1;
    let k = hash & mask;
    while (this.slots[k << SLOT_SHIFT] >= 0) k = (k + 1) & mask;
    const at = k << SLOT_SHIFT;
    this.slots[at] = id;
    this.slots[at + 1] = hash;
    this.slots[at + 2] = offset;
    this.slots[at + 3] = length;
  }

  lemmaId(lemmaText: string): number {
    const known = this.lemmaIndex.get(lemmaText);
    if (known !== undefined) return known;
    const id = this.lemmas.length;
    this.lemmaIndex.set(lemmaText, id);
    this.lemmas.push(lemmaText);
    return id;
  }

  /** Lemma id of a word or lemma string, or -1 when it has never been seen. */
  findLemma(lemmaText: string): number {
    return this.lemmaIndex.get(lemmaText) ?? -1;
  }

  /** Lemma id for a free-standing word, as the scanner would see it. */
  lemmaOfWord(word: string): number {
    return this.surfaceLemma[this.surface(word.toLowerCase().replace(/’/g, "'"))];
  }
}

/** FNV-1a over UTF-16 code units: the offset basis, one step per unit, then a fold to a small integer whose low bits (the table index) depend on every unit. */
export const HASH_SEED = 0x811c9dc5;
/** Int32s per slot of the lookup table: id, hash, offset and length of the word's code units. */
const SLOT_SHIFT = 2;
const SLOT = 1 << SLOT_SHIFT;
const EMPTY_SLOTS = new Int32Array(0);
const EMPTY_UNITS = new Uint16Array(0);
export const hashStep = (h: number, unit: number): number => Math.imul(h ^ unit, 0x01000193);
const finishHash = (h: number): number => (h ^ (h >>> 15)) & 0x3fffffff;

function hashRange(text: string, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) h = hashStep(h, text.charCodeAt(i));
  return finishHash(h);
}

/**
 * text.slice(start, end), as a one-byte string when every unit fits in one: a slice of a two-byte reply
 * (curly quotes make most replies two-byte) is two-byte itself, and each later lower-casing, lookup and
 * comparison of the stored form then takes V8's slower two-byte path. Same value either way.
 */
function compactSlice(text: string, start: number, end: number): string {
  let word = "";
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) return text.slice(start, end);
    word += String.fromCharCode(c);
  }
  return word;
}

/** The folded units of text.slice(start, end) as a string (one-byte when each fits in one, as compactSlice). */
function foldedSlice(text: string, start: number, end: number): string {
  let word = "";
  for (let i = start; i < end; i++) word += String.fromCharCode(foldUnit(text.charCodeAt(i)));
  return word;
}

function lemmaOf(word: string): string {
  // Contractions keep their surface form: "didn't" is a negation marker, not a verb to lemmatize.
  if (word.includes("'")) return word;
  if (/\d/.test(word)) return word;
  return posLemma(word);
}

function classify(word: string, base: string): number {
  let flags = 0;
  if (word === "not" || word === "never" || word.endsWith("n't")) flags |= WORD_NEGATION;
  if (isCommonEnglish(word)) flags |= WORD_COMMON;
  if (DETERMINERS.has(word)) flags |= WORD_DETERMINER;
  if (ABBREVIATIONS.has(word) || (word.length === 1 && word !== "i" && word !== "a")) flags |= WORD_ABBREVIATION;
  if (PERSONAL_PRONOUNS.has(word)) flags |= WORD_PRONOUN;
  // The cheap tests first, and one stopword look-up for a form that is its own lemma (most forms): each
  // look-up lower-cases and lemmatizes again, and every form pays this once, on first sight.
  else if (word.length > 1 && !word.includes("'") && !isStopword(word) && (base === word || !isStopword(base)) && !/^\d+$/.test(word)) flags |= WORD_CONTENT;
  return flags;
}
