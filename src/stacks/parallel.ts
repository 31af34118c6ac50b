// Scoring a bank on several threads (issue 20): the main thread and threads-1 worker threads take
// chunks of rows from one queue, and every score goes back to its row's place, so the output is the
// one-thread output in the same order. Only stacks whose rows can be split are run this way: they are
// lexical (no model roles) and say which rows must stay in one call. The prose stack's abnormally-short
// gate compares a reply with the other rows of its call that share its group, or its prompt, so rows
// with the same group_id (or, without one, the same prompt) always travel together. Each worker opens
// the stack from the same options and must report the same instrument hash. A worker that fails to
// start, crashes or exits is an error for the whole call, never a missing or zero score.
import { availableParallelism } from "node:os";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { FoolsgoldError } from "../core/errors.js";
import type { BankRow, Score } from "../core/types.js";
import { scenarioKey } from "../terms/prose/stack/gates.js";
import type { OpenScorerOptions } from "./open.js";
import type { ParallelReply, ParallelSetup } from "./parallel-worker.js";
import type { Scorer } from "./types.js";

/** Which rows must be scored in one call, per stack that may be split (a key per row; none: free). */
const SPLITTABLE: Record<string, (row: BankRow) => string | undefined> = {
  // The union of both gate settings' comparison sets: a group, or the prompt when there is none.
  prose: (row) => scenarioKey(row, true),
};

/** Fewer rows than this per thread are not worth a thread's start-up (module load, dictionary, lemmas). */
export const MIN_ROWS_PER_THREAD = 200;
/** Chunks per thread: enough that a thread slowed by other load does not hold up the rest. */
const CHUNKS_PER_THREAD = 8;
/** Chunks a worker holds at once, so it has the next one while the main thread is busy scoring. */
const IN_FLIGHT = 2;

export function canScoreInParallel(stack: string, modelRoles: readonly string[]): boolean {
  return Object.hasOwn(SPLITTABLE, stack) && modelRoles.length === 0;
}

/** Threads for a bank: the given number, or (none given) one per core with at least MIN_ROWS_PER_THREAD rows each. */
export function threadsFor(rows: number, requested: number | undefined): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, rows));
  return Math.max(1, Math.min(availableParallelism(), Math.floor(rows / MIN_ROWS_PER_THREAD)));
}

/** Row indices in chunks of about equal text length; rows that share a key are in the same chunk. */
export function chunkRows(rows: readonly BankRow[], key: (row: BankRow) => string | undefined, chunks: number): number[][] {
  const components: number[][] = [];
  const byKey = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const k = key(row);
    if (k === undefined) return void components.push([i]);
    const known = byKey.get(k);
    if (known) known.push(i);
    else {
      const fresh = [i];
      byKey.set(k, fresh);
      components.push(fresh);
    }
  });
  const weight = (i: number): number => 64 + (typeof rows[i].output === "string" ? (rows[i].output as string).length : 0);
  const total = rows.reduce((a, _, i) => a + weight(i), 0);
  const target = total / Math.max(1, chunks);
  const out: number[][] = [];
  let current: number[] = [];
  let filled = 0;
  for (const component of components) {
    current.push(...component);
    filled += component.reduce((a, i) => a + weight(i), 0);
    if (filled >= target) {
      out.push(current.sort((a, b) => a - b));
      current = [];
      filled = 0;
    }
  }
  if (current.length > 0) out.push(current.sort((a, b) => a - b));
  return out;
}

export interface ParallelOptions {
  /** Scoring threads in all: this one (unless scoreHere is false) and the rest workers. */
  threads: number;
  /** Whether this thread scores chunks too (default true); false leaves it free and every chunk to workers. */
  scoreHere?: boolean;
  /** How each worker opens the stack: the options the main thread's scorer was opened with. */
  open: OpenScorerOptions;
  onProgress?: (done: number, total: number) => void;
  /** Per-worker V8 limits (a worker that runs out is an error, like any crash). */
  resourceLimits?: ResourceLimits;
}

interface Running {
  worker: Worker;
  ready: boolean;
  inFlight: Set<number>;
}

/** Scores `rows` with `scorer` here and in worker threads; the same scores, in the same order, as scorer.scoreRows(rows). */
export async function scoreInParallel(scorer: Scorer, stack: string, rows: BankRow[], options: ParallelOptions): Promise<Score[]> {
  const key = SPLITTABLE[stack];
  if (!key) throw new FoolsgoldError("parallel", `the ${stack} stack cannot be split across threads`);
  const chunks = chunkRows(rows, key, options.threads * CHUNKS_PER_THREAD);
  const scores: Score[] = new Array(rows.length);
  const queue = chunks.map((_, c) => c);
  let done = 0;
  let failure: Error | undefined;
  let wake: () => void = () => {};
  const settled = (): boolean => failure !== undefined || done === rows.length;

  const place = (chunk: number, got: readonly Score[]): void => {
    const indices = chunks[chunk];
    if (got.length !== indices.length) throw new FoolsgoldError("worker_protocol", `a scoring thread returned ${got.length} scores for ${indices.length} rows`);
    indices.forEach((row, k) => (scores[row] = got[k]));
    done += indices.length;
    options.onProgress?.(done, rows.length);
  };
  const fail = (err: Error): void => {
    failure ??= err;
    wake();
  };

  const setup: ParallelSetup = {
    module: new URL(import.meta.url.endsWith(".ts") ? "./parallel-worker.ts" : "./parallel-worker.js", import.meta.url).href,
    open: { ...options.open, onCall: undefined },
  };
  const feed = (w: Running): void => {
    while (w.ready && !failure && w.inFlight.size < IN_FLIGHT && queue.length > 0) {
      const chunk = queue.shift()!;
      w.inFlight.add(chunk);
      w.worker.postMessage({ chunk, rows: chunks[chunk].map((i) => rows[i]) });
    }
  };
  const scoreHere = options.scoreHere ?? true;
  const workers: Running[] = Array.from({ length: scoreHere ? options.threads - 1 : options.threads }, (_, k) => {
    const name = `scoring thread ${k + 1}`;
    const w: Running = {
      worker: new Worker(new URL("./parallel-boot.mjs", import.meta.url), { workerData: setup, resourceLimits: options.resourceLimits }),
      ready: false,
      inFlight: new Set(),
    };
    w.worker.on("message", (reply: ParallelReply) => {
      try {
        if ("ready" in reply) {
          if (reply.ready !== scorer.instrument.hash) throw new FoolsgoldError("worker_instrument", `${name} built instrument ${reply.ready}, this thread ${scorer.instrument.hash}`);
          w.ready = true;
        } else if ("fatal" in reply) throw new FoolsgoldError("worker_start", `${name} failed to start: ${reply.fatal}`);
        else if ("error" in reply) throw new FoolsgoldError("worker_error", `${name}: ${reply.error}`);
        else {
          w.inFlight.delete(reply.chunk);
          place(reply.chunk, reply.scores);
        }
        feed(w);
      } catch (err) {
        fail(err as Error);
      }
      wake();
    });
    w.worker.on("error", (err) => fail(new FoolsgoldError("worker_crash", `${name} crashed: ${err.message}`, { cause: err })));
    w.worker.on("exit", (code) => {
      if (!settled()) fail(new FoolsgoldError("worker_crash", `${name} exited (code ${code}) with ${w.inFlight.size} chunk(s) unscored`));
    });
    return w;
  });

  try {
    // This thread scores too, taking the next chunk whenever it is free; between chunks it yields so
    // worker replies are handled and the workers fed.
    while (!settled()) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (settled()) break;
      const chunk = scoreHere ? queue.shift() : undefined;
      if (chunk === undefined) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (settled()) resolve();
        });
        continue;
      }
      place(chunk, await scorer.scoreRows(chunks[chunk].map((i) => rows[i])));
    }
  } finally {
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }
  if (failure) throw failure;
  return scores;
}
