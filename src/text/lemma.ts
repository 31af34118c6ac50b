// Lemmatization / tense normalisation (SPEC §3, seed 002: "drops" and "dropped" both become "drop").
// The rules and irregular forms are WordNet's morphy as packaged by wink-lemmatizer (MIT): verb first
// (so "ran" → "run", "dropping" → "drop"), then noun ("eyes" → "eye"), then adjective ("happier" →
// "happy"). Part of speech is not tagged, so a word that is both ("building") takes its verb lemma.
// Lookups are memoized in a Map, so after the first sight of a form a lemma costs one hash lookup;
// the memo is bounded so adversarial vocabularies cannot grow it without limit.
import { createRequire } from "node:module";

interface WinkLemmatizer {
  verb(w: string): string;
  noun(w: string): string;
  adjective(w: string): string;
}

const wink = createRequire(import.meta.url)("wink-lemmatizer") as WinkLemmatizer;

const MEMO_LIMIT = 200_000;
const memo = new Map<string, string>();

/** Words the rules get wrong without a tagger, fixed by hand. A Map, so "constructor" is just a word. */
const OVERRIDES: ReadonlyMap<string, string> = new Map(
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

function compute(word: string): string {
  const override = OVERRIDES.get(word);
  if (override !== undefined) return override;
  if (word.length < 3 || !/^[a-z][a-z'-]*$/.test(word)) return word;
  const verb = asLemma(wink.verb(word), word);
  if (verb !== word) return verb;
  const noun = asLemma(wink.noun(word), word);
  if (noun !== word) return noun;
  return asLemma(wink.adjective(word), word);
}

/** Base form of a lowercase English word: `lemma("dropped")` → "drop"; unknown words come back unchanged. */
export function lemma(word: string): string {
  const hit = memo.get(word);
  if (hit !== undefined) return hit;
  const lower = word.toLowerCase();
  const result = lower === word ? compute(word) : lemma(lower);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(word, result);
  return result;
}
