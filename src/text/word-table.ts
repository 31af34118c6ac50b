// The word-form table built at pack time (scripts/build-word-table.mjs, `npm run build:words`) and
// shipped beside this file: for each form of this folder's own word lists (the lemma table's forms and
// lemmas, WordNet's word list, the common-English and stopword lists, the words the flags name, and the
// words of the shipped slop dictionary), what the Lexicon computes on its first sight (./word-class.ts):
// the lemma and the word-class flags, and isStopword of the form. All depend on the form alone, so a
// form found here takes the recorded answers instead of lemmatizing and classifying it (~3 µs a form,
// ~50,000 forms a bank); any other form is computed as before. Every lemma the table records is a form
// of it too, so a Lexicon can key its lemmas by the table's index rather than by string. The table never
// decides an id: the Lexicon numbers forms and lemmas in the order it first meets them, and a form
// missing here (or no table at all) costs only time.
//
// It holds every form of the lemma table (./lemma-table.ts), so a form it lacks is its own lemma, and
// a process that finds its lemmas and stopwords here never reads the lemma table (~50 ms a thread).
// It applies only with the lemma table it was built against (same checksum, and that table applying to
// the installed libraries): its lemmas are that table's. A file whose checksum is wrong is an error.
//
// The file is the look-up structure itself, so loading it is a read, a checksum and a few typed-array
// views: no strings, no hashing, no table to fill (filling one for 230,000 forms at load took ~50 ms a
// thread). Forms are grouped in buckets by the Lexicon's own hash (./word-hash.ts), so the scanner's
// hash of a word finds its bucket. Stored uncompressed: gunzip took ~20 ms a load, and the package's
// tarball compresses the file anyway. Little-endian int32s, then bytes, in order:
//   header: forms, log2 of the bucket count, form bytes
//   per bucket + 1: the index of its first form (forms are in bucket order, sorted within a bucket)
//   per form + 1: the offset of its bytes
//   per form: lemma << 9 | stopword << 8 | flags (lemma: the index of the lemma's form)
//   the forms' Latin-1 bytes
import { readFileSync } from "node:fs";
import { endianness } from "node:os";
import { FoolsgoldError, readProblem } from "../core/errors.js";
import { sha256 } from "../core/hash.js";
import { hashRange } from "./word-hash.js";
import { SHIPPED_LEMMA_MANIFEST, readLemmaManifest, staleReason } from "./lemma-table.js";

/** Bump when ./word-class.ts decides a lemma or flag differently, or the layout changes; then run `npm run build:words`. */
export const WORD_TABLE_VERSION = "1";

/**
 * The files whose content decides the table (paths from the repository root). The build records their
 * sha256 in the manifest and test/text/word-table.test.ts fails when one has changed since.
 */
export const WORD_TABLE_SOURCES = [
  "src/text/word-class.ts",
  "src/text/word-table.ts",
  "src/text/word-hash.ts",
  "src/text/stopwords.ts",
  "src/text/english.ts",
  "src/text/data/common-english.json",
  "src/text/lemma.ts",
  "src/text/pos-lemma.ts",
  "src/terms/prose/data/default-dictionary.json",
  "scripts/build-word-table.mjs",
] as const;

export const SHIPPED_WORD_TABLE = new URL("./word-table.bin", import.meta.url);
export const SHIPPED_WORD_MANIFEST = new URL("./word-table.json", import.meta.url);

export interface WordTableManifest {
  version: string;
  /** sha256 of the uncompressed table. */
  sha256: string;
  forms: number;
  /** sha256 of the lemma table (its manifest's) whose lemmas this table records. */
  lemmaTable: string;
  /** sha256 of each of WORD_TABLE_SOURCES when the table was built. */
  sources: Record<string, string>;
}

/** One recorded first sight: the form, its lemma (lemmaOf), its flags (classify), and isStopword of it. */
export type WordEntry = [form: string, lemma: string, flags: number, stopword: boolean];

const MAX_LENGTH = 0xff;
const HEADER_INTS = 3;

/** Whether a form can be recorded: one-byte units (Latin-1) and a length that fits the layout's byte. */
export function recordable(text: string): boolean {
  if (text.length === 0 || text.length > MAX_LENGTH) return false;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The table's bytes for these entries (any order; each form once, and each lemma a form; answers as the Lexicon computes them). */
export function formatWordTable(entries: Iterable<WordEntry>): Buffer {
  const all = [...entries];
  for (const [form, lemma, flags] of all) {
    if (!recordable(form)) throw new Error(`word table: cannot record ${JSON.stringify(form)}`);
    if (!Number.isInteger(flags) || flags < 0 || flags > 0xff) throw new Error(`word table: flags ${flags} of ${JSON.stringify(form)} do not fit a byte`);
  }
  let bits = 4;
  while (1 << bits < all.length) bits++;
  const buckets = 1 << bits;
  const bucketOf = (form: string): number => hashRange(form, 0, form.length) & (buckets - 1);
  // Bucket order, sorted within a bucket, so the file depends on the entries alone, not their order.
  const sorted = all.map((e) => [bucketOf(e[0]), e] as const).sort((a, b) => a[0] - b[0] || byCodeUnits(a[1][0], b[1][0]));
  const index = new Map<string, number>();
  sorted.forEach(([, [form]], k) => {
    if (index.has(form)) throw new Error(`word table: ${JSON.stringify(form)} twice`);
    index.set(form, k);
  });
  const formBytes = all.reduce((s, [form]) => s + form.length, 0);
  const out = Buffer.alloc(4 * (HEADER_INTS + buckets + 1 + 2 * all.length + 1) + formBytes);
  let at = 0;
  for (const n of [all.length, bits, formBytes]) at = out.writeInt32LE(n, at);
  for (let b = 0, k = 0; b <= buckets; b++) {
    at = out.writeInt32LE(k, at);
    while (k < sorted.length && sorted[k][0] === b) k++;
  }
  let offset = 0;
  for (const [, [form]] of sorted) {
    at = out.writeInt32LE(offset, at);
    offset += form.length;
  }
  at = out.writeInt32LE(offset, at);
  for (const [, [form, lemma, flags, stopword]] of sorted) {
    const lemmaForm = index.get(lemma);
    if (lemmaForm === undefined) throw new Error(`word table: the lemma ${JSON.stringify(lemma)} of ${JSON.stringify(form)} is not a form of the table`);
    at = out.writeInt32LE((lemmaForm << 9) | (stopword ? 0x100 : 0) | flags, at);
  }
  for (const [, [form]] of sorted) at += out.write(form, at, "latin1");
  if (at !== out.length) throw new Error("word table: layout miscounted");
  return out;
}

/** The table read in place: forms grouped in buckets by the Lexicon's hash of a form. */
export class WordTable {
  /** Forms in the table. */
  readonly size: number;
  private readonly mask: number;
  private readonly firstForm: Int32Array;
  private readonly formStart: Int32Array;
  private readonly info: Int32Array;
  private readonly units: Uint8Array;

  constructor(bytes: Buffer) {
    const int = (k: number): number => (bytes.length >= 4 * (k + 1) ? bytes.readInt32LE(4 * k) : -1);
    const [forms, bits, formBytes] = [0, 1, 2].map(int);
    const buckets = 2 ** bits;
    const ints = HEADER_INTS + buckets + 1 + 2 * forms + 1;
    if (forms < 0 || formBytes < 0 || bits < 0 || bits > 30 || bytes.length !== 4 * ints + formBytes) throw new Error("word table: sections do not add up to the file");
    this.size = forms;
    this.mask = buckets - 1;
    // Views where the bytes lie on a 4-byte boundary (a file read whole does), else copies.
    const ints32 = (from: number, count: number): Int32Array =>
      (bytes.byteOffset + 4 * from) % 4 === 0 ? new Int32Array(bytes.buffer, bytes.byteOffset + 4 * from, count) : new Int32Array(bytes.buffer.slice(bytes.byteOffset + 4 * from, bytes.byteOffset + 4 * (from + count)));
    this.firstForm = ints32(HEADER_INTS, buckets + 1);
    this.formStart = ints32(HEADER_INTS + buckets + 1, forms + 1);
    this.info = ints32(HEADER_INTS + buckets + 1 + forms + 1, forms);
    this.units = bytes.subarray(4 * ints);
  }

  /** Index of `word` in the table, or -1; `hash` is the Lexicon's hash of it (./word-hash.ts). */
  find(word: string, hash: number): number {
    const bucket = hash & this.mask;
    const length = word.length;
    const starts = this.formStart;
    const units = this.units;
    for (let k = this.firstForm[bucket], end = this.firstForm[bucket + 1]; k < end; k++) {
      const from = starts[k];
      if (starts[k + 1] - from !== length) continue;
      let c = 0;
      while (c < length && units[from + c] === word.charCodeAt(c)) c++;
      if (c === length) return k;
    }
    return -1;
  }

  /** The form's WORD_* flags. */
  flags(k: number): number {
    return this.info[k] & 0xff;
  }

  /** isStopword of the form. */
  isStopword(k: number): boolean {
    return (this.info[k] & 0x100) !== 0;
  }

  /** The index of the form's lemma (itself for most forms). */
  lemmaOf(k: number): number {
    return this.info[k] >> 9;
  }

  /** A form's string, made unit by unit: Buffer's decoder costs ~0.4 µs a call for these few bytes. */
  form(k: number): string {
    const units = this.units;
    let out = "";
    for (let i = this.formStart[k], end = this.formStart[k + 1]; i < end; i++) out += String.fromCharCode(units[i]);
    return out;
  }

  /** Every entry, in the table's order. */
  *entries(): Generator<WordEntry> {
    for (let k = 0; k < this.size; k++) yield [this.form(k), this.form(this.lemmaOf(k)), this.flags(k), this.isStopword(k)];
  }
}

const DAMAGED = "a damaged install: reinstall, or rebuild it with npm run build:words";
/** The layout is little-endian and read through typed-array views, which take the machine's byte order. */
const LITTLE_ENDIAN = endianness() === "LE";

function readShipped(file: URL): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new FoolsgoldError("word_table", `${file.pathname}: ${readProblem(err)} (${DAMAGED})`, { cause: err });
  }
}

export function readWordManifest(file: URL): WordTableManifest {
  let manifest: Partial<WordTableManifest> | null;
  try {
    manifest = JSON.parse(readShipped(file).toString("utf8")) as Partial<WordTableManifest> | null;
  } catch (err) {
    if (err instanceof FoolsgoldError) throw err;
    throw new FoolsgoldError("word_table", `${file.pathname}: not valid JSON (${DAMAGED})`, { cause: err });
  }
  if (manifest === null || typeof manifest !== "object" || typeof manifest.version !== "string" || typeof manifest.sha256 !== "string" || typeof manifest.lemmaTable !== "string") {
    throw new FoolsgoldError("word_table", `${file.pathname}: the word table's manifest lacks a version, sha256 or lemmaTable string (${DAMAGED})`);
  }
  return manifest as WordTableManifest;
}

/** Why the table does not apply (another rules version, another lemma table, or one that does not apply itself), or undefined when it does. */
export function wordTableStaleReason(manifest: WordTableManifest, lemmaManifest = readLemmaManifest(SHIPPED_LEMMA_MANIFEST)): string | undefined {
  if (manifest.version !== WORD_TABLE_VERSION) return `built by rules version ${manifest.version}, these are ${WORD_TABLE_VERSION}`;
  if (!LITTLE_ENDIAN) return "this machine is big-endian";
  if (manifest.lemmaTable !== lemmaManifest.sha256) return "built against another lemma table";
  const lemmas = staleReason(lemmaManifest);
  return lemmas === undefined ? undefined : `its lemma table does not apply: ${lemmas}`;
}

/** A table and its manifest: null when it does not apply (wordTableStaleReason); a wrong checksum or a missing file is an error. */
export function loadWordTable(table: URL, manifestFile: URL, lemmaManifest?: Parameters<typeof wordTableStaleReason>[1]): WordTable | null {
  const manifest = readWordManifest(manifestFile);
  if (wordTableStaleReason(manifest, lemmaManifest) !== undefined) return null;
  const bytes = readShipped(table);
  if (sha256(bytes) !== manifest.sha256) throw new FoolsgoldError("word_table", `${table.pathname}: checksum does not match its manifest (${DAMAGED})`);
  try {
    return new WordTable(bytes);
  } catch (err) {
    throw new FoolsgoldError("word_table", `${table.pathname}: ${err instanceof Error ? err.message : String(err)} (${DAMAGED})`, { cause: err });
  }
}

let shipped: WordTable | null | undefined;

/**
 * Sets the table Lexicons read (null: none, every form computed; undefined: the shipped one, read when
 * next asked) and returns the one set before: for the build, which must not read the table it
 * replaces, and for tests comparing the two ways.
 */
export function useWordTable(table: WordTable | null | undefined): WordTable | null | undefined {
  const before = shipped;
  shipped = table;
  return before;
}

/** The shipped table, read once per thread, on the first form a Lexicon has not seen (see loadWordTable). */
export function shippedWordTable(): WordTable | null {
  return shipped !== undefined ? shipped : (shipped = loadWordTable(SHIPPED_WORD_TABLE, SHIPPED_WORD_MANIFEST));
}
