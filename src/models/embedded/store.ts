// Builds the embedded LM once and keeps it in a cache folder, keyed by the builder version and the
// hash of the corpus, so CI and every later process load it in well under a second. The file is one
// JSON header (everything but typed arrays) followed by the typed arrays' bytes.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { corpusHash, readCorpus } from "./corpus.js";
import { trainLm, type BuildReport } from "./build.js";
import { EmbeddedLm, type LmData } from "./lm.js";

/** Bump when the model's training or format changes: old cache files are then ignored. */
export const LM_BUILDER_VERSION = "kn3-cache-trigger-5";

export interface StoredLm {
  data: LmData;
  report: BuildReport;
  meta: { builderVersion: string; corpusHash: string; sources: ReturnType<typeof readCorpus>["sources"]; buildMs: number; buildPeakRssMb: number; createdAt: string };
}

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
      const bytes = buf.subarray(start, start + ref.length * Ctor.BYTES_PER_ELEMENT);
      // Copy into a fresh, aligned buffer.
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

export interface LoadedLm {
  lm: EmbeddedLm;
  stored: StoredLm;
  path: string;
  fromCache: boolean;
  loadMs: number;
}

let loading: Promise<LoadedLm> | null = null;

/**
 * The embedded LM, built on first use into $FOOLSGOLD_HOME/models (default ./.foolsgold/models).
 * The file name carries the builder version and a corpus hash prefix; the corpus hash is checked
 * from the header too, so an updated corpus package rebuilds. One load per process.
 */
export function loadEmbeddedLm(): Promise<LoadedLm> {
  loading ??= loadOrBuild();
  return loading;
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
async function loadOrBuild(): Promise<LoadedLm> {
  const t0 = performance.now();
  const dir = join(foolsgoldHome(), "models");
  const hash = corpusHash();
  const path = join(dir, `embedded-lm-${LM_BUILDER_VERSION}-${hash.slice(0, 16)}.bin`);
  const lock = `${path}.lock`;
  const done = (stored: StoredLm, fromCache: boolean): LoadedLm => ({ lm: new EmbeddedLm(stored.data), stored, path, fromCache, loadMs: performance.now() - t0 });
  mkdirSync(dir, { recursive: true });
  for (;;) {
    const cached = readIfValid(path, hash);
    if (cached) return done(cached, true);
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
      return done(stored, false);
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
}
