// A parallel-scoring thread: opens the same stack from the same options as the main thread (so the
// same instrument, which the main thread checks) and scores the chunks of rows it is sent, one at a
// time. A chunk comes as row objects (scores go back) or as the input's own JSON lines: then this
// thread parses and validates them as the main thread did, and sends back each row's output line and
// only what the run summary reads of each score, so the main thread neither copies full scores nor
// serializes these rows.
import { parentPort, workerData } from "node:worker_threads";
import { errorMessage } from "../core/errors.js";
import { parseRows } from "../core/schemas.js";
import type { BankRow, Score } from "../core/types.js";
import { openResolved, resolveStack, type OpenScorerOptions } from "./open.js";
import { canScoreInParallel } from "./parallel.js";
import { scoredLine, summaryPart, type SummaryScore } from "./scored-lines.js";

export interface ParallelSetup {
  module: string;
  open: OpenScorerOptions;
}

export type ParallelRequest = { chunk: number; rows: unknown[] } | { chunk: number; lines: string[]; where: string };
export type ParallelReply = { ready: string } | { chunk: number; scores: Score[] } | { chunk: number; lines: string[]; scores: SummaryScore[] } | { chunk: number; error: string } | { fatal: string };

const port = parentPort!;
const setup = workerData as ParallelSetup;
try {
  // A pool may start before its caller knows whether the stack needs models (score starts it first):
  // one that does is refused here, before any model client or embedded server is opened.
  const open: OpenScorerOptions = { ...setup.open, cache: false };
  const resolved = await resolveStack(open);
  const roles = [...new Set([...resolved.roles, ...resolved.configuredRoles])];
  if (!canScoreInParallel(resolved.definition, roles)) throw new Error(`the ${resolved.stack} stack${roles.length ? ` with model roles (${roles.join(", ")})` : ""} is scored on one thread`);
  const opened = await openResolved(resolved, open);
  port.on("message", async (message: ParallelRequest | "close") => {
    if (message === "close") {
      await opened.close();
      port.close();
      return;
    }
    try {
      if ("rows" in message) {
        port.postMessage({ chunk: message.chunk, scores: await opened.scorer.scoreRows(message.rows as never) } satisfies ParallelReply);
        return;
      }
      const rows = parseRows(
        opened.definition.rowKind,
        message.lines.map((line) => JSON.parse(line) as unknown),
        message.where,
      ) as BankRow[];
      const scores = await opened.scorer.scoreRows(rows);
      port.postMessage({ chunk: message.chunk, lines: rows.map((row, i) => scoredLine(row, scores[i])), scores: scores.map(summaryPart) } satisfies ParallelReply);
    } catch (err) {
      port.postMessage({ chunk: message.chunk, error: errorMessage(err) } satisfies ParallelReply);
    }
  });
  port.postMessage({ ready: opened.scorer.instrument.hash } satisfies ParallelReply);
} catch (err) {
  port.postMessage({ fatal: errorMessage(err) } satisfies ParallelReply);
}
