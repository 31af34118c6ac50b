// A Scorer backed by worker threads: each batch goes to the worker with the fewest batches in flight.
// Every worker must report the main thread's instrument hash, so a served score is always the
// instrument the server advertises. A worker that dies is replaced (its batches fail, naming the
// crash), and an aborted batch terminates the worker scoring it — lexical scoring cannot be
// interrupted any other way — so a timed-out request stops using the CPU it held.
import { Worker } from "node:worker_threads";
import { FoolsgoldError } from "../../core/errors.js";
import type { Score } from "../../core/types.js";
import type { Scorer } from "../../stacks/types.js";
import type { OpenScorerOptions } from "../../stacks/open.js";
import type { WorkerReply, WorkerSetup } from "./score-worker.js";

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
}

export interface WorkerPoolScorer extends Scorer {
  close(): Promise<void>;
  /** Workers started since the pool opened, replacements included. */
  readonly started: number;
  /** Worker threads alive now (for tests and /metrics). */
  threadIds(): number[];
}

export async function createWorkerPoolScorer(main: Scorer, open: OpenScorerOptions, size: number): Promise<WorkerPoolScorer> {
  let nextId = 0;
  let started = 0;
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
      const job = queue.shift()!;
      w.jobs.set(job.id, {
        resolve: (scores) => (job.cleanup(), job.resolve(scores), dispatch()),
        reject: (err) => (job.cleanup(), job.reject(err), dispatch()),
      });
      w.worker.postMessage({ id: job.id, rows: job.rows });
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
      else job.resolve(reply.scores as Score[]);
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
    threadIds: () => workers.filter((w) => !w.dead && !w.retiring).map((w) => w.worker.threadId),
    scoreRows(rows, ctx) {
      const signal = ctx?.signal;
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      return new Promise<Score[]>((resolve, reject) => {
        const job: Queued = { id: nextId++, rows, resolve, reject, signal, cleanup: () => {} };
        const onAbort = (): void => {
          const why = `scoring aborted (${signal?.reason instanceof Error ? signal.reason.message : "by the caller"})`;
          const queuedAt = queue.indexOf(job);
          if (queuedAt >= 0) {
            queue.splice(queuedAt, 1);
            return reject(new FoolsgoldError("aborted", why));
          }
          // Running: stop the thread (it holds only this batch) and let the exit handler replace it.
          const owner = workers.find((w) => w.jobs.has(job.id));
          owner?.jobs.delete(job.id);
          if (owner) owner.retiring = true;
          reject(new FoolsgoldError("aborted", `${why}; its worker was stopped and replaced`));
          void owner?.worker.terminate();
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        job.cleanup = () => signal?.removeEventListener("abort", onAbort);
        queue.push(job);
        dispatch();
      });
    },
    async close() {
      closing = true;
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}
