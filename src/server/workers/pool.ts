// A Scorer backed by worker threads: each batch goes to the worker with the fewest batches in flight.
// Every worker must report the main thread's instrument hash, so a served score is always the
// instrument the server advertises. A worker that dies is replaced (its batches fail, naming the
// crash), and an aborted batch terminates the worker scoring it — lexical scoring cannot be
// interrupted any other way — so a timed-out request stops using the CPU it held.
import { Worker } from "node:worker_threads";
import { FoolsgoldError } from "../../core/errors.js";
import type { BankRow, Score } from "../../core/types.js";
import { resolveStack } from "../../stacks/open.js";
import { chunkRows, rowKeyFor } from "../../stacks/parallel.js";
import type { Scorer } from "../../stacks/types.js";
import type { OpenScorerOptions } from "../../stacks/open.js";
import type { WorkerReply, WorkerSetup } from "./score-worker.js";
import { scoreFromText } from "../score-json.js";

interface Job {
  resolve: (s: Score[]) => void;
  reject: (e: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, Job>;
  ready: Promise<void>;
  isReady: boolean;
  dead: boolean;
  /** Being stopped (an aborted batch): gets no more work, replaced once it has exited. */
  retiring: boolean;
}

interface Queued extends Job {
  id: number;
  rows: unknown[];
  signal?: AbortSignal;
  cleanup(): void;
  /** Set while a worker scores it: the worker, the batch id, and whether other requests share it. */
  running?: { worker: PoolWorker; batchId: number; shared: boolean };
  /** Retried on its own after a shared batch failed. */
  alone?: boolean;
}

/** Most rows of queued requests sent to a worker as one batch. */
const MERGE_ROWS = 64;
/** Fewest rows per part when a request is split across idle workers. */
const SPLIT_ROWS = 16;

export interface WorkerPoolScorer extends Scorer {
  close(): Promise<void>;
  /** Workers started since the pool opened, replacements included. */
  readonly started: number;
  /** Batches sent to workers (queued requests merged into one count once). */
  readonly batches: number;
  /** Worker threads alive now (for tests and /metrics). */
  threadIds(): number[];
}

export async function createWorkerPoolScorer(main: Scorer, open: OpenScorerOptions, size: number): Promise<WorkerPoolScorer> {
  const splitKey = rowKeyFor((await resolveStack(open)).definition);
  let nextId = 0;
  let started = 0;
  let batches = 0;
  let closing = false;
  const setup = (): WorkerSetup => ({ module: new URL(import.meta.url.endsWith(".ts") ? "./score-worker.ts" : "./score-worker.js", import.meta.url).href, open: { ...open, onCall: undefined } });
  const workers: PoolWorker[] = [];
  // Batches wait here, not in a worker's message queue, so a worker only ever holds the batch it is
  // scoring and stopping it for an abort hits no other request.
  const queue: Queued[] = [];

  const dispatch = (): void => {
    for (const w of workers) {
      if (queue.length === 0) return;
      if (w.dead || w.retiring || !w.isReady || w.jobs.size > 0) continue;
      // Small batches queued together go to the worker in one message (one-sample requests, OpenRLHF's
      // pattern), but each request's rows are scored in a call of their own: a stack may compare a row
      // with the other rows of its call (the prose gates: its group, or its prompt), so rows of other
      // requests must never join that comparison.
      const members = [queue.shift()!];
      let rows = members[0].rows.length;
      while (queue.length > 0 && !members[0].alone && !queue[0].alone && rows + queue[0].rows.length <= MERGE_ROWS) {
        rows += queue[0].rows.length;
        members.push(queue.shift()!);
      }
      const id = nextId++;
      for (const m of members) m.running = { worker: w, batchId: id, shared: members.length > 1 };
      w.jobs.set(id, {
        resolve: (scores) => {
          let at = 0;
          for (const m of members) {
            m.cleanup();
            m.resolve(scores.slice(at, (at += m.rows.length)));
          }
          dispatch();
        },
        reject: (err) => {
          // A shared batch that failed as a whole is retried one request at a time, so one request's
          // bad row cannot fail the others; a request alone gets the error.
          if (members.length > 1 && !(err instanceof FoolsgoldError && err.code === "worker_crash")) {
            for (const m of members) m.running = undefined;
            queue.unshift(...members.map((m) => ((m.alone = true), m)));
          } else {
            for (const m of members) m.cleanup(), m.reject(err);
          }
          dispatch();
        },
      });
      batches++;
      w.worker.postMessage({ id, parts: members.map((m) => m.rows) });
    }
  };

  const failAll = (entry: PoolWorker, why: string): void => {
    for (const job of entry.jobs.values()) job.reject(new FoolsgoldError("worker_crash", why));
    entry.jobs.clear();
  };

  const start = (): PoolWorker => {
    started++;
    const worker = new Worker(new URL("./boot.mjs", import.meta.url), { workerData: setup() });
    let markReady!: () => void;
    let failStart!: (e: Error) => void;
    const entry: PoolWorker = { worker, jobs: new Map(), ready: new Promise<void>((res, rej) => ((markReady = res), (failStart = rej))), isReady: false, dead: false, retiring: false };
    entry.ready.then(
      () => ((entry.isReady = true), dispatch()),
      () => {},
    );
    worker.on("message", (reply: WorkerReply) => {
      if ("ready" in reply) {
        if (reply.ready !== main.instrument.hash) failStart(new FoolsgoldError("worker_instrument", `scoring worker built instrument ${reply.ready}, server has ${main.instrument.hash}`));
        else markReady();
        return;
      }
      if ("fatal" in reply) return failStart(new FoolsgoldError("worker_start", `scoring worker failed to start: ${reply.fatal}`));
      const job = entry.jobs.get(reply.id);
      if (!job) return;
      entry.jobs.delete(reply.id);
      if ("error" in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.scores.map(scoreFromText));
    });
    const died = (why: string): void => {
      if (entry.dead) return;
      entry.dead = true;
      failStart(new FoolsgoldError("worker_start", why));
      failAll(entry, why);
      const at = workers.indexOf(entry);
      // Replace it, unless it never started (a broken setup would be restarted forever).
      if (at >= 0 && !closing) {
        if (entry.isReady) workers[at] = start();
        else workers.splice(at, 1);
      }
      if (!closing && workers.length === 0) for (const job of queue.splice(0)) job.reject(new FoolsgoldError("worker_crash", `no scoring worker is alive: ${why}`));
    };
    worker.on("error", (err) => died(`scoring worker crashed: ${err.message}`));
    worker.on("exit", (code) => died(`scoring worker exited (code ${code})`));
    return entry;
  };

  for (let i = 0; i < size; i++) workers.push(start());
  await Promise.all(workers.map((w) => w.ready));

  return {
    instrument: main.instrument,
    rowKind: main.rowKind,
    get started() {
      return started;
    },
    get batches() {
      return batches;
    },
    threadIds: () => workers.filter((w) => !w.dead && !w.retiring).map((w) => w.worker.threadId),
    scoreRows(rows, ctx) {
      const signal = ctx?.signal;
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      // A batch that arrives while workers sit idle is split across them: at a light load its
      // latency is one worker's share, not the whole batch on one thread while the others wait. With
      // batches already waiting, each goes whole to one worker (batched scoring costs less per row).
      // Only along the stack's own row key (rows that share it are compared and stay in one part), and
      // only for stacks that declare one.
      const idle = queue.length === 0 ? workers.filter((w) => w.isReady && !w.dead && !w.retiring && w.jobs.size === 0).length : 0;
      const parts = Math.min(idle, Math.floor(rows.length / SPLIT_ROWS));
      if (parts < 2 || splitKey === undefined) return enqueue(rows, signal);
      const chunks = chunkRows(rows as BankRow[], splitKey, parts);
      if (chunks.length < 2) return enqueue(rows, signal);
      return Promise.all(
        chunks.map((chunk) =>
          enqueue(
            chunk.map((i) => rows[i]),
            signal,
          ),
        ),
      ).then((scored) => {
        const out = new Array<Score>(rows.length);
        chunks.forEach((chunk, c) => chunk.forEach((i, j) => (out[i] = scored[c][j])));
        return out;
      });
    },
    async close() {
      closing = true;
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };

  function enqueue(rows: unknown[], signal: AbortSignal | undefined): Promise<Score[]> {
    return new Promise<Score[]>((resolve, reject) => {
      const job: Queued = { id: nextId++, rows, resolve, reject, signal, cleanup: () => {} };
      const onAbort = (): void => {
        const why = `scoring aborted (${signal?.reason instanceof Error ? signal.reason.message : "by the caller"})`;
        const queuedAt = queue.indexOf(job);
        if (queuedAt >= 0) {
          queue.splice(queuedAt, 1);
          reject(new FoolsgoldError("aborted", why));
          return;
        }
        const running = job.running;
        if (running?.shared) {
          // Scored with other requests' rows (at most MERGE_ROWS, milliseconds of work): this request
          // stops waiting; the batch finishes for the others.
          job.cleanup();
          reject(new FoolsgoldError("aborted", why));
          return;
        }
        // Running alone: stop the thread (it holds only this batch) and let the exit handler replace it.
        const owner = running?.worker;
        owner?.jobs.delete(running!.batchId);
        if (owner) owner.retiring = true;
        reject(new FoolsgoldError("aborted", `${why}; its worker was stopped and replaced`));
        void owner?.worker.terminate();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      job.cleanup = () => signal?.removeEventListener("abort", onAbort);
      queue.push(job);
      dispatch();
    });
  }
}
