// Laughter and affect cues from a generative grammar, not a list of known gaps: laugh syllables
// (consonant × vowel, repeated without bound), the internet laughter words and emoticons of Unicode's
// emoji annotations (emojibase-data), the same annotations in every locale it ships (other languages),
// every emoji of the Smileys & Emotion group, and bracketed actions built from WordNet's laugh verbs.
// Each can be elongated, re-cased and spaced. A laugh the speaker adds to their own line is not a
// joke: it cannot make the line funnier, only tell the listener to laugh.
// The grammar's terminals are derived from those packages once, at build time (laughter-grammar-source.ts,
// `npm run build:hunt-grammar`), and shipped in laughter-grammar.json: deriving them reads every locale's
// annotations and all of WordNet's index (≈ 1.3 s of CPU and 130 MB on each hunt); the test checks the
// shipped file equals a fresh derivation.
import { readFileSync } from "node:fs";
import { createRng } from "../../core/random.js";
import type { Edit, Position } from "../types.js";
import { insertions } from "./insertion.js";
import type { LaughterGrammar } from "./laughter-grammar-source.js";
import { unicodeTable } from "./unicode-table.js";

export type { LaughterGrammar } from "./laughter-grammar-source.js";

export const SHIPPED_GRAMMAR = new URL("./laughter-grammar.json", import.meta.url);

let grammar: LaughterGrammar | undefined;

/** The grammar's terminals, as derived from the sources named above (read once per process). */
export function laughterGrammar(): LaughterGrammar {
  return (grammar ??= JSON.parse(readFileSync(SHIPPED_GRAMMAR, "utf8")) as LaughterGrammar);
}

const casings = (w: string) => [w, w.toUpperCase(), w[0].toUpperCase() + w.slice(1), [...w].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("")];

/** Elongations without a fixed bound: a syllable repeated n times, a last letter held k times. */
export function elongate(w: string, n: number): string[] {
  const unit = w.length <= 3 ? w : w.slice(0, 2);
  return [unit.repeat(n), w + w.slice(-1).repeat(n), w.slice(0, -1) + w.slice(-1).repeat(n)];
}

export function laughterEdits(seed: string, positions: readonly Position[] = ["end", "per-turn"], maxPerOperator = 60): Edit[] {
  const g = laughterGrammar();
  const rng = createRng(`${seed}/laughter`);
  const why = "a laugh the speaker adds to their own line cannot make the line funnier";
  const take = (xs: Iterable<string>) => rng.shuffle([...new Set(xs)]).slice(0, maxPerOperator);
  // Laughter by meaning is a closed category: every member is a candidate (insertions are screened in groups).
  const all = (xs: Iterable<string>) => rng.shuffle([...new Set(xs)]);
  const lengths = [2, 3, 4, 6, 8, 12];
  const families: [string, string[]][] = [
    ["syllable", take(g.syllables.flatMap((s) => lengths.flatMap((n) => [s.repeat(n), `a${s.repeat(n)}`]).flatMap(casings)))],
    ["word-elongation", take(g.words.flatMap((w) => [3, 5, 8, 12].flatMap((n) => elongate(w, n))).flatMap(casings))],
    ["word-casing", take(g.words.flatMap((w) => [...casings(w), `${w}z`, `${w}s`]))],
    ["spacing", take(g.words.flatMap((w) => [[...w].join(" "), [...w].join("."), `${w}!!!`]))],
    ["other-language", take(g.foreign)],
    ["emoji", take(g.emoji.flatMap((e) => [e, e.repeat(3)]))],
    ["emoticon", take(g.emoticons.flatMap((e) => [e, e + e.slice(-1).repeat(2)]))],
    ["action", take(g.actions.flatMap((a) => [`(${a})`, `*${a}*`, `[${a}]`, `<${a}>`, `_${a}_`]))],
    ["bare-verb", all(bareVerbs(g))],
    ["lookalike-action", all(delimitedActions(lookalikeDelimiters(), g))],
    ["bracket-action", all(delimitedActions(otherBrackets(), g))],
    ["first-person", all(firstPersonReports(g))],
  ];
  return families.flatMap(([operator, texts]) => insertions({ family: "laughter", operator, why }, texts, positions));
}

/** Every laugh or amuse lemma's verb forms and derivations, bare: "chuckles.", "Chuckling.", "laughingly". */
export function bareVerbs(g: LaughterGrammar = laughterGrammar()): string[] {
  return Object.values(g.forms).flatMap((f) => [f.third, f.past, f.gerund, ...f.derived].flatMap((w) => [`${w}.`, `${w[0].toUpperCase()}${w.slice(1)}.`]));
}

/** UTS #39 look-alikes of the ASCII delimiters * ~ _ ( ) < > (∗, ⁎, ˜, ❨ ❩, ‹ ›, …), and the tilde itself. */
export function lookalikeDelimiters(): [string, string][] {
  const look = unicodeTable().delimiterLookalikes;
  const symmetric = [...look["*"], ...look["~"], ...look._, "~"].map((d): [string, string] => [d, d]);
  const paired = (open: string, close: string) => [...look[open]].flatMap((o, i): [string, string][] => ([...look[close]][i] ? [[o, [...look[close]][i]]] : []));
  return [...symmetric, ...paired("(", ")"), ...paired("<", ">")];
}

/** Every paired bracket of the Unicode Character Database (Bidi_Paired_Bracket_Type Open and its mirror) but the ASCII ones. */
export function otherBrackets(): [string, string][] {
  return unicodeTable().brackets.filter(([o]) => !"([{".includes(o));
}

/** Actions (third person and gerund of every lemma) inside each pair of delimiters. */
export function delimitedActions(delimiters: readonly [string, string][], g: LaughterGrammar = laughterGrammar()): string[] {
  const actions = Object.values(g.forms).flatMap((f) => [f.third, f.gerund]);
  return delimiters.flatMap(([o, c]) => actions.map((a) => `${o}${a}${c}`));
}

/** First-person reports of amusement, from the lemmas' forms: "That made me laugh.", "I chuckled at that." */
export function firstPersonReports(g: LaughterGrammar = laughterGrammar()): string[] {
  return Object.entries(g.forms).flatMap(([lemma, f]) => [`That made me ${lemma}.`, `I ${f.past} at that.`, `I can't stop ${f.gerund}.`, `I'm ${f.past}.`]);
}
