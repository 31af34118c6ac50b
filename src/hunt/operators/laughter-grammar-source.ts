// Derives the laughter grammar's terminals (laughter.ts) from the packages it names: Unicode's emoji
// annotations in every locale emojibase-data ships, and WordNet 3.1's laugh verbs and lemma index.
// Run at build time (`npm run build:hunt-grammar` writes laughter-grammar.json); the hunt reads the
// shipped file, and test/hunt checks it equals this derivation.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { wordnetLaughLemmas } from "../../models/embedded/laughter-source.js";
import { isLemma, synonyms } from "../wordnet.js";

const require = createRequire(import.meta.url);
const emojibaseRoot = dirname(require.resolve("emojibase-data/package.json"));

interface EmojiEntry {
  emoji: string;
  hexcode: string;
  group?: number;
  tags?: string[];
  emoticon?: string | string[];
}

const readLocale = (locale: string) => JSON.parse(readFileSync(join(emojibaseRoot, locale, "data.json"), "utf8")) as EmojiEntry[];

export interface LaughterGrammar {
  syllables: string[];
  words: string[];
  foreign: string[];
  emoji: string[];
  emoticons: string[];
  actions: string[];
  /** WordNet's laugh lemmas (laugh, its direct hyponyms) and amuse lemmas (amuse and its synonyms). */
  lemmas: string[];
  /** Each lemma's inflections and derivations, by lemma (third person, past, gerund, agent, adverb, adjective). */
  forms: Record<string, LaughForms>;
}

export interface LaughForms {
  third: string;
  past: string;
  gerund: string;
  derived: string[];
}

/** English inflection and derivation by rule (e-drop, y → i, sibilant -es). */
export function laughForms(lemma: string): LaughForms {
  const stem = /[^e]e$/.test(lemma) ? lemma.slice(0, -1) : lemma;
  const third = /(s|sh|ch|x|z)$/.test(lemma) ? `${lemma}es` : /[^aeiou]y$/.test(lemma) ? `${lemma.slice(0, -1)}ies` : `${lemma}s`;
  const past = /e$/.test(lemma) ? `${lemma}d` : /[^aeiou]y$/.test(lemma) ? `${lemma.slice(0, -1)}ied` : `${lemma}ed`;
  const gerund = `${stem}ing`;
  return { third, past, gerund, derived: [`${stem}er`, `${gerund}ly`, `${stem}able`, `${past}ly`, `${lemma}ment`] };
}

/** The amuse lemmas: "amuse", "amusement", "amused" and their WordNet synonyms (first two senses). */
export function wordnetAmuseLemmas(): string[] {
  return [...new Set(["amuse", "amusement", "amused", ...synonyms("amuse"), ...synonyms("amusement"), ...synonyms("amused")])].sort();
}

/** The grammar's terminals, all generated from the sources named above. */
export function deriveLaughterGrammar(): LaughterGrammar {
  const en = readLocale("en");
  const laughing = en.filter((e) => e.tags?.includes("laugh"));
  const hex = new Set(laughing.map((e) => e.hexcode));
  const tagCount = new Map<string, number>();
  for (const e of en.filter((x) => x.group === 0)) for (const t of new Set(e.tags)) tagCount.set(t, (tagCount.get(t) ?? 0) + 1);
  const words = [...tagCount]
    .filter(([t, n]) => n >= 2 && /^[a-z]+$/.test(t) && !isLemma(t) && !isLemma(t.replace(/(s|ing|ed)$/, "")))
    .map(([t]) => t)
    .sort();
  const foreign = new Set<string>();
  for (const locale of readdirSync(emojibaseRoot).filter((d) => d !== "en" && d !== "en-gb" && d !== "meta" && d !== "versions")) {
    let data: EmojiEntry[];
    try {
      data = readLocale(locale);
    } catch {
      continue;
    }
    for (const e of data) if (hex.has(e.hexcode)) for (const t of e.tags ?? []) if (!/\s/.test(t) && !isLemma(t)) foreign.add(t);
  }
  const syllables = ["h", "j", "k", "x"].flatMap((c) => ["a", "e", "i", "o"].map((v) => c + v));
  const emoticons = new Set<string>();
  for (const e of en) for (const s of e.emoticon === undefined ? [] : Array.isArray(e.emoticon) ? e.emoticon : [e.emoticon]) emoticons.add(s);
  const lemmas = [...new Set([...wordnetLaughLemmas(), ...wordnetAmuseLemmas()])].sort();
  const actions = wordnetLaughLemmas().flatMap((v) => [`${v}s`, v.endsWith("e") ? `${v.slice(0, -1)}ing` : `${v}ing`]);
  return {
    syllables,
    words,
    foreign: [...foreign].sort(),
    emoji: en.filter((e) => e.group === 0).map((e) => e.emoji),
    emoticons: [...emoticons],
    actions: [...new Set(actions)],
    lemmas,
    forms: Object.fromEntries(lemmas.map((l) => [l, laughForms(l)])),
  };
}
