// The word table as main had it at d521a54, before the shipped word-form table: every form lemmatized and
// classified on first sight, lemma ids keyed by string in a Map, lemmas and stopwords read through the
// lemma table (or computed by the rules where it does not apply). Ids are given in the order forms and
// lemmas are first asked for, as there. Kept for test/text/word-table.test.ts to compare the Lexicon
// with, on every form of generated and real texts: same ids, same lemmas, same flags. Plain strings and
// Maps in place of main's hash slots, which never decided an id or an answer.
import { COMMON_ENGLISH } from "../../src/text/english.js";
import { OVERRIDES, computeLemma } from "../../src/text/lemma.js";
import { shippedLemmaTable } from "../../src/text/lemma-table.js";
import { computePosLemma } from "../../src/text/pos-lemma.js";
import { STOPWORD_FORMS } from "../../src/text/stopwords.js";
import { WORD_ABBREVIATION, WORD_COMMON, WORD_CONTENT, WORD_DETERMINER, WORD_NEGATION, WORD_PRONOUN } from "../../src/text/word-class.js";

const STOPWORDS = new Set(STOPWORD_FORMS);
const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "st", "mt", "jr", "sr", "vs", "etc", "prof", "capt", "gen", "lt", "col", "sgt"]);
const PERSONAL_PRONOUNS = new Set("i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself we us our ours ourselves they them their theirs themselves".split(" "));
const DETERMINERS = new Set("the a an this that these those some any each every no another such".split(" "));

/** main's lemma(): the lemma table's answer, or the rules' where the table does not apply. */
export function referenceLemma(word: string): string {
  const lower = word.toLowerCase();
  if (lower !== word) return referenceLemma(lower);
  const table = shippedLemmaTable();
  if (table === null) return computeLemma(word);
  const override = OVERRIDES.get(word);
  if (override !== undefined) return override;
  return table.lemma(word) ?? word;
}

/** main's posLemma(). */
export function referencePosLemma(word: string): string {
  const base = referenceLemma(word);
  if (base === word) return word;
  const fromTable = shippedLemmaTable()?.posLemma(word);
  return fromTable !== undefined ? fromTable : computePosLemma(word, base);
}

/** main's isStopword(). */
export function referenceIsStopword(w: string): boolean {
  const lower = w.toLowerCase();
  const folded = lower.includes("’") ? lower.replaceAll("’", "'") : lower;
  return STOPWORDS.has(folded) || STOPWORDS.has(referenceLemma(folded));
}

function lemmaOf(word: string): string {
  if (word.includes("'")) return word;
  if (/\d/.test(word)) return word;
  return referencePosLemma(word);
}

function classify(word: string, base: string): number {
  let flags = 0;
  if (word === "not" || word === "never" || word.endsWith("n't")) flags |= WORD_NEGATION;
  if (COMMON_ENGLISH.has(word.toLowerCase())) flags |= WORD_COMMON;
  if (DETERMINERS.has(word)) flags |= WORD_DETERMINER;
  if (ABBREVIATIONS.has(word) || (word.length === 1 && word !== "i" && word !== "a")) flags |= WORD_ABBREVIATION;
  if (PERSONAL_PRONOUNS.has(word)) flags |= WORD_PRONOUN;
  else if (word.length > 1 && !word.includes("'") && !referenceIsStopword(word) && (base === word || !referenceIsStopword(base)) && !/^\d+$/.test(word)) flags |= WORD_CONTENT;
  return flags;
}

/** main's Lexicon, by what it answers (the methods test/text/scan-reference.ts and the terms call). */
export class ReferenceLexicon {
  private readonly surfaceIndex = new Map<string, number>();
  private readonly lemmaIndex = new Map<string, number>();
  readonly lemmas: string[] = [];
  readonly surfaceLemma: number[] = [];
  readonly surfaceFlags: number[] = [];
  readonly surfaces: string[] = [];

  surface(word: string): number {
    const known = this.surfaceIndex.get(word);
    if (known !== undefined) return known;
    const id = this.surfaces.length;
    this.surfaces.push(word);
    this.surfaceIndex.set(word, id);
    const base = lemmaOf(word);
    this.surfaceLemma.push(this.lemmaId(base));
    this.surfaceFlags.push(classify(word, base));
    return id;
  }

  surfaceIn(text: string, start: number, end: number): number {
    return this.surface(text.slice(start, end));
  }

  findIn(text: string, start: number, end: number): number {
    return this.surfaceIndex.get(text.slice(start, end)) ?? -1;
  }

  lemmaId(lemmaText: string): number {
    const known = this.lemmaIndex.get(lemmaText);
    if (known !== undefined) return known;
    const id = this.lemmas.length;
    this.lemmaIndex.set(lemmaText, id);
    this.lemmas.push(lemmaText);
    return id;
  }

  findLemma(lemmaText: string): number {
    return this.lemmaIndex.get(lemmaText) ?? -1;
  }

  lemmaOfWord(word: string): number {
    return this.surfaceLemma[this.surface(word.toLowerCase().replace(/’/g, "'"))];
  }
}
