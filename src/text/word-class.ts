// What the word table (./lexicon.ts) records for a lower-cased word form on its first sight: its lemma
// and its word-class flags. Both depend on the form and this folder's shipped lists alone, so they are
// computed here once per form, and the shipped word-form table (./word-table.ts) records them at pack
// time for the forms of this folder's own word lists (scripts/build-word-table.mjs reads this file).
import { posLemma } from "./pos-lemma.js";
import { isStopword } from "./stopwords.js";
import { isCommonEnglish } from "./english.js";
import { shippedWordTable, type WordTable } from "./word-table.js";

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

/** The words the flags above name, for the shipped word-form table's list of forms. */
export const CLASSED_WORDS: readonly string[] = [...ABBREVIATIONS, ...PERSONAL_PRONOUNS, ...DETERMINERS, "not", "never"];

/** The lemma the word table gives a form (`forms`: the word-form table lemma reads, see ./lemma.ts). */
export function lemmaOf(word: string, forms: WordTable | null = shippedWordTable()): string {
  // Contractions keep their surface form: "didn't" is a negation marker, not a verb to lemmatize.
  if (word.includes("'")) return word;
  if (/\d/.test(word)) return word;
  return posLemma(word, forms);
}

/** The WORD_* flags of a form whose lemma (lemmaOf) is `base` (`forms`: the word-form table isStopword reads). */
export function classify(word: string, base: string, forms: WordTable | null = shippedWordTable()): number {
  let flags = 0;
  if (word === "not" || word === "never" || word.endsWith("n't")) flags |= WORD_NEGATION;
  if (isCommonEnglish(word)) flags |= WORD_COMMON;
  if (DETERMINERS.has(word)) flags |= WORD_DETERMINER;
  if (ABBREVIATIONS.has(word) || (word.length === 1 && word !== "i" && word !== "a")) flags |= WORD_ABBREVIATION;
  if (PERSONAL_PRONOUNS.has(word)) flags |= WORD_PRONOUN;
  // The cheap tests first, and one stopword look-up for a form that is its own lemma (most forms): each
  // look-up lower-cases and lemmatizes again, and every form pays this once, on first sight.
  else if (word.length > 1 && !word.includes("'") && !isStopword(word, forms) && (base === word || !isStopword(base, forms)) && !/^\d+$/.test(word)) flags |= WORD_CONTENT;
  return flags;
}
