// Builds the lemma table shipped in src/text (lemma-table.tsv.gz and its manifest lemma-table.json):
// every lower-case form whose WordNet lemma differs from it, with its lemma and part-of-speech-aware
// lemma, computed by the rules in src/text/lemma.ts and pos-lemma.ts. The forms are generated from
// WordNet's word list (wink-lexicon): every base and every inflection wink-lemmatizer's rules undo
// (verb -s/-ies/-es/-ed/-ing with or without a final e; noun -s/-es/-ses/-xes/-zes/-ves/-ches/-shes/
// -ies; adjective -er/-est with or without e) and every exception, so no form outside the table is
// changed by the rules (test/text/lemma-table.test.ts checks that on independent text).
//   npm run build:lemmas        (tsx: the rules are TypeScript)
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { OVERRIDES, computeLemma } from "../src/text/lemma.ts";
import { computePosLemma } from "../src/text/pos-lemma.ts";
import { LEMMA_PACKAGES, LEMMA_SOURCES, LEMMA_TABLE_VERSION, SHIPPED_LEMMA_MANIFEST, SHIPPED_LEMMA_TABLE, formatLemmaTable, installedVersion, resolvePackage, sha256, sourceHash } from "../src/text/lemma-table.ts";

// The lexicon wink-lemmatizer itself reads (its own dependency, wherever npm put it).
const lexicon = createRequire(resolvePackage("wink-lexicon"));
const words = Object.keys(lexicon("./wn-words.js"));
const exceptions = ["verb", "noun", "adjective"].flatMap((pos) => Object.keys(lexicon(`./wn-${pos}-exceptions.js`)));

/** Every form the rules could take back to `base`, and `base` itself (over-generating is harmless). */
function inflections(base) {
  const out = [base, `${base}s`, `${base}es`, `${base}ed`, `${base}ing`, `${base}er`, `${base}est`];
  const stem = base.slice(0, -1);
  const last = base.at(-1);
  if (last === "e") out.push(`${stem}es`, `${stem}ed`, `${stem}ing`, `${stem}er`, `${stem}est`);
  if (last === "y") out.push(`${stem}ies`);
  if (last === "f") out.push(`${stem}ves`);
  if (last === "s") out.push(`${stem}ses`, `${stem}zes`);
  if (base.endsWith("man")) out.push(`${base.slice(0, -3)}men`);
  return out;
}

const started = performance.now();
// "constructor": the exception tables are plain objects, so an inherited name is looked up too.
const candidates = new Set([...exceptions, ...OVERRIDES.keys(), "constructor"]);
for (const base of words) for (const form of inflections(base)) candidates.add(form);
const entries = [];
for (const form of candidates) {
  if (form !== form.toLowerCase()) continue;
  const lemma = computeLemma(form);
  if (lemma !== form) entries.push([form, lemma, computePosLemma(form, lemma)]);
}
const text = formatLemmaTable(entries);
const manifest = {
  version: LEMMA_TABLE_VERSION,
  sha256: sha256(text),
  forms: entries.length,
  packages: Object.fromEntries(LEMMA_PACKAGES.map((name) => [name, installedVersion(name)])),
  sources: Object.fromEntries(LEMMA_SOURCES.map((path) => [path, sourceHash(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"))])),
};
writeFileSync(SHIPPED_LEMMA_TABLE, gzipSync(Buffer.from(text, "utf8"), { level: 9 }));
writeFileSync(SHIPPED_LEMMA_MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
console.log(`${candidates.size} candidate forms, ${entries.length} in the table, ${((performance.now() - started) / 1000).toFixed(1)} s → ${SHIPPED_LEMMA_TABLE.pathname}`);
