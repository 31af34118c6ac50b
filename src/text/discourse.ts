// Discourse words (issue 36): the closed-class words a sentence can lead or trail with that carry no
// narration — interjections ("oh", "alas"), conjunctions ("and", "however") and discourse adverbs
// ("well", "so", "indeed", and any adverb in -ly) — from compromise's English lexicon by part of speech,
// and the verbs of asides ("you see", "I mean") from WordNet's verb classes (data/discourse-words.json,
// built by scripts/build-discourse-words.mjs), not a hand list.
import { readFileSync } from "node:fs";
import { once } from "../core/once.js";

interface DiscourseFile {
  source: string;
  classes: Record<string, string[]>;
  phrases: Record<string, string[]>;
  parentheticalVerbs: string[];
  degreeAdverbs: string[];
  lightVerbs: string[];
}

const file = once((): DiscourseFile => JSON.parse(readFileSync(new URL("./data/discourse-words.json", import.meta.url), "utf8")) as DiscourseFile);
const discourseWords = once((): ReadonlySet<string> => new Set(Object.values(file().classes).flat()));
const discoursePhrases = once((): ReadonlySet<string> => new Set(Object.values(file().phrases).flat()));

/** Words joined by single spaces, lower-cased, are a discourse phrase of the lexicon ("of course", "at least"). */
export function isDiscoursePhrase(words: string): boolean {
  return discoursePhrases().has(words);
}
const parentheticalVerbs = once((): ReadonlySet<string> => new Set(file().parentheticalVerbs));

/** A verb lemma a speaker turns into an aside after a pronoun ("you see", "I mean", "I guess"): WordNet cognition and perception verbs. */
export function isParentheticalVerb(lemma: string): boolean {
  return parentheticalVerbs().has(lemma);
}

/** A lower-cased word is an interjection, a conjunction or a discourse adverb (an -ly adverb of 5+ letters included). */
export function isDiscourseWord(word: string): boolean {
  return discourseWords().has(word) || (word.length > 4 && word.endsWith("ly"));
}

const degreeAdverbs = once((): ReadonlySet<string> => new Set(file().degreeAdverbs));

/** A lower-cased word is a WordNet adverb of degree or emphasis ("very", "quite", "truly", "somewhat", "just"). */
export function isDegreeAdverb(word: string): boolean {
  return degreeAdverbs().has(word);
}

/** WordNet's multi-word hedges ("sort of", "kind of", "a bit", "in a way", "so to speak"), each lower-cased, words joined by single spaces. */
export function hedgePhrases(): readonly string[] {
  return file().phrases.Hedge ?? [];
}

const lightVerbs = once((): ReadonlySet<string> => new Set(file().lightVerbs));

/** A verb lemma whose first WordNet sense is stative or of communication ("matter", "remain", "say"): with a pronoun, an empty tail. */
export function isLightVerb(lemma: string): boolean {
  return lightVerbs().has(lemma);
}
