// The prose stack's word table: every lower-cased surface form is looked up once and cached with its
// lemma id and word-class flags, so the hot scanning loop does one Map lookup per word and then works
// on integers. The lemma (part-of-speech-aware, ./pos-lemma.ts) and stopword decisions come from this
// folder's shared normalization; this file only memoizes them per word form, which is what makes a
// full lemmatizer affordable at scoring speed.
import { posLemma } from "./pos-lemma.js";
import { isStopword } from "./stopwords.js";
import { isCommonEnglish } from "./english.js";

export const WORD_CONTENT = 1;
export const WORD_NEGATION = 2;
export const WORD_PRONOUN = 4;
/** Among the common-English words of the language gate. */
export const WORD_COMMON = 8;
/** An article, demonstrative or quantifier: the grammar a noun needs, not a habit of style. */
export const WORD_DETERMINER = 16;

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
  private readonly surfaceIndex = new Map<string, number>();
  // The same surface ids in an open-addressing table keyed by a hash of the UTF-16 code units, so the
  // scanner can look a word up where it lies in the text, without slicing a string or hashing it twice.
  private table = new Int32Array(1 << 16).fill(-1);
  private readonly surfaceHash: number[] = [];
  private readonly lemmaIndex = new Map<string, number>();
  /** Lemma string by lemma id. */
  readonly lemmas: string[] = [];
  /** By surface id: lemma id and flags. */
  readonly surfaceLemma: number[] = [];
  readonly surfaceFlags: number[] = [];
  readonly surfaces: string[] = [];

  /** Surface id of a lower-cased word (apostrophes already folded to '). */
  surface(word: string): number {
    const known = this.surfaceIndex.get(word);
    if (known !== undefined) return known;
    const id = this.surfaces.length;
    this.surfaceIndex.set(word, id);
    this.surfaces.push(word);
    this.insertHashed(id, hashRange(word, 0, word.length));
    const base = lemmaOf(word);
    this.surfaceLemma.push(this.lemmaId(base));
    this.surfaceFlags.push(classify(word, base));
    return id;
  }

  /** Surface id of text.slice(start, end), which must already be lower-cased with apostrophes folded. */
  surfaceIn(text: string, start: number, end: number): number {
    const id = this.findIn(text, start, end);
    return id >= 0 ? id : this.surface(text.slice(start, end));
  }

  /** As surfaceIn, with `raw` the hashStep fold of its code units from HASH_SEED (taken while reading them). */
  surfaceHashed(text: string, start: number, end: number, raw: number): number {
    const id = this.findHashed(text, start, end, finishHash(raw));
    return id >= 0 ? id : this.surface(text.slice(start, end));
  }

  /** As surfaceIn, but -1 for a word never seen (nothing is added). */
  findIn(text: string, start: number, end: number): number {
    return this.findHashed(text, start, end, hashRange(text, start, end));
  }

  private findHashed(text: string, start: number, end: number, hash: number): number {
    const mask = this.table.length - 1;
    const length = end - start;
    for (let k = hash & mask; ; k = (k + 1) & mask) {
      const id = this.table[k];
      if (id < 0) return -1;
      if (this.surfaceHash[id] !== hash) continue;
      const s = this.surfaces[id];
      if (s.length !== length) continue;
      let same = true;
      for (let c = 0; c < length; c++) {
        if (s.charCodeAt(c) !== text.charCodeAt(start + c)) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
  }

  private insertHashed(id: number, hash: number): void {
    this.surfaceHash[id] = hash;
    if (2 * this.surfaces.length > this.table.length) {
      this.table = new Int32Array(this.table.length * 2).fill(-1);
      for (let other = 0; other < id; other++) this.place(other, this.surfaceHash[other]);
    }
    this.place(id, hash);
  }

  private place(id: number, hash: number): void {
    const mask = this.table.length - 1;
    let k = hash & mask;
    while (this.table[k] >= 0) k = (k + 1) & mask;
    this.table[k] = id;
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

/** FNV-1a over UTF-16 code units, folded to a small integer whose low bits (the table index) depend on every unit. */
export const HASH_SEED = 0x811c9dc5;
export const hashStep = (h: number, unit: number): number => Math.imul(h ^ unit, 0x01000193);
const finishHash = (h: number): number => (h ^ (h >>> 15)) & 0x3fffffff;

function hashRange(text: string, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) h = hashStep(h, text.charCodeAt(i));
  return finishHash(h);
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
  if (PERSONAL_PRONOUNS.has(word)) flags |= WORD_PRONOUN;
  else if (!isStopword(word) && !isStopword(base) && word.length > 1 && !/^\d+$/.test(word) && !word.includes("'")) flags |= WORD_CONTENT;
  return flags;
}
