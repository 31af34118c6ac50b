// Lemmatization / tense normalisation (SPEC §3, seed 002: "drops" and "dropped" both become "drop").
// The rules and irregular forms are WordNet's morphy as packaged by wink-lemmatizer (MIT): verb first
// (so "ran" → "run", "dropping" → "drop"), then noun ("eyes" → "eye"), then adjective ("happier" →
// "happy"). Part of speech is not tagged, so a word that is both ("building") takes its verb lemma.
// The answers for every form the rules change are shipped in a table built at pack time
// (./lemma-table.ts), so a lemma costs a look-up in the shipped word-form table (and, for a form it
// holds, in the lemma table), and the rules and their 2.7 MB lexicon are loaded only when that table
// does not apply. No memo: the Lexicon keeps each form's lemma for the scorer that owns it.
import { createRequire } from "node:module";
import { shippedLemmaTable } from "./lemma-table.js";
import { hashRange } from "./word-hash.js";
import { shippedWordTable, type WordTable } from "./word-table.js";
import { once } from "../core/once.js";

interface WinkLemmatizer {
  verb(w: string): string;
  noun(w: string): string;
  adjective(w: string): string;
}

const wink = once(() => createRequire(import.meta.url)("wink-lemmatizer") as WinkLemmatizer);

/** Words the rules get wrong without a tagger, fixed by hand. A Map, so "constructor" is just a word. */
export const OVERRIDES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    "'s": "'s", as: "as", us: "us", this: "this", his: "his", was: "be", does: "do", news: "news",
    evening: "evening", morning: "morning", during: "during", nothing: "nothing", something: "something",
    anything: "anything", everything: "everything", thing: "thing", things: "thing", ceiling: "ceiling",
  }),
);

// wink-lemmatizer keeps its exception tables in plain objects, so inherited names ("constructor",
// "__proto__") come back as functions or objects: only a string answer is a lemma.
function asLemma(candidate: unknown, word: string): string {
  return typeof candidate === "string" && candidate !== "" ? candidate : word;
}

/** The rules' lemma of a lower-case word, computed (no table, no memo): what the shipped table records. */
export function computeLemma(word: string): string {
  const override = OVERRIDES.get(word);
  if (override !== undefined) return override;
  if (word.length < 3 || !/^[a-z][a-z'-]*$/.test(word)) return word;
  const verb = asLemma(wink().verb(word), word);
  if (verb !== word) return verb;
  const noun = asLemma(wink().noun(word), word);
  if (noun !== word) return noun;
  return asLemma(wink().adjective(word), word);
}

function compute(word: string, forms: WordTable | null): string {
  // The word-form table (./word-table.ts) holds every form of the lemma table, so a form it lacks
  // is its own lemma, and the lemma table (~50 ms a thread to read) is read only for a form it holds.
  if (forms !== null && forms.find(word, hashRange(word, 0, word.length)) < 0) return word;
  const table = shippedLemmaTable();
  if (table === null) return computeLemma(word);
  const override = OVERRIDES.get(word);
  if (override !== undefined) return override;
  // The table holds every form the rules change, so a form outside it is its own lemma.
  return table.lemma(word) ?? word;
}

/**
 * Base form of a lowercase English word: `lemma("dropped")` → "drop"; unknown words come back unchanged.
 * `forms`: the word-form table to take a form's absence from (null: none, the lemma table read).
 */
export function lemma(word: string, forms: WordTable | null = shippedWordTable()): string {
  return compute(word.toLowerCase(), forms);
}
