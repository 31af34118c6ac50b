// The lemma table built at pack time (scripts/build-lemma-table.mjs, `npm run build:lemmas`) and
// shipped beside this file: every lower-case form whose WordNet lemma (./lemma.ts) differs from the
// form, with that lemma and its part-of-speech-aware lemma (./pos-lemma.ts). Both decisions depend on
// the form alone (no sentence context), so a table keyed by the form gives the same lemmas as
// computing them. The forms are all that WordNet's rules can change: every exception and every
// inflection the rules undo, generated from WordNet's word list, so a form not in the table is its
// own lemma and scoring loads neither wink-lemmatizer's lexicon nor compromise (~1 CPU-s per process
// on a 50,000-form bank). The table is used only when it was built by this version of the rules and
// these versions of both libraries; a file whose checksum is wrong is an error, never other lemmas.
import { sha256 } from "../core/hash.js";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { FoolsgoldError, readProblem } from "../core/errors.js";
import { once } from "../core/once.js";

/** Bump when ./lemma.ts or ./pos-lemma.ts decides a lemma differently; then run `npm run build:lemmas`. */
export const LEMMA_TABLE_VERSION = "1";

/**
 * The files the table is built from (paths from the repository root): the build records their sha256
 * in the manifest, and test/text/lemma-table.test.ts fails when one has changed since, so a table
 * left behind by an edit to the rules cannot go unnoticed.
 */
export const LEMMA_SOURCES = ["src/text/lemma.ts", "src/text/pos-lemma.ts", "src/text/lemma-table.ts", "scripts/build-lemma-table.mjs"] as const;

/** A source file's hash as the manifest records it (line endings as in the repository, whatever the checkout does). */
export function sourceHash(text: string): string {
  return sha256(text.replace(/\r\n/g, "\n"));
}

/** The libraries whose answers the table records, at the versions it was built from. */
export const LEMMA_PACKAGES = ["wink-lemmatizer", "wink-lexicon", "compromise"] as const;

export const SHIPPED_LEMMA_TABLE = new URL("./lemma-table.tsv.gz", import.meta.url);
export const SHIPPED_LEMMA_MANIFEST = new URL("./lemma-table.json", import.meta.url);

export interface LemmaManifest {
  version: string;
  /** sha256 of the uncompressed table. */
  sha256: string;
  forms: number;
  packages: Record<string, string>;
  /** sha256 of each of LEMMA_SOURCES when the table was built. */
  sources: Record<string, string>;
}

export interface LemmaTable {
  /** Forms in the table. */
  readonly size: number;
  /** The WordNet lemma of a form the rules change; undefined for any other form (its own lemma). */
  lemma(form: string): string | undefined;
  /** The part-of-speech-aware lemma of a form the rules change; undefined for any other form. */
  posLemma(form: string): string | undefined;
  /** Every entry, in the table's order: form, lemma, part-of-speech-aware lemma. */
  entries(): Generator<[form: string, lemma: string, pos: string]>;
}

/** One line per form, sorted: `form \t lemma`, plus `\t posLemma` where that differs from the lemma. */
export function formatLemmaTable(entries: Iterable<[form: string, lemma: string, pos: string]>): string {
  const lines: string[] = [];
  for (const [form, lemma, pos] of entries) lines.push(pos === lemma ? `${form}\t${lemma}` : `${form}\t${lemma}\t${pos}`);
  return lines.sort().join("\n") + "\n";
}

/** FNV-1a over the code units of text[from, to): the lemma table's slot hash. */
function hashRange(text: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The table read in place: one offset per line and an open-addressing table of line numbers keyed by
 * the form's hash, so a lookup compares the form with one or two lines. Two Maps of 157,203 forms
 * cost each thread ~0.1 CPU-s to build and ~20 MB of heap its collector marks again and again.
 */
export function parseLemmaTable(text: string): LemmaTable {
  const offsets: number[] = [];
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf("\n", start);
    offsets.push(start);
    start = end < 0 ? text.length : end + 1;
  }
  const starts = Int32Array.from(offsets);
  const lineEnd = (k: number): number => (k + 1 < starts.length ? starts[k + 1] - 1 : text.endsWith("\n") ? text.length - 1 : text.length);
  const formEnd = (k: number): number => text.indexOf("\t", starts[k]);
  // At most half full, so a miss ends after a probe or two; slots hold line + 1 (0: empty).
  let capacity = 16;
  while (capacity < starts.length * 2) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity);
  for (let k = 0; k < starts.length; k++) {
    let slot = hashRange(text, starts[k], formEnd(k)) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = k + 1;
  }
  const find = (form: string): number => {
    // A form never holds the table's separators; one that did could match across a line's fields.
    if (form.includes("\t") || form.includes("\n")) return -1;
    const length = form.length;
    for (let slot = hashRange(form, 0, length) & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const k = slots[slot] - 1;
      const at = starts[k];
      if (text.charCodeAt(at + length) === 9 && text.startsWith(form, at)) return k;
    }
    return -1;
  };
  // A line is `form \t lemma` or `form \t lemma \t posLemma`.
  const lemmaAt = (k: number, formLength: number): string => {
    const from = starts[k] + formLength + 1;
    const end = lineEnd(k);
    const tab = text.indexOf("\t", from);
    return text.slice(from, tab >= 0 && tab < end ? tab : end);
  };
  const posLemmaAt = (k: number, formLength: number): string => {
    const end = lineEnd(k);
    const tab = text.indexOf("\t", starts[k] + formLength + 1);
    return tab >= 0 && tab < end ? text.slice(tab + 1, end) : lemmaAt(k, formLength);
  };
  return {
    size: starts.length,
    lemma(form) {
      const k = find(form);
      return k < 0 ? undefined : lemmaAt(k, form.length);
    },
    posLemma(form) {
      const k = find(form);
      return k < 0 ? undefined : posLemmaAt(k, form.length);
    },
    *entries() {
      for (let k = 0; k < starts.length; k++) {
        const form = text.slice(starts[k], formEnd(k));
        yield [form, lemmaAt(k, form.length), posLemmaAt(k, form.length)];
      }
    },
  };
}

export { sha256 };

const require = createRequire(import.meta.url);

/** A package's entry point; wink-lexicon is wink-lemmatizer's dependency, so it is found from there. */
export function resolvePackage(name: string): string {
  return name === "wink-lexicon" ? createRequire(require.resolve("wink-lemmatizer")).resolve(name) : require.resolve(name);
}

/** The installed version of a package (its package.json, found from its entry point). */
export function installedVersion(name: string): string {
  let dir = dirname(resolvePackage(name));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    } catch {
      // no package.json at this level: go up
    }
    const up = dirname(dir);
    if (up === dir) throw new FoolsgoldError("lemma_table", `cannot find the installed version of ${name}`);
    dir = up;
  }
}

/** Why the shipped table does not apply to these rules and libraries, or undefined when it does. */
export function staleReason(manifest: LemmaManifest): string | undefined {
  if (manifest.version !== LEMMA_TABLE_VERSION) return `built by rules version ${manifest.version}, these are ${LEMMA_TABLE_VERSION}`;
  for (const name of LEMMA_PACKAGES) {
    const installed = installedVersion(name);
    if (manifest.packages[name] !== installed) return `built with ${name} ${manifest.packages[name]}, ${installed} is installed`;
  }
  return undefined;
}

const DAMAGED = "a damaged install: reinstall, or rebuild it with npm run build:lemmas";

/** The file's bytes, or an error naming it (a missing or unreadable table is a damaged install). */
function readShipped(file: URL): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new FoolsgoldError("lemma_table", `${file.pathname}: ${readProblem(err)} (${DAMAGED})`, { cause: err });
  }
}

/** The manifest, checked for the fields loading reads; anything else is an error naming the file. */
export function readLemmaManifest(file: URL): LemmaManifest {
  let manifest: Partial<LemmaManifest> | null;
  try {
    manifest = JSON.parse(readShipped(file).toString("utf8")) as Partial<LemmaManifest> | null;
  } catch (err) {
    if (err instanceof FoolsgoldError) throw err;
    throw new FoolsgoldError("lemma_table", `${file.pathname}: not valid JSON (${DAMAGED})`, { cause: err });
  }
  const missing = (["version", "sha256", "packages"] as const).filter((k) => manifest === null || typeof manifest !== "object" || manifest[k] === undefined || manifest[k] === null);
  if (missing.length > 0) throw new FoolsgoldError("lemma_table", `${file.pathname}: the lemma table's manifest has no ${missing.join(", ")} (${DAMAGED})`);
  const m = manifest as Partial<LemmaManifest>;
  if (typeof m.sha256 !== "string" || typeof m.packages !== "object" || Array.isArray(m.packages)) {
    throw new FoolsgoldError("lemma_table", `${file.pathname}: the lemma table's manifest has a sha256 that is not a string or packages that are not an object (${DAMAGED})`);
  }
  return manifest as LemmaManifest;
}

/** A table and its manifest: null when built for other rules or library versions; a wrong checksum or a missing file is an error. */
export function loadLemmaTable(table: URL, manifestFile: URL): LemmaTable | null {
  const manifest = readLemmaManifest(manifestFile);
  if (staleReason(manifest) !== undefined) return null;
  let bytes: Buffer;
  try {
    bytes = gunzipSync(readShipped(table));
  } catch (err) {
    if (err instanceof FoolsgoldError) throw err;
    throw new FoolsgoldError("lemma_table", `${table.pathname}: not a readable gzip file: ${err instanceof Error ? err.message : String(err)} (${DAMAGED})`, { cause: err });
  }
  if (sha256(bytes) !== manifest.sha256) {
    throw new FoolsgoldError("lemma_table", `${table.pathname}: checksum does not match its manifest (${DAMAGED})`);
  }
  return parseLemmaTable(bytes.toString("utf8"));
}

/** The shipped table, read once per thread (see loadLemmaTable). */
export const shippedLemmaTable: () => LemmaTable | null = once(() => loadLemmaTable(SHIPPED_LEMMA_TABLE, SHIPPED_LEMMA_MANIFEST));
