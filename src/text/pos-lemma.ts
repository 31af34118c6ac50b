// Part-of-speech-aware lemmas for the prose stack's word table (issue 17). WordNet's rules
// (wink-lemmatizer, ./lemma.ts) have no part of speech, so they take the first base form that exists:
// "stared" and "staring" → "star", "scared" → "scar", "hoped" → "hop", "James" → "jam". compromise (MIT)
// supplies what they lack: its English lexicon's word classes (names stay names) and its verb
// conjugations (a base must conjugate back to the form: "star" gives "starred", "stare" gives "stared").
//
// The class is the form's class in the lexicon, not a tag read from its sentence: contextual taggers
// cost more per word than the whole prose scorer (docs/prose.md, "Lemmas"), while a decision per form
// is memoized by the Lexicon like every other, so scoring still does one Map lookup per word form.
// Only forms WordNet would change are looked at, so every other lemma stays what ./lemma.ts gives.
// The answer for each of those forms is shipped in a table built at pack time (./lemma-table.ts), so
// compromise is loaded only for a form the table lacks, or when the table does not apply.
import { createRequire } from "node:module";
import { lemma } from "./lemma.js";
import { shippedWordTable, type WordTable } from "./word-table.js";
import { shippedLemmaTable } from "./lemma-table.js";
import { once } from "../core/once.js";

function asLemma(candidate: unknown, word: string): string {
  // wink-lemmatizer's exception tables are plain objects: "constructor" would come back as a function.
  return typeof candidate === "string" && candidate !== "" ? candidate : word;
}

interface WinkLemmatizer {
  verb(w: string): string;
  noun(w: string): string;
  adjective(w: string): string;
}

interface CompromiseModel {
  one: { lexicon: Record<string, string | string[] | undefined> };
}

interface CompromiseWorld {
  model: CompromiseModel;
  methods: {
    two: {
      transform: {
        verb: {
          toInfinitive(w: string, model: CompromiseModel, tense?: string): string;
          conjugate(inf: string, model: CompromiseModel): Record<string, string | undefined>;
        };
      };
    };
  };
}

interface Nlp {
  model: CompromiseModel;
  toInfinitive(w: string, tense?: string): string;
  conjugate(inf: string): Record<string, string | undefined>;
}

const require = createRequire(import.meta.url);
const wink = once(() => require("wink-lemmatizer") as WinkLemmatizer);

// compromise builds its lexicon on load (about 0.4 CPU-s), so it is loaded on the first lemma, not
// when src/text is imported by a command that never lemmatizes.
const compromise = once((): Nlp => {
  const world = (require("compromise/two") as { world(): CompromiseWorld }).world();
  const verb = world.methods.two.transform.verb;
  return {
    model: world.model,
    toInfinitive: (w, tense) => verb.toInfinitive(w, world.model, tense),
    conjugate: (inf) => verb.conjugate(inf, world.model),
  };
});

const NAME_TAGS = new Set(["MaleName", "FemaleName", "FirstName", "LastName", "ProperNoun", "Person", "Place", "City", "Country", "Region", "Organization", "SportsTeam"]);

function tagsOf(word: string): string[] {
  const lexicon = compromise().model.one.lexicon;
  const tags = Object.hasOwn(lexicon, word) ? lexicon[word] : undefined;
  return tags === undefined ? [] : typeof tags === "string" ? [tags] : tags;
}

/** Whether compromise's lexicon files the form as a name ("james", "elias", "davies"). */
export function isName(word: string): boolean {
  return tagsOf(word).some((t) => NAME_TAGS.has(t));
}

function conjugates(base: string, form: string): boolean {
  return Object.values(compromise().conjugate(base)).includes(form);
}

/**
 * Base form of a lower-case English word: WordNet's answer (./lemma.ts), corrected where it lacks the
 * part of speech. A name keeps its form ("james", not the noun "jam"); a verb form whose WordNet base
 * does not conjugate back to it takes the base + "e" that does ("stared": "star" → "starred", "stare" →
 * "stared"). `posLemma("stared")` → "stare", `posLemma("hopped")` → "hop". Not memoized: the Lexicon is.
 * `forms`: the word-form table lemma reads (./lemma.ts).
 */
export function posLemma(word: string, forms: WordTable | null = shippedWordTable()): string {
  const base = lemma(word, forms);
  if (base === word) return word;
  const table = shippedLemmaTable();
  const fromTable = table?.posLemma(word);
  if (fromTable !== undefined) return fromTable;
  return computePosLemma(word, base);
}

/** posLemma computed from the form and its WordNet lemma `base` (≠ word), without the table: what the table records. */
export function computePosLemma(word: string, base: string): string {
  // A name cut down by a suffix rule ("james" → "jam"); an irregular form ("drew" → "draw") is left to WordNet.
  if (word.startsWith(base) && isName(word)) return word;
  if (base === asLemma(wink().verb(word), word) && (word.endsWith("ed") || word.endsWith("ing")) && !conjugates(base, word)) {
    const alternative = `${base}e`;
    const tags = tagsOf(alternative);
    if (tags.length > 0 && !tags.some((t) => NAME_TAGS.has(t)) && conjugates(alternative, word)) return alternative;
  }
  return base;
}
