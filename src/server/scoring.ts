// The steps a scoring route takes once it has read its body: a slot, a scorer, the journal's word on
// the request id, the scoring itself under its time limit, and the results committed before they are
// acknowledged. Failure semantics: a row that could not be scored is reported with its index and
// reason, never turned into a 0; a request past its time limit aborts the scoring it started.
import type { Context } from "hono";
import { errorMessage } from "../core/errors.js";
import type { BankRow, Score, TranscriptRow } from "../core/types.js";
import type { Scorer } from "../stacks/types.js";
import type { StoredResult } from "./journal.js";
import type { RowFailure } from "./answers.js";
import type { ServerContext } from "./context.js";
import type { RequestTiming } from "./timing.js";
import { HttpError } from "./http-error.js";

/** A slot to score in, taken once the body has been read: a full server refuses at once. */
export async function admit(ctx: ServerContext): Promise<() => void> {
  const release = await ctx.admission.enter();
  if (!release) throw new HttpError(429, `server at capacity (${ctx.limits.maxInFlight} batches scoring, ${ctx.limits.maxQueue} queued); retry later`);
  return release;
}

export function pickScorer(ctx: ServerContext, name: string | undefined): { scorer: Scorer; stack: string } {
  const stack = name ?? ctx.deps.defaultStack;
  const scorer = ctx.deps.scorers[stack];
  if (!scorer) throw new HttpError(400, `unknown stack "${stack}"; this server scores: ${Object.keys(ctx.deps.scorers).join(", ")}`);
  return { scorer, stack };
}

export function checkBatch(ctx: ServerContext, n: number): void {
  if (n > ctx.limits.maxBatch) throw new HttpError(413, `batch of ${n} rows exceeds the limit of ${ctx.limits.maxBatch} (--max-batch)`);
}

/** A request without an id of its own gets a time-ordered one (see request-id.ts). */
export function requestIdOf(ctx: ServerContext, c: Context, fromBody: string | undefined): string {
  return fromBody ?? c.req.header("idempotency-key") ?? c.req.header("x-request-id") ?? ctx.newRequestId();
}

/** A journal call; a journal that cannot be reached answers 503 (retry later), never a 500. */
async function journaled<T>(ctx: ServerContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(503, `journal (${ctx.deps.journal.kind}) unavailable: ${errorMessage(err)}; nothing was acknowledged, retry later`);
  }
}

export interface ScoringCall {
  /** Frees the request's admission slot (called once scoring has stopped, or at once on a stored answer). */
  release: () => void;
  requestId: string;
  route: string;
  stack: string;
  scorer: Scorer;
  rows: (BankRow | TranscriptRow)[];
  bodyHash: string;
  timing: RequestTiming;
  /**
   * The request body as sent, journaled as it is when its `rows` are the rows scored (a /v1/score
   * body, checked: valid JSON, known fields only, no lone surrogates) — serializing the parsed rows
   * again cost the main thread ≈ 0.5 ms per 64 × 300-word batch. Every reader of the journal reads
   * `rows` from either form as the server parsed them (journal-rows.ts).
   */
  bodyText?: string;
}

export interface Scored {
  scores: Score[];
  failures: RowFailure[];
  instrument: string;
}

/** Scores a request's rows once per request id: a finished id answers from the journal. */
export async function scoreJournaled(ctx: ServerContext, call: ScoringCall): Promise<Scored> {
  const { release, requestId, route, stack, scorer, rows, bodyHash, timing, bodyText } = call;
  const { journal } = ctx.deps;
  const instrument = scorer.instrument.hash;
  let scoring: Promise<Score[]>;
  const controller = new AbortController();
  try {
    const journalRequest = { id: requestId, route, stack, instrument, bodyHash, body: bodyText ?? JSON.stringify({ rows }) };
    const begun = await journaled(ctx, () => journal.begin(journalRequest, ctx.leaseMs));
    timing.mark("begin");
    if (begun.kind === "conflict") throw new HttpError(409, `request id "${requestId}" was already used with a different body`);
    if (begun.kind === "pending") {
      const seconds = Math.max(1, Math.ceil(begun.retryAfterMs / 1000));
      throw new HttpError(409, `request "${requestId}" is still being scored; retry after ${seconds} s (a request whose server died is taken over when its lease ends)`, { request_id: requestId }, seconds);
    }
    if (begun.kind === "done") {
      // A retry of a finished request scores nothing: its slot is free again at once.
      release();
      return assemble(
        rows,
        begun.results.map((r) => r.score),
        instrument,
      );
    }
    scoring = scorer.scoreRows(rows as never, { signal: controller.signal });
  } catch (err) {
    release();
    throw err;
  }
  // The slot is held until the scorer has stopped, not just until the response: an aborted call
  // still occupies the backend until it returns, and --max-in-flight bounds backend load.
  void scoring.then(release, release);
  const { requestTimeoutMs } = ctx.limits;
  let scores: Score[];
  try {
    scores = await withTimeout(scoring, requestTimeoutMs, () => controller.abort(new Error(`request time limit of ${requestTimeoutMs} ms`)));
    timing.mark("score");
  } catch (err) {
    const timedOut = err instanceof TimeoutError;
    const reason = timedOut ? `scoring took longer than ${requestTimeoutMs} ms (aborted)` : `scoring failed: ${errorMessage(err)}`;
    await journaled(ctx, () => journal.fail(requestId, reason));
    ctx.metrics.rowErrors.inc({ stack, kind: timedOut ? "timeout" : "backend" }, rows.length);
    throw new HttpError(timedOut ? 504 : 502, reason, { request_id: requestId, failed: rows.map((r, index) => ({ index, id: r.id, reason })) });
  }
  if (scores.length !== rows.length) {
    const reason = `stack returned ${scores.length} scores for ${rows.length} rows`;
    await journaled(ctx, () => journal.fail(requestId, reason));
    throw new HttpError(502, reason);
  }
  const stored: StoredResult[] = scores.map((score, index) => ({ index, rowId: rows[index].id, step: typeof rows[index].step === "number" ? (rows[index].step as number) : null, score }));
  // Not acknowledged unless committed: a journal that cannot take the result makes this a 503.
  await journaled(ctx, () => journal.complete(requestId, stored));
  timing.mark("commit");
  ctx.metrics.rowsScored.inc({ stack }, rows.length);
  const out = assemble(rows, scores, instrument);
  if (out.failures.length > 0) ctx.metrics.rowErrors.inc({ stack, kind: "row" }, out.failures.length);
  return out;
}

function assemble(rows: (BankRow | TranscriptRow)[], scores: Score[], instrument: string): Scored {
  // A journal whose results do not cover every row (damaged by hand) is an error, never a row without a score.
  if (scores.length !== rows.length) throw new Error(`the journal holds ${scores.length} results for ${rows.length} rows`);
  const failures: RowFailure[] = [];
  scores.forEach((score, index) => {
    if (score.value === null || !Number.isFinite(score.value)) failures.push({ index, id: rows[index].id, reason: score.error ?? "no value" });
  });
  return { scores, failures, instrument };
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new TimeoutError(`timeout after ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
