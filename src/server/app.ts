// The reward server as an app factory (SPEC §10): testable with app.request() and no socket.
// Failure semantics: a row that could not be scored is reported with its index and reason, never
// turned into a 0; an overloaded server answers 429 with retry-after once it has read the body
// (bounded in size and time, so a stalled upload never holds a scoring slot); a request past its time
// limit aborts the scoring it started; every answer, errors included, is JSON.
import { timingSafeEqual } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { formatIssues } from "../core/issues.js";
import { decodeUtf8 } from "../core/jsonl.js";
import { hashOf } from "../core/hash.js";
import { InputError, errorMessage } from "../core/errors.js";
import type { BankRow, Score, TranscriptRow } from "../core/types.js";
import type { Scorer } from "../stacks/types.js";
import type { StoredResult } from "./journal.js";
import type { JournalStore } from "./journal-store.js";
import { createAdmission } from "./admission.js";
import { createMetrics, type ServerMetrics } from "./metrics.js";
import { scoreJson } from "./score-json.js";
import { DEFAULT_STRIP_TOKENS, openRlhfRows, openRlhfResponse, type SampleProblem } from "./openrlhf.js";
import { loneSurrogateAt, MAX_DEPTH, mayEscapeSurrogate, tooDeepAt, unknownRowField } from "./body-checks.js";
import { startTiming, type RequestTiming } from "./timing.js";
import { requestIdSource } from "./request-id.js";
import { requestRows } from "./request-rows.js";
import { chatShaped, transcriptFromChat } from "./chat-transcript.js";

export interface ServerLimits {
  maxBodyBytes: number;
  maxBatch: number;
  requestTimeoutMs: number;
  maxInFlight: number;
  maxQueue: number;
  retryAfterSeconds: number;
  /** A client must have sent its request line and headers within this time (then 408 and closed). */
  headerTimeoutMs: number;
  /** A client must have sent its whole body within this time; a stalled upload is closed, slot-free. */
  bodyTimeoutMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  // Older OpenRLHF versions send a whole rollout (thousands of samples) in one POST.
  maxBodyBytes: 64 * 1024 * 1024,
  maxBatch: 8192,
  // With its lease (2 × this + 1 s = 121 s) inside OpenRLHF's 180 s client timeout, a retry after a
  // timeout takes the request over instead of waiting on it.
  requestTimeoutMs: 60_000,
  // Trainers that POST one sample at a time (OpenRLHF, verl's per-sample loop) keep 64–128 requests
  // open: each must find a slot or a queue place, not a 429 (bench/speed/serve-one-sample.ts).
  maxInFlight: 64,
  maxQueue: 256,
  retryAfterSeconds: 1,
  headerTimeoutMs: 10_000,
  bodyTimeoutMs: 20_000,
};

/**
 * A pending journal entry stays leased to the call scoring it for twice the request time limit: the
 * call has by then either finished or been aborted, so a retry after that takes over a request whose
 * server died, and never one that is still being scored.
 */
export function leaseMsFor(requestTimeoutMs: number): number {
  return 2 * requestTimeoutMs + 1_000;
}

export interface ReadyCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface AppDeps {
  scorers: Record<string, Scorer>;
  defaultStack: string;
  journal: JournalStore;
  limits?: Partial<ServerLimits>;
  /**
   * When set, every route but /healthz and /readyz requires `Authorization: Bearer <token>`, or the
   * token as the first path segment (`/t/<token>/get_reward`) for clients that send no headers.
   */
  token?: string;
  metrics?: ServerMetrics;
  /** The live monitor's latest report, served at GET /v1/monitor (computed off the request path). */
  monitor?: () => unknown;
  /** Backend checks for /readyz beyond the journal (model servers reachable). */
  readiness?: () => Promise<ReadyCheck[]>;
  /** Special tokens /get_reward removes from OpenRLHF's decoded query and prompts. */
  stripTokens?: readonly string[];
}

const scoreBody = z
  .object({
    rows: z.array(z.unknown()).min(1, "must hold at least one row"),
    stack: z.string().optional(),
    request_id: z.string().min(1).optional(),
  })
  .strict();

/**
 * OpenRLHF splits each batch across comma-separated --reward.remote_url URLs, and current versions
 * post one sample at a time: the first URL gets every sample and the others only empty shards, so the
 * URLs neither spread the load nor survive a replica's loss. Refused, pointing to the layout that works.
 */
const EMPTY_SHARD =
  "empty batch (query: []): OpenRLHF sends these when --reward.remote_url lists several comma-separated URLs, which then get no real samples and spread no load; put the replicas behind one load balancer and give OpenRLHF its single URL (docs/serving.md, \"Several replicas\")";

class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 504,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

interface RowFailure {
  index: number;
  id: string;
  reason: string;
}

/** Set in the env of requests that authenticated with the token in their path (never from the client). */
const PATH_AUTHENTICATED = Symbol("path-authenticated");

export function createApp(deps: AppDeps): Hono {
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const metrics = deps.metrics ?? createMetrics();
  const admission = createAdmission(limits.maxInFlight, limits.maxQueue);
  const stripTokens = deps.stripTokens ?? DEFAULT_STRIP_TOKENS;
  const leaseMs = leaseMsFor(limits.requestTimeoutMs);
  const newRequestId = requestIdSource();
  const api = new Hono();
  const open = new Set(["/healthz", "/readyz"]);

  // Paths with the token in them (/t/<token>/…) are routed again without it: counted there, once.
  // Exactly the paths the /t/:token/* route takes; anything else under /t/ faces the bearer check.
  const tokenPath = (path: string) => /^\/t\/[^/]+\//.test(path);

  api.use("*", async (c, next) => {
    if (tokenPath(c.req.path)) return next();
    const started = performance.now();
    await next();
    const route = c.req.routePath || c.req.path;
    metrics.requests.inc({ route, status: String(c.res.status) });
    metrics.latency.observe({ route }, (performance.now() - started) / 1000);
  });

  if (deps.token) {
    const expected = Buffer.from(`Bearer ${deps.token}`);
    api.use("*", async (c, next) => {
      if (open.has(c.req.path) || tokenPath(c.req.path) || (c.env as Record<symbol, unknown> | undefined)?.[PATH_AUTHENTICATED]) return next();
      const given = Buffer.from(c.req.header("authorization") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return c.json({ error: "missing or wrong bearer token (send Authorization: Bearer <token>, or put the token in the path: /t/<token>/get_reward)" }, 401);
      }
      return next();
    });
  }

  api.onError((err, c) => {
    if (err instanceof HttpError) {
      const retry = err.retryAfter ?? (err.status === 429 || err.status === 503 ? limits.retryAfterSeconds : undefined);
      if (retry !== undefined) c.header("retry-after", String(retry));
      return c.json({ error: err.message, ...err.extra }, err.status);
    }
    if (err instanceof InputError) return c.json({ error: err.message }, 400);
    metrics.rowErrors.inc({ stack: "-", kind: "internal" });
    return c.json({ error: `internal error: ${errorMessage(err)}` }, 500);
  });
  api.notFound((c) => c.json({ error: `no route ${c.req.method} ${c.req.path}; routes: GET /healthz, GET /readyz, POST /v1/score, POST /get_reward, GET /v1/requests/:id, GET /v1/monitor, GET /metrics` }, 404));

  api.get("/healthz", (c) =>
    c.json({
      status: "ok",
      default_stack: deps.defaultStack,
      stacks: Object.fromEntries(Object.entries(deps.scorers).map(([name, s]) => [name, { instrument: s.instrument.hash, row_kind: s.rowKind }])),
    }),
  );

  api.get("/readyz", async (c) => {
    const checks: ReadyCheck[] = [];
    try {
      await deps.journal.ping();
      checks.push({ name: `journal (${deps.journal.kind})`, ok: true });
    } catch (err) {
      checks.push({ name: `journal (${deps.journal.kind})`, ok: false, detail: errorMessage(err) });
    }
    if (deps.readiness) checks.push(...(await deps.readiness()));
    const ok = checks.every((x) => x.ok);
    if (!ok) c.header("retry-after", String(limits.retryAfterSeconds));
    return c.json({ status: ok ? "ready" : "not ready", checks }, ok ? 200 : 503);
  });

  api.get("/metrics", async (c) => {
    metrics.queueDepth.set(admission.queued);
    metrics.inFlight.set(admission.inFlight);
    return c.text(await metrics.registry.metrics(), 200, { "content-type": metrics.registry.contentType });
  });

  api.get("/v1/requests/:id", async (c) => {
    const request = await deps.journal.get(c.req.param("id"));
    if (!request) throw new HttpError(404, `no request with id "${c.req.param("id")}" in the journal`);
    return c.json({
      id: request.id,
      status: request.status,
      stack: request.stack,
      instrument: request.instrument,
      error: request.error,
      lease_ends_at: request.expiresAt === null ? null : new Date(request.expiresAt).toISOString(),
      results: await deps.journal.results(request.id),
    });
  });

  if (deps.monitor) {
    const monitor = deps.monitor;
    api.get("/v1/monitor", (c) => c.json(monitor() as object));
  }

  const tooLarge = (c: Context) => c.json({ error: `request body exceeds ${limits.maxBodyBytes} bytes (--max-body-mb)` }, 413);
  // A chunked body (no content-length) is counted as it is read.
  const limitChunked = bodyLimit({ maxSize: limits.maxBodyBytes, onError: tooLarge });
  // With a content-length the header decides at once, and the body is left unread: hono's bodyLimit
  // touches the request's body stream, which makes the Node adapter build a whole web Request and
  // read the body through web streams (≈ 0.1 ms per request) instead of straight off the socket.
  const limitBody: MiddlewareHandler = (c, next) => {
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) return limitChunked(c, next);
    return Number(length) > limits.maxBodyBytes ? Promise.resolve(tooLarge(c)) : next();
  };

  api.post("/v1/score", limitBody, async (c) => {
    const timing = startTiming();
    // The body is read (bounded in size and time) before a scoring slot is taken: a stalled upload
    // holds its own socket, never a slot that others wait for.
    const { value: body, text } = await readJson(c);
    timing.mark("read");
    const release = await admit();
    timing.mark("admit");
    const { scorer, stack, rows, requestId, journalText } = await (async () => {
      try {
        const parsed = scoreBody.safeParse(body);
        if (!parsed.success) throw new HttpError(400, formatIssues(parsed.error));
        const { scorer, stack } = pickScorer(parsed.data.stack);
        checkBatch(parsed.data.rows.length);
        // A transcript stack also takes prompt + reply rows (the trainers' shape), read as conversations.
        const asChat = scorer.rowKind === "transcript" && chatShaped(parsed.data.rows);
        const kind = asChat ? "bank" : scorer.rowKind;
        const unknown = unknownRowField(parsed.data.rows, kind);
        if (unknown) throw new HttpError(400, unknown);
        const read = requestRows(kind, parsed.data.rows, "request body");
        const rows = asChat ? (read as BankRow[]).map(transcriptFromChat) : read;
        timing.mark("parse");
        // Converted rows are journaled as scored, so replay reads what was scored.
        return { scorer, stack, rows, requestId: requestIdOf(c, parsed.data.request_id, newRequestId), journalText: asChat ? undefined : text };
      } catch (err) {
        release();
        throw err;
      }
    })();
    const { scores, failures, instrument } = await scoreJournaled(release, requestId, "/v1/score", stack, scorer, rows, hashOf({ stack, body }), timing, journalText);
    return timedJsonText(scoredAnswerJson(requestId, instrument, rows, scores, failures), timing);
  });

  api.post("/get_reward", limitBody, async (c) => {
    const timing = startTiming();
    const { value: body } = await readJson(c);
    timing.mark("read");
    const release = await admit();
    timing.mark("admit");
    let prepared: { rows: (BankRow | TranscriptRow)[]; problems: SampleProblem[]; scorer: Scorer; stack: string; requestId: string; bodyHash: string };
    try {
      const { scorer, stack } = pickScorer(undefined);
      const { rows: samples, problems } = openRlhfRows(body, { stripTokens });
      // A transcript stack (humor) reads each prompt's chat turns and the reply as a conversation.
      const rows = scorer.rowKind === "transcript" ? samples.map(transcriptFromChat) : samples;
      checkBatch(rows.length);
      prepared = { rows, problems, scorer, stack, requestId: requestIdOf(c, undefined, newRequestId), bodyHash: hashOf({ stack, body, stripTokens }) };
      timing.mark("parse");
    } catch (err) {
      release();
      throw err;
    }
    const { rows, problems, scorer, stack, requestId, bodyHash } = prepared;
    if (rows.length === 0) {
      release();
      throw new HttpError(400, EMPTY_SHARD);
    }
    if (problems.length > 0) {
      release();
      throw new HttpError(422, `${problems.length} of ${rows.length} samples cannot be read: ${problems[0].reason}`, { failed: problems });
    }
    const { scores: scored, failures } = await scoreJournaled(release, requestId, "/get_reward", stack, scorer, rows, bodyHash, timing);
    if (failures.length > 0) {
      // OpenRLHF cannot take a missing reward: fail the call so its client retries, naming the samples.
      throw new HttpError(502, `${failures.length} of ${rows.length} samples could not be scored`, { request_id: requestId, failed: failures });
    }
    return timedJson(openRlhfResponse(scored), timing);
  });

  for (const path of ["/v1/score", "/get_reward"]) {
    api.on(["GET", "PUT", "DELETE", "PATCH"], path, (c) => c.json({ error: `${c.req.method} ${path} is not supported; send POST with a JSON body` }, 405, { allow: "POST" }));
  }

  /** A journal call; a journal that cannot be reached answers 503 (retry later), never a 500. */
  async function journaled<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(503, `journal (${deps.journal.kind}) unavailable: ${errorMessage(err)}; nothing was acknowledged, retry later`);
    }
  }

  /** A slot to score in, taken once the body has been read: a full server refuses at once. */
  async function admit(): Promise<() => void> {
    const release = await admission.enter();
    if (!release) throw new HttpError(429, `server at capacity (${limits.maxInFlight} batches scoring, ${limits.maxQueue} queued); retry later`);
    return release;
  }

  function pickScorer(name: string | undefined): { scorer: Scorer; stack: string } {
    const stack = name ?? deps.defaultStack;
    const scorer = deps.scorers[stack];
    if (!scorer) throw new HttpError(400, `unknown stack "${stack}"; this server scores: ${Object.keys(deps.scorers).join(", ")}`);
    return { scorer, stack };
  }

  function checkBatch(n: number): void {
    if (n > limits.maxBatch) throw new HttpError(413, `batch of ${n} rows exceeds the limit of ${limits.maxBatch} (--max-batch)`);
  }

  /**
   * `bodyText`: the request body as sent, journaled as it is when its `rows` are the rows scored (a
   * /v1/score body, checked above: valid JSON, known fields only, no lone surrogates) — serializing
   * the parsed rows again cost the main thread ≈ 0.5 ms per 64 × 300-word batch. Every reader of the
   * journal reads `rows` from either form as the server parsed them (journal-rows.ts).
   */
  async function scoreJournaled(release: () => void, requestId: string, route: string, stack: string, scorer: Scorer, rows: (BankRow | TranscriptRow)[], bodyHash: string, timing: RequestTiming, bodyText?: string) {
    const instrument = scorer.instrument.hash;
    let scoring: Promise<Score[]>;
    const controller = new AbortController();
    try {
      const journalRequest = { id: requestId, route, stack, instrument, bodyHash, body: bodyText ?? JSON.stringify({ rows }) };
      const begun = await journaled(() => deps.journal.begin(journalRequest, leaseMs));
      timing.mark("begin");
      if (begun.kind === "conflict") throw new HttpError(409, `request id "${requestId}" was already used with a different body`);
      if (begun.kind === "pending") {
        const seconds = Math.max(1, Math.ceil(begun.retryAfterMs / 1000));
        throw new HttpError(409, `request "${requestId}" is still being scored; retry after ${seconds} s (a request whose server died is taken over when its lease ends)`, { request_id: requestId }, seconds);
      }
      if (begun.kind === "done") {
        // A retry of a finished request scores nothing: its slot is free again at once.
        release();
        return assemble(rows, begun.results.map((r) => r.score), instrument);
      }
      scoring = scorer.scoreRows(rows as never, { signal: controller.signal });
    } catch (err) {
      release();
      throw err;
    }
    // The slot is held until the scorer has stopped, not just until the response: an aborted call
    // still occupies the backend until it returns, and --max-in-flight bounds backend load.
    void scoring.then(release, release);
    let scores: Score[];
    try {
      scores = await withTimeout(scoring, limits.requestTimeoutMs, () => controller.abort(new Error(`request time limit of ${limits.requestTimeoutMs} ms`)));
      timing.mark("score");
    } catch (err) {
      const timedOut = err instanceof TimeoutError;
      const reason = timedOut ? `scoring took longer than ${limits.requestTimeoutMs} ms (aborted)` : `scoring failed: ${errorMessage(err)}`;
      await journaled(() => deps.journal.fail(requestId, reason));
      metrics.rowErrors.inc({ stack, kind: timedOut ? "timeout" : "backend" }, rows.length);
      throw new HttpError(timedOut ? 504 : 502, reason, { request_id: requestId, failed: rows.map((r, index) => ({ index, id: r.id, reason })) });
    }
    if (scores.length !== rows.length) {
      const reason = `stack returned ${scores.length} scores for ${rows.length} rows`;
      await journaled(() => deps.journal.fail(requestId, reason));
      throw new HttpError(502, reason);
    }
    const stored: StoredResult[] = scores.map((score, index) => ({ index, rowId: rows[index].id, step: typeof rows[index].step === "number" ? (rows[index].step as number) : null, score }));
    // Not acknowledged unless committed: a journal that cannot take the result makes this a 503.
    await journaled(() => deps.journal.complete(requestId, stored));
    timing.mark("commit");
    metrics.rowsScored.inc({ stack }, rows.length);
    const out = assemble(rows, scores, instrument);
    if (out.failures.length > 0) metrics.rowErrors.inc({ stack, kind: "row" }, out.failures.length);
    return out;
  }

  // Clients that cannot send headers (OpenRLHF) authenticate with the token as the first path
  // segment; the rest of the path is routed as usual. Tokens in URLs reach access logs: see docs.
  // Every other request is routed once (before, every request went through a second Hono app).
  api.all("/t/:token/*", async (c) => {
    const given = Buffer.from(c.req.param("token"));
    const expected = Buffer.from(deps.token ?? "");
    if (!deps.token || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.json({ error: deps.token ? "wrong token in the path (/t/<token>/…)" : "this server has no token; call the route without /t/<token>" }, 401);
    }
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(`/t/${c.req.param("token")}`.length) || "/";
    return api.fetch(new Request(url, c.req.raw), { ...(c.env as object), [PATH_AUTHENTICATED]: true });
  });
  return api;
}

function assemble(rows: (BankRow | TranscriptRow)[], scores: Score[], instrument: string) {
  // A journal whose results do not cover every row (damaged by hand) is an error, never a row without a score.
  if (scores.length !== rows.length) throw new Error(`the journal holds ${scores.length} results for ${rows.length} rows`);
  const failures: RowFailure[] = [];
  scores.forEach((score, index) => {
    if (score.value === null || !Number.isFinite(score.value)) failures.push({ index, id: rows[index].id, reason: score.error ?? "no value" });
  });
  return { scores, failures, instrument };
}

/**
 * The /v1/score answer, as JSON.stringify({ request_id, instrument, rows: [{ ...row, score }], errors })
 * writes it, with each score's JSON text as the worker sent it spliced in (serializing a 300-word
 * row's score again cost ≈ 11 µs of main thread, 0.7 ms per 64-row batch).
 */
function scoredAnswerJson(requestId: string, instrument: string, rows: (BankRow | TranscriptRow)[], scores: Score[], failures: RowFailure[]): string {
  const scored = rows.map((row, i) => {
    // A row that carries a score of its own keeps that key's place, as the spread does.
    if (Object.hasOwn(row, "score")) return JSON.stringify({ ...row, score: scores[i] });
    const text = JSON.stringify(row);
    return `${text === "{}" ? "{" : `${text.slice(0, -1)},`}"score":${scoreJson(scores[i])}}`;
  });
  return `{"request_id":${JSON.stringify(requestId)},"instrument":${JSON.stringify(instrument)},"rows":[${scored.join(",")}],"errors":${JSON.stringify(failures)}}`;
}

async function readJson(c: Context): Promise<{ value: unknown; text: string }> {
  const type = c.req.header("content-type") ?? "";
  if (type && !type.includes("json")) throw new HttpError(415, `content-type must be application/json (got "${type}")`);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  let text: string;
  try {
    text = decodeUtf8(bytes, "request body");
  } catch (err) {
    throw new HttpError(400, errorMessage(err));
  }
  const deep = tooDeepAt(text);
  if (deep !== undefined) throw new HttpError(400, `request body: nested deeper than ${MAX_DEPTH} levels (at byte ${deep})`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `request body is not valid JSON (${errorMessage(err)})`);
  }
  const lone = mayEscapeSurrogate(text) ? loneSurrogateAt(value) : undefined;
  if (lone) throw new HttpError(400, `request body: ${lone}: contains a lone UTF-16 surrogate (not text; check the client's string encoding)`);
  return { value, text };
}

/**
 * A 200 JSON answer with its Server-Timing header, as c.json would send it. Headers given as a plain
 * object keep the Node adapter's fast path (c.header builds a web Headers object, which the adapter
 * then copies header by header).
 */
function timedJson(value: unknown, timing: RequestTiming): Response {
  return timedJsonText(JSON.stringify(value), timing);
}

function timedJsonText(text: string, timing: RequestTiming): Response {
  // Encoded once here: a string body is measured (Buffer.byteLength) and then encoded again by the
  // socket write, ≈ 0.5 ms of main thread for a 64 × 300-word answer.
  return new Response(Buffer.from(text), { status: 200, headers: { "content-type": "application/json", "server-timing": timing.header() } });
}

/** A request without an id of its own gets a time-ordered one (see request-id.ts). */
function requestIdOf(c: Context, fromBody: string | undefined, newRequestId: () => string): string {
  return fromBody ?? c.req.header("idempotency-key") ?? c.req.header("x-request-id") ?? newRequestId();
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
