// Scoring a bank on several threads (issue 20): the main thread and threads-1 worker threads take
// chunks of rows from one queue, and every score goes back to its row's place, so the output is the
// one-thread output in the same order. Only stacks whose rows can be split are run this way: they are
// lexical (no model roles) and declare `capabilities.parallel: "rows"`. A stack that compares a row
// with others (the prose stack's abnormally-short gate) names the row field that groups them
// (`capabilities.groupBy`): rows with the same value (or, without one, the same prompt) always travel
// together. Each worker opens
// the stack from the same options and must report the same instrument hash. A worker that fails to
// start, crashes or exits is an error for the whole call, never a missing or zero score.
import { availableParallelism } from "node:os";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { FoolsgoldError } from "../core/errors.js";
import type { BankRow, Score } from "../core/types.js";
import type { OpenScorerOptions } from "./open.js";
import type { ParallelReply, ParallelRequest, ParallelSetup } from "./parallel-worker.js";
import { scoredLine, type SummaryScore } from "./scored-lines.js";
import { promptOf } from "./prompt.js";
import type { StackDefinition } from "./types.js";
import type { Scorer } from "./types.js";

type RowKey = (row: BankRow) => string | undefined;
type Splittable = Pick<StackDefinition, "capabilities">;

/** The key of rows that must be scored in one call, for a stack whose calls may be split (undefined: do not split them). */
export function rowKeyFor(stack: Splittable): RowKey | undefined {
  if (!isSplittable(stack)) return undefined;
  const field = stack.capabilities?.groupBy;
  if (field === undefined) return () => undefined;
  // A group, or the prompt when there is none (the widest set a group-relative term compares).
  return (row) => {
    const group = (row as Record<string, unknown>)[field];
    if (group !== undefined) return `group:${String(group)}`;
    const prompt = promptOf(row).text;
    return prompt ? `prompt:${prompt}` : undefined;
  };
}

/** Input below this many bytes per thread is not worth a thread's start-up (modules, dictionary, lemma table, a JIT warm-up: ~1–2 CPU-s). */
export const MIN_BYTES_PER_THREAD = 2_000_000;
/** Chunks per thread: small enough that the last ones (a worker holds two) leave no thread idle long at the end, or held up by other load. */
const CHUNKS_PER_THREAD = 24;
/** Chunks a worker holds at once, so it has the next one while the main thread is busy scoring. */
const IN_FLIGHT = 2;

/** Whether the stack's calls can be split at all; with model roles (canScoreInParallel) they are not. */
export function isSplittable(stack: Splittable): boolean {
  return stack.capabilities?.parallel === "rows";
}

export function canScoreInParallel(stack: Splittable, modelRoles: readonly string[]): boolean {
  return isSplittable(stack) && modelRoles.length === 0;
}

/**
 * Threads for an input of `bytes`: the number asked for, or (none asked for) one per core with at
 * least MIN_BYTES_PER_THREAD each. Decided from the file's size so workers can start before it is read.
 */
export function threadsFor(bytes: number, requested: number | undefined): number {
  if (requested !== undefined) return Math.max(1, requested);
  return Math.max(1, Math.min(availableParallelism(), Math.floor(bytes / MIN_BYTES_PER_THREAD)));
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

export interface PoolOptions {
  /** Worker threads to start. */
  workers: number;
  /** How each worker opens the stack: the options the main thread's scorer was opened with. */
  open: OpenScorerOptions;
  /** Per-worker V8 limits (a worker that runs out is an error, like any crash). */
  resourceLimits?: ResourceLimits;
}

export interface ParallelOptions extends Omit<PoolOptions, "workers"> {
  /** Scoring threads in all: this one (unless scoreHere is false) and the rest workers. */
  threads: number;
  /** Whether this thread scores chunks too (default true); false leaves it free and every chunk to workers. */
  scoreHere?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface PoolScoreOptions {
  scoreHere?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Stops the call: it rejects with the signal's reason; chunks placed before it stay placed. */
  signal?: AbortSignal;
}

/** Each row's output line (the row plus its score, as `score` writes it) and what the summary reads of its score. */
export interface ScoredLines {
  lines: string[];
  scores: SummaryScore[];
}

export interface ScoringPool {
  /** The same scores, in the same order, as scorer.scoreRows(rows); this thread scores chunks too unless scoreHere is false. */
  score(scorer: Scorer, stack: Splittable, rows: BankRow[], options?: PoolScoreOptions): Promise<Score[]>;
  /**
   * scoredLine(rows[i], score) for every row, in order, with the summary's part of each score: workers
   * get the rows' own JSON lines (`texts[i]` parses to what `rows[i]` was validated from, in `where`),
   * parse them and write the output lines themselves.
   */
  scoreLines(scorer: Scorer, stack: Splittable, rows: BankRow[], texts: readonly string[], where: string, options?: PoolScoreOptions & { into?: ScoredLines }): Promise<ScoredLines>;
  /** Stops the workers (idempotent). */
  close(): Promise<void>;
}

interface Running {
  name: string;
  worker: Worker;
  /** The instrument hash it built, once it has opened the stack. */
  instrument?: string;
  inFlight: Set<number>;
}

type Reply = Extract<ParallelReply, { scores: unknown[] }>;

interface Call {
  onReply(w: Running, reply: Reply): void;
  feed(w: Running): void;
  fail(err: Error): void;
}

/** How one call sends a chunk to a worker, places a worker's reply, and scores a chunk on this thread. */
interface Job {
  request(chunk: number, indices: number[]): ParallelRequest;
  place(indices: number[], reply: Reply): void;
  here(indices: number[]): Promise<void>;
}

/**
 * Starts worker threads that open the stack now, so they load while this thread reads the bank; one
 * call to score() at a time. A worker that fails to start or dies fails the call that is running, or
 * the next one.
 */
export function startPool(options: PoolOptions): ScoringPool {
  const setup: ParallelSetup = {
    module: new URL(import.meta.url.endsWith(".ts") ? "./parallel-worker.ts" : "./parallel-worker.js", import.meta.url).href,
    open: { ...options.open, onCall: undefined },
  };
  let failure: Error | undefined;
  let call: Call | undefined;
  let closed = false;
  const fail = (err: Error): void => {
    failure ??= err;
    call?.fail(err);
  };
  const workers: Running[] = Array.from({ length: options.workers }, (_, k) => {
    const w: Running = { name: `scoring thread ${k + 1}`, worker: new Worker(new URL("./parallel-boot.mjs", import.meta.url), { workerData: setup, resourceLimits: options.resourceLimits }), inFlight: new Set() };
    w.worker.on("message", (reply: ParallelReply) => {
      if ("ready" in reply) {
        w.instrument = reply.ready;
        call?.feed(w);
      } else if ("fatal" in reply) fail(new FoolsgoldError("worker_start", `${w.name} failed to start: ${reply.fatal}`));
      else if ("error" in reply) fail(new FoolsgoldError("worker_error", `${w.name}: ${reply.error}`));
      else call?.onReply(w, reply);
    });
    w.worker.on("error", (err) => fail(new FoolsgoldError("worker_crash", `${w.name} crashed: ${err.message}`, { cause: err })));
    w.worker.on("exit", (code) => {
      if (!closed) fail(new FoolsgoldError("worker_crash", `${w.name} exited (code ${code}) with ${w.inFlight.size} chunk(s) unscored`));
    });
    return w;
  });

  async function run(scorer: Scorer, stack: Splittable, rows: readonly BankRow[], job: Job, opts: PoolScoreOptions): Promise<void> {
    const key = rowKeyFor(stack);
    if (!key) throw new FoolsgoldError("parallel", `this stack cannot be split across threads (its capabilities.parallel is not "rows")`);
    if (call) throw new FoolsgoldError("parallel", "a scoring pool scores one bank at a time");
    opts.signal?.throwIfAborted();
    const scoreHere = opts.scoreHere ?? true;
    const chunks = chunkRows(rows, key, (workers.length + (scoreHere ? 1 : 0)) * CHUNKS_PER_THREAD);
    const queue = chunks.map((_, c) => c);
    let done = 0;
    let callFailure = failure;
    let wake: () => void = () => {};
    const settled = (): boolean => callFailure !== undefined || done === rows.length;
    const placed = (chunk: number): void => {
      done += chunks[chunk].length;
      opts.onProgress?.(done, rows.length);
    };
    call = {
      fail(err) {
        callFailure ??= err;
        wake();
      },
      feed(w) {
        if (w.instrument === undefined || callFailure) return;
        if (w.instrument !== scorer.instrument.hash) return this.fail(new FoolsgoldError("worker_instrument", `${w.name} built instrument ${w.instrument}, this thread ${scorer.instrument.hash}`));
        while (w.inFlight.size < IN_FLIGHT && queue.length > 0) {
          const chunk = queue.shift()!;
          w.inFlight.add(chunk);
          w.worker.postMessage(job.request(chunk, chunks[chunk]));
        }
      },
      onReply(w, reply) {
        w.inFlight.delete(reply.chunk);
        const indices = chunks[reply.chunk];
        try {
          if (reply.scores.length !== indices.length) throw new FoolsgoldError("worker_protocol", `a scoring thread returned ${reply.scores.length} scores for ${indices.length} rows`);
          job.place(indices, reply);
          placed(reply.chunk);
        } catch (err) {
          return this.fail(err as Error);
        }
        this.feed(w);
        wake();
      },
    };
    const onAbort = (): void => call?.fail(opts.signal!.reason as Error);
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      for (const w of workers) call.feed(w);
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
        await job.here(chunks[chunk]);
        placed(chunk);
      }
    } finally {
      call = undefined;
      opts.signal?.removeEventListener("abort", onAbort);
    }
    if (callFailure) throw callFailure;
  }

  async function score(scorer: Scorer, stack: Splittable, rows: BankRow[], opts: PoolScoreOptions = {}): Promise<Score[]> {
    const scores: Score[] = new Array(rows.length);
    const put = (indices: number[], got: readonly Score[]): void => indices.forEach((row, k) => (scores[row] = got[k]));
    await run(
      scorer,
      stack,
      rows,
      {
        request: (chunk, indices) => ({ chunk, rows: indices.map((i) => rows[i]) }),
        place: (indices, reply) => put(indices, reply.scores),
        here: async (indices) => put(indices, await scorer.scoreRows(indices.map((i) => rows[i]))),
      },
      opts,
    );
    return scores;
  }

  async function scoreLines(scorer: Scorer, stack: Splittable, rows: BankRow[], texts: readonly string[], where: string, opts: PoolScoreOptions & { into?: ScoredLines } = {}): Promise<ScoredLines> {
    if (texts.length !== rows.length) throw new FoolsgoldError("parallel", `${texts.length} input lines for ${rows.length} rows`);
    // `into` (the caller's) holds every chunk placed so far, also when the call is stopped.
    const out: ScoredLines = opts.into ?? { lines: new Array(rows.length), scores: new Array(rows.length) };
    await run(
      scorer,
      stack,
      rows,
      {
        request: (chunk, indices) => ({ chunk, lines: indices.map((i) => texts[i]), where }),
        place: (indices, reply) => {
          if (!("lines" in reply) || reply.lines.length !== indices.length) throw new FoolsgoldError("worker_protocol", "a scoring thread returned no output line for some rows");
          indices.forEach((row, k) => {
            out.lines[row] = reply.lines[k];
            out.scores[row] = reply.scores[k];
          });
        },
        here: async (indices) => {
          const got = await scorer.scoreRows(
            indices.map((i) => rows[i]),
            { signal: opts.signal },
          );
          indices.forEach((row, k) => {
            out.lines[row] = scoredLine(rows[row], got[k]);
            out.scores[row] = got[k];
          });
        },
      },
      opts,
    );
    return out;
  }

  return {
    score,
    scoreLines,
    async close() {
      closed = true;
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}

/** scoreInParallel(scorer, stack, rows, options): a pool of threads-1 workers (threads, without scoreHere) for one bank. */
export async function scoreInParallel(scorer: Scorer, stack: Splittable, rows: BankRow[], options: ParallelOptions): Promise<Score[]> {
  const scoreHere = options.scoreHere ?? true;
  const pool = startPool({ workers: scoreHere ? options.threads - 1 : options.threads, open: options.open, resourceLimits: options.resourceLimits });
  try {
    return await pool.score(scorer, stack, rows, { scoreHere, onProgress: options.onProgress });
  } finally {
    await pool.close();
  }
}
