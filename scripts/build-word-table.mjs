// Builds the word-form table shipped in src/text (word-table.bin.gz and its manifest word-table.json):
// for every form of the shipped word lists, the lemma and word-class flags the Lexicon gives it on first
// sight (src/text/word-class.ts), so scoring reads them instead of computing them. The forms come only
// from the sources shipped with the package, never from a bank: the lemma table's forms and lemmas,
// WordNet's word list (wink-lexicon, which the lemma table is generated from), the common-English and
// stopword lists, the words the flags name, and the words of the default slop dictionary. Each is kept
// only if the scanner reads it as one word of its own (src/text/scan.ts), since no other form is met.
// The file is written uncompressed (see src/text/word-table.ts) and is the same for the same entries.
// Needs the shipped lemma table to apply (run `npm run build:lemmas` first when it does not).
//   npm run build:words        (tsx: the rules are TypeScript)
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { COMMON_ENGLISH } from "../src/text/english.ts";
import { SHIPPED_LEMMA_MANIFEST, readLemmaManifest, resolvePackage, sha256, shippedLemmaTable, sourceHash } from "../src/text/lemma-table.ts";
import { Lexicon } from "../src/text/lexicon.ts";
import { scanText } from "../src/text/scan.ts";
import { STOPWORD_FORMS, isStopword } from "../src/text/stopwords.ts";
import { CLASSED_WORDS, classify, lemmaOf } from "../src/text/word-class.ts";
import { SHIPPED_WORD_MANIFEST, SHIPPED_WORD_TABLE, WORD_TABLE_SOURCES, WORD_TABLE_VERSION, formatWordTable, recordable } from "../src/text/word-table.ts";

const DICTIONARY = new URL("../src/terms/prose/data/default-dictionary.json", import.meta.url);

/** Every string value in a JSON value (the dictionary's phrases, templates, words). */
function stringsIn(value, out = []) {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/**
 * The candidate forms, by source (before the one-word check). Every Lexicon and look-up here is given no
 * word-form table (null): the build computes every answer, never reading the table it replaces.
 */
export function candidateForms() {
  const table = shippedLemmaTable();
  if (table === null) throw new Error("the shipped lemma table does not apply to the installed libraries: run npm run build:lemmas first");
  const lemmaForms = [];
  for (const [form, lemma, pos] of table.entries()) lemmaForms.push(form, lemma, pos);
  const wordnet = Object.keys(createRequire(resolvePackage("wink-lexicon"))("./wn-words.js"));
  // The dictionary's words as the scanner reads them (its lower-cased forms).
  const scanned = new Lexicon(null);
  for (const text of stringsIn(JSON.parse(readFileSync(DICTIONARY, "utf8")))) scanText(text, scanned);
  return { lemmaTable: lemmaForms, wordnet, commonEnglish: [...COMMON_ENGLISH], stopwords: STOPWORD_FORMS, classed: CLASSED_WORDS, dictionary: scanned.surfaces };
}

/** Whether the scanner reads `form` alone as exactly that one word (lower-cased forms only). */
function scansAsItself(form, lexicon) {
  const scan = scanText(form, lexicon);
  return scan.n === 1 && scan.start[0] === 0 && lexicon.surfaces[scan.surface[0]] === form;
}

/** The table's entries: [form, lemma, flags] for each candidate the scanner can meet, computed by src/text/word-class.ts. */
export function wordTableEntries() {
  // The scans intern forms: computed, never read from the table being replaced (or a missing one).
  return entriesOf(candidateForms());
}

function entriesOf(candidates) {
  const forms = new Set();
  for (const list of Object.values(candidates)) for (const form of list) forms.add(form);
  // Every form of the lemma table, read by the scanner or not ("a-bomb"): a form missing from this table
  // is then missing from that one too, so it is its own lemma and src/text/lemma.ts need not load it.
  const lemmaForms = new Set(Array.from(shippedLemmaTable().entries(), ([form]) => form));
  const probe = new Lexicon(null);
  const kept = [...forms].filter((form) => recordable(form) && (lemmaForms.has(form) || scansAsItself(form, probe)));
  for (const form of lemmaForms) if (!recordable(form)) throw new Error(`word table: the lemma table's form ${JSON.stringify(form)} cannot be recorded`);
  // Each lemma is a form of the table too (a Lexicon keys lemmas by the table's index), whether the
  // scanner reads it or not; a lemma that cannot be recorded leaves its form out.
  const entries = new Map();
  const add = (form) => {
    if (entries.has(form)) return true;
    const lemma = lemmaOf(form, null);
    if (!recordable(lemma)) return false;
    entries.set(form, [form, lemma, classify(form, lemma, null), isStopword(form, null)]);
    if (lemma !== form && !add(lemma)) {
      entries.delete(form);
      return false;
    }
    return true;
  };
  for (const form of kept) if (!add(form) && lemmaForms.has(form)) throw new Error(`word table: the lemma of the lemma table's form ${JSON.stringify(form)} cannot be recorded`);
  return [...entries.values()];
}

/** The table's bytes (uncompressed) and its manifest. */
export function buildWordTable() {
  const entries = wordTableEntries();
  const bytes = formatWordTable(entries);
  const root = new URL("..", import.meta.url);
  const manifest = {
    version: WORD_TABLE_VERSION,
    sha256: sha256(bytes),
    forms: entries.length,
    lemmaTable: readLemmaManifest(SHIPPED_LEMMA_MANIFEST).sha256,
    sources: Object.fromEntries(WORD_TABLE_SOURCES.map((path) => [path, sourceHash(readFileSync(new URL(path, root), "utf8"))])),
  };
  return { bytes, manifest };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { bytes, manifest } = buildWordTable();
  writeFileSync(SHIPPED_WORD_TABLE, bytes);
  writeFileSync(SHIPPED_WORD_MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
  console.log(`${manifest.forms} forms, ${bytes.length} bytes, ${((performance.now() - started) / 1000).toFixed(1)} s → ${SHIPPED_WORD_TABLE.pathname}`);
}
