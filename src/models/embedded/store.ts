// Builds the embedded LM once and keeps it in a cache folder, keyed by the builder version and the
// hash of the corpus, so CI and every later process load it in well under a second. The file is one
// JSON header (everything but typed arrays) followed by the typed arrays' bytes.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
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
  loading ??= Promise.resolve().then(loadOrBuild);
  return loading;
}

function loadOrBuild(): LoadedLm {
  const t0 = performance.now();
  const dir = join(foolsgoldHome(), "models");
  const hash = corpusHash();
  const path = join(dir, `embedded-lm-${LM_BUILDER_VERSION}-${hash.slice(0, 16)}.bin`);
  if (existsSync(path)) {
    const stored = deserializeLm(readFileSync(path));
    if (stored.meta.corpusHash === hash && stored.meta.builderVersion === LM_BUILDER_VERSION) {
      return { lm: new EmbeddedLm(stored.data), stored, path, fromCache: true, loadMs: performance.now() - t0 };
    }
  }
  const stored = buildStoredLm();
  mkdirSync(dir, { recursive: true });
  // Write then rename, so concurrent test workers never read a half-written file.
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, serializeLm(stored));
  renameSync(tmp, path);
  return { lm: new EmbeddedLm(stored.data), stored, path, fromCache: false, loadMs: performance.now() - t0 };
}

