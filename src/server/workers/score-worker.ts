// A scoring worker: opens the same stack (same options, hence the same instrument) as the server's main
// thread and scores the batches it is sent. Used for stacks without model roles, whose scoring is
// CPU-bound and would otherwise block the thread that parses requests and writes the journal.
import { parentPort, workerData } from "node:worker_threads";
import { errorMessage } from "../../core/errors.js";
import { openScorer, type OpenScorerOptions } from "../../stacks/open.js";
import { scoreText, type ScoreText } from "../score-json.js";

export interface WorkerSetup {
  module: string;
  open: OpenScorerOptions;
}

/** The rows of each request in the batch: each is scored in its own call (see pool.ts). */
export type WorkerRequest = { id: number; parts: unknown[][] };
export type WorkerReply = { ready: string } | { id: number; scores: ScoreText[] } | { id: number; error: string } | { fatal: string };

const port = parentPort!;
const setup = workerData as WorkerSetup;
try {
  const opened = await openScorer({ ...setup.open, cache: false });
  port.on("message", async (message: WorkerRequest) => {
    try {
      // Scores travel as JSON text with value and error beside it: the main thread reads only those,
      // and the journal and the answer take the text as it is (see score-json.ts).
      const scores: ScoreText[] = [];
      for (const rows of message.parts) for (const s of await opened.scorer.scoreRows(rows as never)) scores.push(scoreText(s));
      port.postMessage({ id: message.id, scores } satisfies WorkerReply);
    } catch (err) {
      port.postMessage({ id: message.id, error: errorMessage(err) } satisfies WorkerReply);
    }
  });
  port.postMessage({ ready: opened.scorer.instrument.hash } satisfies WorkerReply);
} catch (err) {
  port.postMessage({ fatal: errorMessage(err) } satisfies WorkerReply);
}
