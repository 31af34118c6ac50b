// Where the embedded LM comes from. The package ships its tables (embedded-lm.bin.gz beside this
// file, built by scripts/build-embedded-lm.ts, sha256 in embedded-lm.json), so a fresh install loads
// them in well under a second instead of training for 10–15 s at 350–400 MB. When the shipped file
// does not match this builder version or the installed corpus, the model is built on first use and
// kept in a cache folder keyed by both. Either file is one JSON header (everything but typed arrays)
// followed by the typed arrays' bytes, read as views into one buffer.
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { corpusHash, readCorpus } from "./corpus.js";
import { trainLm, type BuildReport } from "./build.js";
import { EmbeddedLm, type LmData } from "./lm.js";
import { FoolsgoldError } from "../../core/errors.js";

/** Bump when the model's training or format changes: old cache files are then ignored. */
export const LM_BUILDER_VERSION = "kn3-cache-trigger-5";

export interface StoredLm {
  data: LmData;
  report: BuildReport;
  /** buildMs, buildPeakRssMb and createdAt are left out of the shipped file, so its bytes depend only on the inputs. */
  meta: { builderVersion: string; corpusHash: string; sources: ReturnType<typeof readCorpus>["sources"]; buildMs?: number; buildPeakRssMb?: number; createdAt?: string };
}

/** What scripts/build-embedded-lm.ts records about the shipped tables. */
export interface ShippedManifest {
  builderVersion: string;
  corpusHash: string;
  /** sha256 of the uncompressed file. */
  sha256: string;
  bytes: number;
}

export const SHIPPED_TABLES = new URL("./embedded-lm.bin.gz", import.meta.url);
export const SHIPPED_MANIFEST = new URL("./embedded-lm.json", import.meta.url);

type Typed = Float64Array | Uint32Array | Int32Array | Uint8Array;
const CTORS = { Float64Array, Uint32Array, Int32Array, Uint8Array } as const;
type CtorName = keyof typeof CTORS;

function isTyped(value: unknown): value is Typed {
  return value instanceof Float64Array || value instanceof Uint32Array || value instanceof Int32Array || value instanceof Uint8Array;
}

export function serializeLm(stored: StoredLm): Buffer {
  const chunks: Buffer[] = [];
  let offset = 0;
  const header = JSON.stringify(stored, (_key, value: unknown) => {
    if (!isTyped(value)) return value;
    const pad = (8 - (offset % 8)) % 8;
    if (pad) chunks.push(Buffer.alloc(pad));
    offset += pad;
    const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    const ref = { $typed: value.constructor.name, offset, length: value.length };
    chunks.push(bytes);
    offset += bytes.length;
    return ref;
  });
  const head = Buffer.from(header, "utf8");
  const len = Buffer.alloc(8);
  len.writeUInt32LE(head.length, 0);
  const pad = (8 - ((8 + head.length) % 8)) % 8;
  return Buffer.concat([len, head, Buffer.alloc(pad), ...chunks]);
}

export function deserializeLm(buf: Buffer): StoredLm {
  const headLen = buf.readUInt32LE(0);
  const head = buf.subarray(8, 8 + headLen).toString("utf8");
  const base = 8 + headLen + ((8 - ((8 + headLen) % 8)) % 8);
  return JSON.parse(head, (_key, value: unknown) => {
    if (value && typeof value === "object" && "$typed" in value) {
      const ref = value as { $typed: CtorName; offset: number; length: number };
      const Ctor = CTORS[ref.$typed];
      const start = base + ref.offset;
      // A view when the buffer keeps the file's 8-byte alignment (a whole-file read does), else a copy.
      if ((buf.byteOffset + start) % Ctor.BYTES_PER_ELEMENT === 0) return new Ctor(buf.buffer as ArrayBuffer, buf.byteOffset + start, ref.length);
      const bytes = buf.subarray(start, start + ref.length * Ctor.BYTES_PER_ELEMENT);
      return new Ctor(new Uint8Array(bytes).buffer);
    }
    return value;
  }) as StoredLm;
}

export function foolsgoldHome(): string {
  return resolve(process.env.FOOLSGOLD_HOME ?? ".foolsgold");
}

export function buildStoredLm(): StoredLm {
  const t0 = performance.now();
  const corpus = readCorpus();
  const { data, report } = trainLm(corpus);
  return {
    data,
    report,
    meta: {
      builderVersion: LM_BUILDER_VERSION,
      corpusHash: corpus.hash,
      sources: corpus.sources,
      buildMs: Math.round(performance.now() - t0),
      buildPeakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      createdAt: new Date().toISOString(),
    },
  };
}

/** The file scripts/build-embedded-lm.ts ships: a fresh build without the run-dependent meta. */
export function buildShippedLm(): Buffer {
  const stored = buildStoredLm();
  const { buildMs: _ms, buildPeakRssMb: _rss, createdAt: _at, ...meta } = stored.meta;
  return serializeLm({ ...stored, meta });
}

export function sha256(buf: Buffer): string {
  return createHash("sha256").update(buf).digest("hex");
}

export interface LoadedLm {
  lm: EmbeddedLm;
  stored: StoredLm;
  path: string;
  /** True when no build ran in this process (shipped tables or the cache folder). */
  fromCache: boolean;
  /** "shipped": the package's tables; "cache": built earlier into the cache folder; "built": built now. */
  source: "shipped" | "cache" | "built";
  loadMs: number;
}

let loading: Promise<LoadedLm> | null = null;

/**
 * The embedded LM: the shipped tables when they match, else built on first use into
 * $FOOLSGOLD_HOME/models (default ./.foolsgold/models). The cache file name carries the builder
 * version and a corpus hash prefix; the corpus hash is checked from the header too, so an updated
 * corpus package rebuilds. One load per process. FOOLSGOLD_EMBEDDED_LM=build skips the shipped
 * tables (the path a checkout without them takes; bench/speed/demo-cold.ts compares the two).
 */
export function loadEmbeddedLm(): Promise<LoadedLm> {
  loading ??= openEmbeddedLm({ shipped: process.env.FOOLSGOLD_EMBEDDED_LM !== "build" });
  return loading;
}

/** The shipped tables, or null when they are absent or were built by another builder version or from another corpus. */
export function readShippedLm(hash: string = corpusHash(), files: { tables: URL | string; manifest: URL | string } = { tables: SHIPPED_TABLES, manifest: SHIPPED_MANIFEST }): { stored: StoredLm; path: string } | null {
  if (!existsSync(files.manifest) || !existsSync(files.tables)) return null;
  const manifest = JSON.parse(readFileSync(files.manifest, "utf8")) as ShippedManifest;
  if (manifest.builderVersion !== LM_BUILDER_VERSION || manifest.corpusHash !== hash) return null;
  const path = typeof files.tables === "string" ? files.tables : files.tables.pathname;
  const buf = gunzipSync(readFileSync(files.tables));
  const digest = sha256(buf);
  if (digest !== manifest.sha256) throw new FoolsgoldError("corrupt_model", `embedded LM: ${path} has sha256 ${digest}, its manifest says ${manifest.sha256} (reinstall the package)`);
  const stored = deserializeLm(buf);
  if (stored.meta.builderVersion !== LM_BUILDER_VERSION || stored.meta.corpusHash !== hash) return null;
  return { stored, path };
}

const LOCK_STALE_MS = 5 * 60_000;
const LOCK_POLL_MS = 200;

function readIfValid(path: string, hash: string): StoredLm | null {
  if (!existsSync(path)) return null;
  const stored = deserializeLm(readFileSync(path));
  return stored.meta.corpusHash === hash && stored.meta.builderVersion === LM_BUILDER_VERSION ? stored : null;
}

/**
 * Load the cached model, or build it. Concurrent processes (test workers) build it once: the first
 * takes a lock file and builds; the others wait for the model file to appear. A lock older than five
 * minutes is taken to be left by a dead process and is removed.
 */
export async function openEmbeddedLm(options: { shipped: boolean; home?: string }): Promise<LoadedLm> {
  const t0 = performance.now();
  const hash = corpusHash();
  const done = (stored: StoredLm, source: LoadedLm["source"], path: string): LoadedLm => ({
    lm: new EmbeddedLm(stored.data),
    stored,
    path,
    fromCache: source !== "built",
    source,
    loadMs: performance.now() - t0,
  });
  const shipped = options.shipped ? readShippedLm(hash) : null;
  if (shipped) return done(shipped.stored, "shipped", shipped.path);
  const dir = join(options.home ?? foolsgoldHome(), "models");
  const path = join(dir, `embedded-lm-${LM_BUILDER_VERSION}-${hash.slice(0, 16)}.bin`);
  const lock = `${path}.lock`;
  mkdirSync(dir, { recursive: true });
  for (;;) {
    const cached = readIfValid(path, hash);
    if (cached) return done(cached, "cache", path);
    let fd: number | null = null;
    try {
      fd = openSync(lock, "wx");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    if (fd === null) {
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true });
      } catch {
        // The lock vanished between the two calls: the builder finished; look again.
      }
      await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
      continue;
    }
    try {
      const stored = buildStoredLm();
      // Write then rename, so no reader ever sees a half-written file.
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, serializeLm(stored));
      renameSync(tmp, path);
      return done(stored, "built", path);
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
}
