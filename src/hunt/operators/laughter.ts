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
  ];
  return families.flatMap(([operator, texts]) => insertions({ family: "laughter", operator, why }, texts, positions));
}
