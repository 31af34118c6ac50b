// Builds src/text/data/english-suffixes.json: the endings English adds to its words, for the spelling
// reading of invented derivations (src/text/spelling.ts costlyStem: "crackedish" is "cracked" + "ish").
// An ending of two to five letters counts when it turns at least MIN_USES common English words into
// other words of the shipped word table (a final "e" dropped, "y" written "i" or a consonant doubled,
// as English spells them). The file is the same for the same word table.
//   npx tsx scripts/build-english-suffixes.ts
import { writeFileSync } from "node:fs";
import { COMMON_ENGLISH } from "../src/text/english.js";
import { inWordTable } from "../src/text/spelling.js";
import { shippedWordTable } from "../src/text/word-table.js";

const MIN_USES = 40;
const table = shippedWordTable();
if (table === null) throw new Error("the shipped word table is missing: run npm run build:words");
const stemsOf = (stem: string): string[] => [stem, `${stem}e`, ...(stem.endsWith("i") ? [`${stem.slice(0, -1)}y`] : []), ...(stem.length > 2 && stem.at(-1) === stem.at(-2) ? [stem.slice(0, -1)] : [])];
const uses = new Map<string, number>();
for (let k = 0; k < table.size; k++) {
  const form = table.form(k);
  if (!/^[a-z]+$/.test(form)) continue;
  for (let s = 2; s <= 5 && form.length - s >= 3; s++) {
    if (stemsOf(form.slice(0, -s)).some((stem) => COMMON_ENGLISH.has(stem) && inWordTable(stem))) uses.set(form.slice(-s), (uses.get(form.slice(-s)) ?? 0) + 1);
  }
}
const suffixes = [...uses].filter(([, n]) => n >= MIN_USES).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
writeFileSync(new URL("../src/text/data/english-suffixes.json", import.meta.url), `${JSON.stringify({ minUses: MIN_USES, suffixes: suffixes.map(([s]) => s) })}\n`);
console.log(`${suffixes.length} suffixes: ${suffixes.map(([s, n]) => `${s} ${n}`).join(", ")}`);
