// Laughter and affect cues from a generative grammar, not a list of known gaps: laugh syllables
// (consonant × vowel, repeated without bound), the internet laughter words and emoticons of Unicode's
// emoji annotations (emojibase-data), the same annotations in every locale it ships (other languages),
// every emoji of the Smileys & Emotion group, and bracketed actions built from WordNet's laugh verbs.
// Each can be elongated, re-cased and spaced. A laugh the speaker adds to their own line is not a
// joke: it cannot make the line funnier, only tell the listener to laugh.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createRng } from "../../core/random.js";
import { wordnetLaughLemmas } from "../../models/embedded/laughter-source.js";
import { isLemma } from "../wordnet.js";
import type { Edit, Position } from "../types.js";
import { insertions } from "./insertion.js";

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
}

/** The grammar's terminals, all generated from the sources named above. */
export function laughterGrammar(): LaughterGrammar {
  const en = readLocale("en");
  const laughing = en.filter((e) => e.tags?.includes("laugh"));
  const hex = new Set(laughing.map((e) => e.hexcode));
  const tagCount = new Map<string, number>();
  for (const e of en.filter((x) => x.group === 0)) for (const t of new Set(e.tags)) tagCount.set(t, (tagCount.get(t) ?? 0) + 1);
  const words = [...tagCount].filter(([t, n]) => n >= 2 && /^[a-z]+$/.test(t) && !isLemma(t) && !isLemma(t.replace(/(s|ing|ed)$/, ""))).map(([t]) => t).sort();
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
  const actions = wordnetLaughLemmas().flatMap((v) => [`${v}s`, v.endsWith("e") ? `${v.slice(0, -1)}ing` : `${v}ing`]);
  return {
    syllables,
    words,
    foreign: [...foreign].sort(),
    emoji: en.filter((e) => e.group === 0).map((e) => e.emoji),
    emoticons: [...emoticons],
    actions: [...new Set(actions)],
  };
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
