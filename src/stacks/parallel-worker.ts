// A parallel-scoring thread: opens the same stack from the same options as the main thread (so the
// same instrument, which the main thread checks) and scores the chunks of rows it is sent, one at a time.
import { parentPort, workerData } from "node:worker_threads";
import { errorMessage } from "../core/errors.js";
import type { Score } from "../core/types.js";
import { openScorer, type OpenScorerOptions } from "./open.js";

export interface ParallelSetup {
  module: string;
  open: OpenScorerOptions;
}

export type ParallelRequest = { chunk: number; rows: unknown[] };
export type ParallelReply = { ready: string } | { chunk: number; scores: Score[] } | { chunk: number; error: string } | { fatal: string };

const port = parentPort!;
const setup = workerData as ParallelSetup;
try {
  const opened = await openScorer({ ...setup.open, cache: false });
  port.on("message", async (message: ParallelRequest | "close") => {
    if (message === "close") {
      await opened.close();
      port.close();
      return;
    }
    try {
      port.postMessage({ chunk: message.chunk, scores: await opened.scorer.scoreRows(message.rows as never) } satisfies ParallelReply);
    } catch (err) {
      port.postMessage({ chunk: message.chunk, error: errorMessage(err) } satisfies ParallelReply);
    }
  });
  port.postMessage({ ready: opened.scorer.instrument.hash } satisfies ParallelReply);
} catch (err) {
  port.postMessage({ fatal: errorMessage(err) } satisfies ParallelReply);
}
