// The reward server as an app factory (SPEC §10): testable with app.request() and no socket.
// Failure semantics: a row that could not be scored is reported with its index and reason, never
// turned into a 0; an overloaded server answers 429 with retry-after instead of queueing forever.
import { randomUUID, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { parseRows } from "../core/schemas.js";
import { formatIssues } from "../config/issues.js";
import { decodeUtf8 } from "../core/jsonl.js";
import { hashOf } from "../core/hash.js";
import { InputError, errorMessage } from "../core/errors.js";
import type { BankRow, Score, TranscriptRow } from "../core/types.js";
import type { Scorer } from "../stacks/types.js";
import type { Journal, StoredResult } from "./journal.js";
import { createAdmission } from "./admission.js";
import { createMetrics, type ServerMetrics } from "./metrics.js";
import { openRlhfRows, openRlhfResponse } from "./openrlhf.js";

export interface ServerLimits {
  maxBodyBytes: number;
  maxBatch: number;
  requestTimeoutMs: number;
  maxInFlight: number;
  maxQueue: number;
  retryAfterSeconds: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxBodyBytes: 16 * 1024 * 1024,
  maxBatch: 1024,
  requestTimeoutMs: 120_000,
  maxInFlight: 4,
  maxQueue: 32,
  retryAfterSeconds: 1,
};

export interface AppDeps {
  scorers: Record<string, Scorer>;
  defaultStack: string;
  journal: Journal;
  limits?: Partial<ServerLimits>;
  /** When set, every route but /healthz requires `Authorization: Bearer <token>`. */
  token?: string;
  metrics?: ServerMetrics;
  /** Optional live-monitor report served at GET /v1/monitor. */
  monitor?: () => unknown;
}

const scoreBody = z.object({
  rows: z.array(z.unknown()).min(1, "must hold at least one row"),
  stack: z.string().optional(),
  request_id: z.string().min(1).optional(),
});

class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413 | 415 | 429 | 502 | 503 | 504,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface RowFailure {
  index: number;
  id: string;
  reason: string;
}

export function createApp(deps: AppDeps): Hono {
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const metrics = deps.metrics ?? createMetrics();
  const admission = createAdmission(limits.maxInFlight, limits.maxQueue);
  const app = new Hono();

  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    const route = c.req.routePath || c.req.path;
    metrics.requests.inc({ route, status: String(c.res.status) });
    metrics.latency.observe({ route }, (performance.now() - started) / 1000);
  });

  if (deps.token) {
    const expected = Buffer.from(`Bearer ${deps.token}`);
    app.use("*", async (c, next) => {
      if (c.req.path === "/healthz") return next();
      const given = Buffer.from(c.req.header("authorization") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return c.json({ error: "missing or wrong bearer token (Authorization: Bearer <token>)" }, 401);
      }
      return next();
    });
  }

  const limitBody = bodyLimit({
    maxSize: limits.maxBodyBytes,
    onError: (c) => c.json({ error: `request body exceeds ${limits.maxBodyBytes} bytes` }, 413),
  });

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      if (err.status === 429 || err.status === 503) c.header("retry-after", String(limits.retryAfterSeconds));
      return c.json({ error: err.message, ...err.extra }, err.status);
    }
    if (err instanceof InputError) return c.json({ error: err.message }, 400);
    metrics.rowErrors.inc({ stack: "-", kind: "internal" });
    return c.json({ error: `internal error: ${errorMessage(err)}` }, 500);
  });

  app.get("/healthz", (c) =>
    c.json({
      status: "ok",
      default_stack: deps.defaultStack,
      stacks: Object.fromEntries(Object.entries(deps.scorers).map(([name, s]) => [name, { instrument: s.instrument.hash, row_kind: s.rowKind }])),
    }),
  );

  app.get("/metrics", async (c) => {
    metrics.queueDepth.set(admission.queued);
    metrics.inFlight.set(admission.inFlight);
    return c.text(await metrics.registry.metrics(), 200, { "content-type": metrics.registry.contentType });
  });

  app.get("/v1/requests/:id", (c) => {
    const request = deps.journal.get(c.req.param("id"));
    if (!request) throw new HttpError(404, `no request with id "${c.req.param("id")}" in the journal`);
    return c.json({ id: request.id, status: request.status, stack: request.stack, instrument: request.instrument, error: request.error, results: deps.journal.results(request.id) });
  });

  if (deps.monitor) {
    const monitor = deps.monitor;
    app.get("/v1/monitor", (c) => c.json(monitor() as object));
  }

  app.post("/v1/score", limitBody, async (c) => {
    const body = await readJson(c);
    const parsed = scoreBody.safeParse(body);
    if (!parsed.success) throw new HttpError(400, formatIssues(parsed.error));
    const { scorer, stack } = pickScorer(parsed.data.stack);
    checkBatch(parsed.data.rows.length);
    const rows = parseRows(scorer.rowKind, parsed.data.rows, "request body");
    const requestId = requestIdOf(c, parsed.data.request_id);
    const { scored, failures, instrument } = await scoreJournaled(requestId, "/v1/score", stack, scorer, rows, body);
    return c.json({ request_id: requestId, instrument, rows: scored, errors: failures }, 200);
  });

  app.post("/get_reward", limitBody, async (c) => {
    const body = await readJson(c);
    const { scorer, stack } = pickScorer(undefined);
    if (scorer.rowKind !== "bank") {
      throw new HttpError(400, `stack "${stack}" scores multi-turn transcripts; OpenRLHF's /get_reward sends single responses (use a bank stack or POST /v1/score)`);
    }
    const rows = openRlhfRows(body);
    checkBatch(rows.length);
    const requestId = requestIdOf(c, undefined);
    const { scored, failures } = await scoreJournaled(requestId, "/get_reward", stack, scorer, rows, body);
    if (failures.length > 0) {
      // OpenRLHF cannot take a missing reward: fail the call so its client retries, naming the samples.
      throw new HttpError(502, `${failures.length} of ${rows.length} samples could not be scored`, { request_id: requestId, failed: failures });
    }
    return c.json(openRlhfResponse(scored.map((r) => r.score as Score)));
  });

  function pickScorer(name: string | undefined): { scorer: Scorer; stack: string } {
    const stack = name ?? deps.defaultStack;
    const scorer = deps.scorers[stack];
    if (!scorer) throw new HttpError(400, `unknown stack "${stack}"; this server scores: ${Object.keys(deps.scorers).join(", ")}`);
    return { scorer, stack };
  }

  function checkBatch(n: number): void {
    if (n > limits.maxBatch) throw new HttpError(413, `batch of ${n} rows exceeds the limit of ${limits.maxBatch}`);
  }

  async function scoreJournaled(requestId: string, route: string, stack: string, scorer: Scorer, rows: (BankRow | TranscriptRow)[], body: unknown) {
    const instrument = scorer.instrument.hash;
    const journalRequest = { id: requestId, route, stack, instrument, bodyHash: hashOf({ stack, body }), body: JSON.stringify(body) };
    const begun = deps.journal.begin(journalRequest);
    if (begun.kind === "conflict") throw new HttpError(409, `request id "${requestId}" was already used with a different body`);
    if (begun.kind === "pending") throw new HttpError(409, `request "${requestId}" is still being scored; retry later`);
    if (begun.kind === "done") return assemble(rows, begun.results.map((r) => r.score), instrument);

    const release = await admission.enter();
    if (!release) {
      deps.journal.fail(requestId, "rejected: queue full");
      throw new HttpError(429, `server at capacity (${limits.maxInFlight} batches scoring, ${limits.maxQueue} queued); retry later`);
    }
    let scores: Score[];
    try {
      scores = await withTimeout(scorer.scoreRows(rows), limits.requestTimeoutMs);
    } catch (err) {
      const timedOut = err instanceof TimeoutError;
      const reason = timedOut ? `scoring took longer than ${limits.requestTimeoutMs} ms` : `scoring failed: ${errorMessage(err)}`;
      deps.journal.fail(requestId, reason);
      metrics.rowErrors.inc({ stack, kind: timedOut ? "timeout" : "backend" }, rows.length);
      throw new HttpError(timedOut ? 504 : 502, reason, { request_id: requestId, failed: rows.map((r, index) => ({ index, id: r.id, reason })) });
    } finally {
      release();
    }
    if (scores.length !== rows.length) {
      const reason = `stack returned ${scores.length} scores for ${rows.length} rows`;
      deps.journal.fail(requestId, reason);
      throw new HttpError(502, reason);
    }
    const stored: StoredResult[] = scores.map((score, index) => ({ index, rowId: rows[index].id, step: typeof rows[index].step === "number" ? (rows[index].step as number) : null, score }));
    deps.journal.complete(requestId, stored);
    metrics.rowsScored.inc({ stack }, rows.length);
    const out = assemble(rows, scores, instrument);
    if (out.failures.length > 0) metrics.rowErrors.inc({ stack, kind: "row" }, out.failures.length);
    return out;
  }

  return app;
}

function assemble(rows: (BankRow | TranscriptRow)[], scores: Score[], instrument: string) {
  const failures: RowFailure[] = [];
  const scored = rows.map((row, index) => {
    const score = scores[index];
    if (score.value === null || !Number.isFinite(score.value)) failures.push({ index, id: row.id, reason: score.error ?? "no value" });
    return { ...row, score };
  });
  return { scored, failures, instrument };
}

async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (type && !type.includes("json")) throw new HttpError(415, `content-type must be application/json (got "${type}")`);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  let text: string;
  try {
    text = decodeUtf8(bytes, "request body");
  } catch (err) {
    throw new HttpError(400, errorMessage(err));
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `request body is not valid JSON (${errorMessage(err)})`);
  }
}

function requestIdOf(c: Context, fromBody: string | undefined): string {
  return fromBody ?? c.req.header("idempotency-key") ?? c.req.header("x-request-id") ?? randomUUID();
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`timeout after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
