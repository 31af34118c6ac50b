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
    const base = lemmaOf(word);
    this.surfaceLemma.push(this.lemmaId(base));
    this.surfaceFlags.push(classify(word, base));
    return id;
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
