// The reward server's journal (SPEC §10): every request and its results in SQLite (WAL). A result is
// committed before the response that acknowledges it is sent, with synchronous=FULL, so an
// acknowledged result survives SIGKILL and power loss. Retries with the same request id return the
// stored result instead of scoring again.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Score } from "../core/types.js";
import { scoreJson } from "./score-json.js";
import { ADDED_INDEXES, addedColumns, journalTables } from "./journal-schema.js";

export type RequestStatus = "pending" | "done" | "failed";

export interface JournalRequest {
  id: string;
  route: string;
  stack: string;
  instrument: string;
  bodyHash: string;
  body: string;
}

export interface StoredResult {
  index: number;
  rowId: string | null;
  step: number | null;
  score: Score;
}

export interface StoredRequest extends JournalRequest {
  status: RequestStatus;
  receivedAt: string;
  completedAt: string | null;
  error: string | null;
  /** Lease end (epoch ms) while pending; null once finished. */
  expiresAt: number | null;
}

export interface FinishedEntry {
  seq: number;
  request: StoredRequest;
  results: StoredResult[];
}

export type BeginOutcome =
  | { kind: "new" }
  | { kind: "done"; request: StoredRequest; results: StoredResult[] }
  /** Another call holds the id; its lease ends in `retryAfterMs` (then a retry takes it over). */
  | { kind: "pending"; retryAfterMs: number }
  | { kind: "conflict"; storedHash: string };

/** The error an expired request carries: a retry with the same id scores it again. */
export const EXPIRED_PREFIX = "expired:";

/**
 * The error of a request some of whose rows could not be scored (a model server down, a timeout), or
 * null when every row has a value. Such a request is stored as failed with its results: a failure is
 * not final, and a retry with the same request id scores it again; only a full success is final.
 */
export function failedRowsError(results: readonly StoredResult[]): string | null {
  const failed = results.filter((r) => typeof r.score.value !== "number" || !Number.isFinite(r.score.value));
  if (failed.length === 0) return null;
  return `${failed.length} of ${results.length} rows could not be scored (first: ${failed[0].score.error ?? "no value"}); retry with the same request id to score them again`;
}

/** What the WAL file is cut back to after a rewind (SQLite's checkpoint threshold is ≈ 4 MB). */
const WAL_SIZE_LIMIT_BYTES = 16 * 2 ** 20;

export class Journal {
  private readonly db: Database.Database;
  private readonly insertRequest: Database.Statement;
  private readonly selectRequest: Database.Statement;
  private readonly insertResult: Database.Statement;
  private readonly markDone: Database.Statement;
  private readonly markFailed: Database.Statement;
  private readonly markRowsFailed: Database.Statement;
  private readonly selectResults: Database.Statement;
  private readonly restartPending: Database.Statement;
  private readonly expirePending: Database.Statement;
  private readonly hasSeq: boolean;
  private durable = true;
  // One wrapper each, reused: creating a better-sqlite3 transaction function per call is costly.
  private readonly runInTransaction: Database.Transaction<(fn: () => unknown) => unknown>;

  constructor(
    readonly path: string,
    options: { readonly?: boolean; busyTimeoutMs?: number } = {},
  ) {
    if (path !== ":memory:" && !options.readonly) mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path, { readonly: options.readonly ?? false });
    // Several servers may share one file: a writer waits for the lock instead of failing with
    // "database is locked" (every write transaction is BEGIN IMMEDIATE, so none deadlocks upgrading).
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10_000}`);
    if (!options.readonly) {
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("synchronous = FULL");
      // A WAL file that a burst grew is cut back to this size when SQLite next rewinds it; without a
      // limit it keeps its largest size on disk, and recovery after a crash reads all of it.
      this.db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
      this.db
        .transaction(() => {
          this.db.exec(journalTables("sqlite"));
          const have = new Set((this.db.prepare("PRAGMA table_info(requests)").all() as { name: string }[]).map((c) => c.name));
          for (const [name, type] of addedColumns("sqlite")) if (!have.has(name)) this.db.exec(`ALTER TABLE requests ADD COLUMN ${name} ${type}`);
          // Requests finished before done_seq existed are numbered in arrival order, ahead of new ones.
          if (!have.has("done_seq")) this.db.exec("UPDATE requests SET done_seq = rowid WHERE status = 'done'");
          this.db.exec(ADDED_INDEXES);
        })
        .immediate();
    }
    this.runInTransaction = this.db.transaction((fn: () => unknown) => fn());
    this.hasSeq = (this.db.prepare("PRAGMA table_info(requests)").all() as { name: string }[]).some((c) => c.name === "done_seq");
    this.selectRequest = this.db.prepare("SELECT * FROM requests WHERE id = ?");
    this.selectResults = this.db.prepare("SELECT idx, row_id, step, score FROM results WHERE request_id = ? ORDER BY idx");
    const writable = !options.readonly;
    const prepare = (sql: string) => (writable ? this.db.prepare(sql) : (undefined as unknown as Database.Statement));
    this.insertRequest = prepare(
      "INSERT INTO requests (id, received_at, route, stack, instrument, body_hash, body, status, expires_at) VALUES (@id, @receivedAt, @route, @stack, @instrument, @bodyHash, @body, 'pending', @expiresAt) ON CONFLICT (id) DO NOTHING",
    );
    // A request taken over after its lease ran out may have been finished by the other call first:
    // the same body has the same rows, so its results are replaced index by index.
    this.insertResult = prepare("INSERT OR REPLACE INTO results (request_id, idx, row_id, step, value, error, score) VALUES (?, ?, ?, ?, ?, ?, ?)");
    this.markDone = prepare("UPDATE requests SET status = 'done', completed_at = ?, error = NULL, expires_at = NULL, done_seq = (SELECT COALESCE(MAX(done_seq), 0) + 1 FROM requests) WHERE id = ?");
    this.markRowsFailed = prepare("UPDATE requests SET status = 'failed', completed_at = ?, error = ?, expires_at = NULL WHERE id = ?");
    this.markFailed = prepare("UPDATE requests SET status = 'failed', completed_at = ?, error = ?, expires_at = NULL WHERE id = ? AND status = 'pending'");
    this.restartPending = prepare("UPDATE requests SET status = 'pending', received_at = ?, error = NULL, expires_at = ? WHERE id = ?");
    this.expirePending = prepare("UPDATE requests SET status = 'failed', completed_at = @now, error = @error, expires_at = NULL WHERE status = 'pending' AND (expires_at IS NULL OR expires_at < @nowMs)");
  }

  /**
   * Registers a request, or tells the caller it was seen before: a finished one is returned as
   * stored; a failed or expired one may be retried; a pending one whose lease has run out (its server
   * died) is taken over; the same id with a different body is a conflict.
   */
  begin(request: JournalRequest, leaseMs = 600_000): BeginOutcome {
    return this.transaction(() => this.beginInTransaction(request, leaseMs));
  }

  /** begin() for a caller that already holds a write transaction (group commit). */
  beginInTransaction(request: JournalRequest, leaseMs: number): BeginOutcome {
    const now = Date.now();
    // A new id (the common case) costs one statement: the insert itself finds a stored request.
    if (this.insertRequest.run({ ...request, receivedAt: new Date(now).toISOString(), expiresAt: now + leaseMs }).changes === 1) return { kind: "new" };
    const existing = this.get(request.id)!;
    if (existing.bodyHash !== request.bodyHash) return { kind: "conflict", storedHash: existing.bodyHash };
    if (existing.status === "done") return { kind: "done", request: existing, results: this.results(request.id) };
    const leaseLeft = existing.expiresAt === null ? 0 : existing.expiresAt - now;
    if (existing.status === "failed" || leaseLeft <= 0) {
      this.restartPending.run(new Date(now).toISOString(), now + leaseMs, request.id);
      return { kind: "new" };
    }
    return { kind: "pending", retryAfterMs: leaseLeft };
  }

  /**
   * Marks pending requests whose lease has run out as failed with an "expired" error, so the status
   * says what happened and a retry scores them again. Returns how many were expired.
   */
  expireStale(now = Date.now()): number {
    const error = `${EXPIRED_PREFIX} the server scoring this request stopped before it finished (lease ended ${new Date(now).toISOString()}); retry with the same request id to score it`;
    return this.expirePending.run({ now: new Date(now).toISOString(), nowMs: now, error }).changes;
  }

  /**
   * Runs `fn` in one write transaction (BEGIN IMMEDIATE): the journal's group commit. `durable: false`
   * skips SQLite's fsync (synchronous=NORMAL): for a transaction that acknowledges nothing, or whose
   * caller syncs the WAL itself before acknowledging (SqliteStore, off the event loop).
   */
  transaction<T>(fn: () => T, options: { durable?: boolean } = {}): T {
    const durable = options.durable ?? true;
    if (durable !== this.durable) {
      this.db.pragma(`synchronous = ${durable ? "FULL" : "NORMAL"}`);
      this.durable = durable;
    }
    return this.runInTransaction.immediate(fn) as T;
  }

  /**
   * WAL pages after which a COMMIT on this connection also checkpoints (SQLite's default: 1,000); 0 when
   * another connection checkpoints (the server's checkpoint thread), so no commit ever does.
   */
  setAutoCheckpoint(pages: number): void {
    this.db.pragma(`wal_autocheckpoint = ${pages}`);
  }

  /** WAL pages after which a COMMIT on this connection checkpoints (0: never). */
  get autoCheckpoint(): number {
    return this.db.pragma("wal_autocheckpoint", { simple: true }) as number;
  }

  /** The write-ahead log holding commits not yet checkpointed into the database file (none in memory). */
  get walPath(): string | undefined {
    return this.path === ":memory:" ? undefined : `${this.path}-wal`;
  }

  /** Runs `fn` in a savepoint inside the current transaction, so its failure undoes only its own writes. */
  savepoint<T>(fn: () => T): T {
    return this.runInTransaction(fn) as T;
  }

  /** Stores every result and marks the request done (failed, retryable, if a row has no value) in one transaction. */
  complete(id: string, results: StoredResult[]): void {
    this.transaction(() => this.completeInTransaction(id, results));
  }

  completeInTransaction(id: string, results: StoredResult[]): void {
    for (const r of results) {
      this.insertResult.run(id, r.index, r.rowId, r.step, r.score.value, r.score.error ?? null, scoreJson(r.score));
    }
    const error = failedRowsError(results);
    if (error === null) this.markDone.run(new Date().toISOString(), id);
    else this.markRowsFailed.run(new Date().toISOString(), error, id);
  }

  fail(id: string, error: string): void {
    this.markFailed.run(new Date().toISOString(), error, id);
  }

  get(id: string): StoredRequest | undefined {
    const row = this.selectRequest.get(id) as Record<string, string | number | null> | undefined;
    return row ? requestFrom(row) : undefined;
  }

  results(id: string): StoredResult[] {
    return (this.selectResults.all(id) as { idx: number; row_id: string | null; step: number | null; score: string }[]).map((r) => ({
      index: r.idx,
      rowId: r.row_id,
      step: r.step,
      score: JSON.parse(r.score) as Score,
    }));
  }

  /** Ids of finished requests in arrival order. */
  finishedIds(): string[] {
    return (this.db.prepare("SELECT id FROM requests WHERE status = 'done' ORDER BY received_at, rowid").all() as { id: string }[]).map((r) => r.id);
  }

  /** Finished requests in arrival order, for replay and rescoring. */
  *finishedRequests(): Generator<StoredRequest> {
    for (const id of this.finishedIds()) {
      const request = this.get(id);
      if (request) yield request;
    }
  }

  /** Requests finished after `seq` (in the order they finished), at most `limit`, with their results. */
  finishedAfter(seq: number, limit: number): FinishedEntry[] {
    // A journal written before done_seq existed, opened read-only, is followed in arrival order.
    const sql = this.hasSeq ? "SELECT id, done_seq FROM requests WHERE status = 'done' AND done_seq > ? ORDER BY done_seq LIMIT ?" : "SELECT id, rowid AS done_seq FROM requests WHERE status = 'done' AND rowid > ? ORDER BY rowid LIMIT ?";
    // Two queries a page: its requests, then all their results (a query per request for each cost
    // the live monitor ≈ 3× the CPU per request it read). Not one join: that repeats each request's
    // body on every one of its result rows (a 64-row batch's 116 KB body 64 times).
    const requests = this.db.prepare(`SELECT r.*, page.done_seq AS page_seq FROM (${sql}) AS page JOIN requests r ON r.id = page.id ORDER BY page.done_seq`).all(seq, limit) as (Record<string, string | number | null> & {
      page_seq: number;
    })[];
    if (requests.length === 0) return [];
    const out: FinishedEntry[] = requests.map((row) => ({ seq: row.page_seq, request: requestFrom(row), results: [] }));
    const byId = new Map(out.map((e) => [e.request.id, e.results]));
    const results = this.db.prepare("SELECT request_id, idx, row_id, step, score FROM results WHERE request_id IN (SELECT value FROM json_each(?)) ORDER BY request_id, idx").all(JSON.stringify([...byId.keys()])) as {
      request_id: string;
      idx: number;
      row_id: string | null;
      step: number | null;
      score: string;
    }[];
    for (const r of results) byId.get(r.request_id)?.push({ index: r.idx, rowId: r.row_id, step: r.step, score: JSON.parse(r.score) as Score });
    return out;
  }

  /** Scored rows with a training step, for the live monitor. */
  stepResults(sinceStep = -Infinity): { step: number; score: Score; requestId: string; index: number }[] {
    const rows = this.db.prepare("SELECT request_id, idx, step, score FROM results WHERE step IS NOT NULL AND step >= ? ORDER BY step, request_id, idx").all(Number.isFinite(sinceStep) ? sinceStep : -1e18) as {
      request_id: string;
      idx: number;
      step: number;
      score: string;
    }[];
    return rows.map((r) => ({ step: r.step, score: JSON.parse(r.score) as Score, requestId: r.request_id, index: r.idx }));
  }

  counts(): Record<RequestStatus, number> {
    const out: Record<RequestStatus, number> = { pending: 0, done: 0, failed: 0 };
    for (const r of this.db.prepare("SELECT status, COUNT(*) AS n FROM requests GROUP BY status").all() as { status: RequestStatus; n: number }[]) {
      out[r.status] = r.n;
    }
    return out;
  }

  integrityCheck(): string {
    return this.db.pragma("integrity_check", { simple: true }) as string;
  }

  close(): void {
    this.db.close();
  }
}

/** A requests row as both journals read it (PostgreSQL gives expires_at, a bigint, as a string). */
export function requestFrom(row: Record<string, unknown>): StoredRequest {
  return {
    id: row.id as string,
    route: row.route as string,
    stack: row.stack as string,
    instrument: row.instrument as string,
    bodyHash: row.body_hash as string,
    body: row.body as string,
    status: row.status as RequestStatus,
    receivedAt: row.received_at as string,
    completedAt: (row.completed_at as string | null) ?? null,
    error: (row.error as string | null) ?? null,
    expiresAt: row.expires_at === null || row.expires_at === undefined ? null : Number(row.expires_at),
  };
}
