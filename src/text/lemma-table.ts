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
  /** WordNet lemma by form, for every form it changes. */
  lemma: Map<string, string>;
  /** Part-of-speech-aware lemma by form, for the forms where it is not the WordNet lemma. */
  pos: Map<string, string>;
}

/** One line per form, sorted: `form \t lemma`, plus `\t posLemma` where that differs from the lemma. */
export function formatLemmaTable(entries: Iterable<[form: string, lemma: string, pos: string]>): string {
  const lines: string[] = [];
  for (const [form, lemma, pos] of entries) lines.push(pos === lemma ? `${form}\t${lemma}` : `${form}\t${lemma}\t${pos}`);
  return lines.sort().join("\n") + "\n";
}

export function parseLemmaTable(text: string): LemmaTable {
  const lemma = new Map<string, string>();
  const pos = new Map<string, string>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const a = text.indexOf("\t", start);
    const b = text.indexOf("\t", a + 1);
    const form = text.slice(start, a);
    const own = b >= 0 && b < end;
    lemma.set(form, text.slice(a + 1, own ? b : end));
    if (own) pos.set(form, text.slice(b + 1, end));
    start = end + 1;
  }
  return { lemma, pos };
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
  const missing = (["version", "sha256", "packages"] as const).filter((k) => manifest === null || typeof manifest !== "object" || manifest[k] === undefined);
  if (missing.length > 0) throw new FoolsgoldError("lemma_table", `${file.pathname}: the lemma table's manifest has no ${missing.join(", ")} (${DAMAGED})`);
  return manifest as LemmaManifest;
}

/** A table and its manifest: null when built for other rules or library versions; a wrong checksum or a missing file is an error. */
export function loadLemmaTable(table: URL, manifestFile: URL): LemmaTable | null {
  const manifest = readLemmaManifest(manifestFile);
  if (staleReason(manifest) !== undefined) return null;
  const bytes = gunzipSync(readShipped(table));
  if (sha256(bytes) !== manifest.sha256) {
    throw new FoolsgoldError("lemma_table", `${table.pathname}: checksum does not match its manifest (${DAMAGED})`);
  }
  return parseLemmaTable(bytes.toString("utf8"));
}

let shipped: LemmaTable | null | undefined;

/** The shipped table, read once per thread (see loadLemmaTable). */
export function shippedLemmaTable(): LemmaTable | null {
  return (shipped ??= loadLemmaTable(SHIPPED_LEMMA_TABLE, SHIPPED_LEMMA_MANIFEST));
}
