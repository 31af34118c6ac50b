// The reward server's journal (SPEC §10): every request and its results in SQLite (WAL). A result is
// committed before the response that acknowledges it is sent, with synchronous=FULL, so an
// acknowledged result survives SIGKILL and power loss. Retries with the same request id return the
// stored result instead of scoring again.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Score } from "../core/types.js";

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
}

export type BeginOutcome =
  | { kind: "new" }
  | { kind: "done"; request: StoredRequest; results: StoredResult[] }
  | { kind: "pending" }
  | { kind: "conflict"; storedHash: string };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS requests (
  id TEXT PRIMARY KEY,
  received_at TEXT NOT NULL,
  completed_at TEXT,
  route TEXT NOT NULL,
  stack TEXT NOT NULL,
  instrument TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  error TEXT
);
CREATE TABLE IF NOT EXISTS results (
  request_id TEXT NOT NULL REFERENCES requests(id),
  idx INTEGER NOT NULL,
  row_id TEXT,
  step INTEGER,
  value REAL,
  error TEXT,
  score TEXT NOT NULL,
  PRIMARY KEY (request_id, idx)
);
CREATE INDEX IF NOT EXISTS results_step ON results(step);
`;

export class Journal {
  private readonly db: Database.Database;
  private readonly insertRequest: Database.Statement;
  private readonly selectRequest: Database.Statement;
  private readonly insertResult: Database.Statement;
  private readonly markDone: Database.Statement;
  private readonly markFailed: Database.Statement;
  private readonly selectResults: Database.Statement;
  private readonly restartPending: Database.Statement;

  constructor(path: string, options: { readonly?: boolean } = {}) {
    if (path !== ":memory:" && !options.readonly) mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path, { readonly: options.readonly ?? false });
    if (!options.readonly) {
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("synchronous = FULL");
      this.db.exec(SCHEMA);
    }
    this.db.pragma("busy_timeout = 5000");
    this.insertRequest = this.db.prepare(
      "INSERT INTO requests (id, received_at, route, stack, instrument, body_hash, body, status) VALUES (@id, @receivedAt, @route, @stack, @instrument, @bodyHash, @body, 'pending')",
    );
    this.selectRequest = this.db.prepare("SELECT * FROM requests WHERE id = ?");
    this.insertResult = this.db.prepare(
      "INSERT INTO results (request_id, idx, row_id, step, value, error, score) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    this.markDone = this.db.prepare("UPDATE requests SET status = 'done', completed_at = ?, error = NULL WHERE id = ?");
    this.markFailed = this.db.prepare("UPDATE requests SET status = 'failed', completed_at = ?, error = ? WHERE id = ?");
    this.selectResults = this.db.prepare("SELECT idx, row_id, step, score FROM results WHERE request_id = ? ORDER BY idx");
    this.restartPending = this.db.prepare("UPDATE requests SET status = 'pending', received_at = ?, error = NULL WHERE id = ?");
  }

  /**
   * Registers a request, or tells the caller it was seen before: a finished one is returned as
   * stored; a failed one may be retried; the same id with a different body is a conflict.
   */
  begin(request: JournalRequest): BeginOutcome {
    return this.db.transaction((): BeginOutcome => {
      const existing = this.get(request.id);
      if (!existing) {
        this.insertRequest.run({ ...request, receivedAt: new Date().toISOString() });
        return { kind: "new" };
      }
      if (existing.bodyHash !== request.bodyHash) return { kind: "conflict", storedHash: existing.bodyHash };
      if (existing.status === "done") return { kind: "done", request: existing, results: this.results(request.id) };
      if (existing.status === "failed") {
        this.restartPending.run(new Date().toISOString(), request.id);
        return { kind: "new" };
      }
      return { kind: "pending" };
    })();
  }

  /** Stores every result and marks the request done in one transaction. */
  complete(id: string, results: StoredResult[]): void {
    this.db.transaction(() => {
      for (const r of results) {
        this.insertResult.run(id, r.index, r.rowId, r.step, r.score.value, r.score.error ?? null, JSON.stringify(r.score));
      }
      this.markDone.run(new Date().toISOString(), id);
    })();
  }

  fail(id: string, error: string): void {
    this.markFailed.run(new Date().toISOString(), error, id);
  }

  get(id: string): StoredRequest | undefined {
    const row = this.selectRequest.get(id) as Record<string, string | null> | undefined;
    if (!row) return undefined;
    return {
      id: row.id as string,
      route: row.route as string,
      stack: row.stack as string,
      instrument: row.instrument as string,
      bodyHash: row.body_hash as string,
      body: row.body as string,
      status: row.status as RequestStatus,
      receivedAt: row.received_at as string,
      completedAt: row.completed_at,
      error: row.error,
    };
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

  /** Scored rows with a training step, for the live monitor. */
  stepResults(sinceStep = -Infinity): { step: number; score: Score; requestId: string; index: number }[] {
    const rows = this.db
      .prepare("SELECT request_id, idx, step, score FROM results WHERE step IS NOT NULL AND step >= ? ORDER BY step, request_id, idx")
      .all(Number.isFinite(sinceStep) ? sinceStep : -1e18) as { request_id: string; idx: number; step: number; score: string }[];
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
