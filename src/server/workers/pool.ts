// A Scorer backed by worker threads: each batch goes to the worker with the fewest batches in flight.
// Every worker must report the main thread's instrument hash, so a served score is always the
// instrument the server advertises.
import { Worker } from "node:worker_threads";
import { FoolsgoldError } from "../../core/errors.js";
import type { Score } from "../../core/types.js";
import type { Scorer } from "../../stacks/types.js";
import type { OpenScorerOptions } from "../../stacks/open.js";
import type { WorkerReply, WorkerSetup } from "./score-worker.js";

interface PoolWorker {
  worker: Worker;
  busy: number;
}

export interface WorkerPoolScorer extends Scorer {
  close(): Promise<void>;
}

export async function createWorkerPoolScorer(main: Scorer, open: OpenScorerOptions, size: number): Promise<WorkerPoolScorer> {
  const pending = new Map<number, { resolve: (s: Score[]) => void; reject: (e: Error) => void; worker: PoolWorker }>();
  let nextId = 0;
  const setup = (): WorkerSetup => ({ module: new URL(import.meta.url.endsWith(".ts") ? "./score-worker.ts" : "./score-worker.js", import.meta.url).href, open: { ...open, onCall: undefined } });

  const start = (): Promise<PoolWorker> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL("./boot.mjs", import.meta.url), { workerData: setup() });
      const entry: PoolWorker = { worker, busy: 0 };
      worker.on("message", (reply: WorkerReply) => {
        if ("ready" in reply) {
          if (reply.ready !== main.instrument.hash) reject(new FoolsgoldError("worker_instrument", `scoring worker built instrument ${reply.ready}, server has ${main.instrument.hash}`));
          else resolve(entry);
          return;
        }
        if ("fatal" in reply) return reject(new FoolsgoldError("worker_start", `scoring worker failed to start: ${reply.fatal}`));
        const job = pending.get(reply.id);
        if (!job) return;
        pending.delete(reply.id);
        job.worker.busy--;
        if ("error" in reply) job.reject(new Error(reply.error));
        else job.resolve(reply.scores as Score[]);
      });
      worker.on("error", (err) => {
        reject(err);
        for (const [id, job] of pending) {
          if (job.worker !== entry) continue;
          pending.delete(id);
          job.reject(new Error(`scoring worker crashed: ${err.message}`));
        }
      });
    });

  const workers = await Promise.all(Array.from({ length: size }, start));
  return {
    instrument: main.instrument,
    rowKind: main.rowKind,
    scoreRows(rows) {
      const target = workers.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = nextId++;
      target.busy++;
      return new Promise<Score[]>((resolve, reject) => {
        pending.set(id, { resolve, reject, worker: target });
        target.worker.postMessage({ id, rows });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}
