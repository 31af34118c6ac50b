// The journal on PostgreSQL, for several server replicas behind one load balancer. Same semantics as
// the SQLite journal: an id is registered once (INSERT … ON CONFLICT), a result is committed before
// it is acknowledged, a pending request holds a lease that a retry takes over once it has run out.
// Writes are group-committed: one transaction per flush per replica. Finishing requests take a
// transaction-level advisory lock so `done_seq` grows in commit order, which lets the monitor of
// every replica follow the journal with a cursor and never skip a request.
import pg from "pg";
import { InputError, errorMessage } from "../core/errors.js";
import type { Score } from "../core/types.js";
import { GroupCommit, type PendingOp } from "./group-commit.js";
import { EXPIRED_PREFIX, failedRowsError, requestFrom, type BeginOutcome, type FinishedEntry, type JournalRequest, type RequestStatus, type StoredRequest, type StoredResult } from "./journal.js";
import type { JournalStore } from "./journal-store.js";
import { scoreJson } from "./score-json.js";
import { ADDED_INDEXES, journalTables } from "./journal-schema.js";

const SCHEMA_LOCK = 0x66_67_01; // arbitrary advisory-lock keys, fixed so every replica uses the same
const SEQ_LOCK = 0x66_67_02;

type Client = pg.PoolClient;

interface Parsed {
  config: pg.PoolConfig;
  schema: string | undefined;
  shown: string;
}

/** The connection URL, with our own `schema` parameter taken out (it sets the search path). */
function parseUrl(url: string): Parsed {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InputError("--journal", "is not a valid postgres:// URL");
  }
  const schema = u.searchParams.get("schema") ?? undefined;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new InputError("--journal", `schema "${schema}" must be a lower-case SQL identifier`);
  u.searchParams.delete("schema");
  const shown = `postgres://${u.username ? `${u.username}@` : ""}${u.host}${u.pathname}${schema ? `?schema=${schema}` : ""}`;
  return { config: { connectionString: u.toString(), max: 6, ...(schema ? { options: `-c search_path=${schema}` } : {}) }, schema, shown };
}

function storedResults(rows: Record<string, unknown>[]): StoredResult[] {
  return rows.map((r) => ({ index: r.idx as number, rowId: (r.row_id as string | null) ?? null, step: r.step === null ? null : Number(r.step), score: JSON.parse(r.score as string) as Score }));
}

const SCHEMA_RELATIONS = ["requests", "results", "requests_done_seq", "results_step"];

/**
 * Whether the journal's tables and indexes exist, read from the catalog (no table lock). A replica
 * that restarts while others write must not run the DDL: CREATE INDEX IF NOT EXISTS locks the table
 * before it looks, so it queued behind the writers' transactions and deadlocked with their
 * commit-order lock.
 */
async function schemaComplete(client: Client): Promise<boolean> {
  const r = await client.query("SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = current_schema() AND c.relname = ANY($1)", [SCHEMA_RELATIONS]);
  return (r.rows[0] as { n: number }).n === SCHEMA_RELATIONS.length;
}

/** First open of a journal: the DDL under one advisory lock, so replicas starting together take turns. */
async function createSchema(client: Client, schema: string | undefined): Promise<void> {
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(journalTables("postgres") + ADDED_INDEXES);
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
}

export async function openPostgresStore(url: string, options: { readonly?: boolean } = {}): Promise<JournalStore> {
  const { config, schema, shown } = parseUrl(url);
  const pool = new pg.Pool(config);
  // An idle client's network error must not crash the server; the next query reports it.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    try {
      if (!options.readonly && !(await schemaComplete(client))) await createSchema(client, schema);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => {});
    throw new InputError("--journal", `cannot open the PostgreSQL journal ${shown}: ${errorMessage(err)}`);
  }
  return new PostgresStore(pool, shown);
}

class PostgresStore implements JournalStore {
  readonly kind = "postgres" as const;
  private readonly writes: GroupCommit<Client>;

  constructor(
    private readonly pool: pg.Pool,
    readonly location: string,
  ) {
    this.writes = new GroupCommit<Client>((ops) => this.commit(ops));
  }

  private async commit(ops: PendingOp<Client>[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      const values = await this.inTransaction(client, ops);
      ops.forEach((op, i) => op.resolve(values[i]));
    } catch {
      // One op failed (or the flush hit a deadlock with another replica): commit each on its own so
      // only the failing one is rejected.
      for (const op of ops) {
        try {
          op.resolve((await this.inTransaction(client, [op]))[0]);
        } catch (err) {
          op.reject(err);
        }
      }
    } finally {
      client.release();
    }
  }

  private async inTransaction(client: Client, ops: PendingOp<Client>[]): Promise<unknown[]> {
    await client.query("BEGIN");
    try {
      const values: unknown[] = [];
      for (const op of ops) values.push(await op.run(client));
      await client.query("COMMIT");
      return values;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    }
  }

  begin(request: JournalRequest, leaseMs: number): Promise<BeginOutcome> {
    return this.writes.submit(async (c): Promise<BeginOutcome> => {
      const now = Date.now();
      const inserted = await c.query("INSERT INTO requests (id, received_at, route, stack, instrument, body_hash, body, status, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) ON CONFLICT (id) DO NOTHING", [
        request.id,
        new Date(now).toISOString(),
        request.route,
        request.stack,
        request.instrument,
        request.bodyHash,
        request.body,
        now + leaseMs,
      ]);
      if (inserted.rowCount === 1) return { kind: "new" };
      const found = await c.query("SELECT * FROM requests WHERE id = $1 FOR UPDATE", [request.id]);
      const existing = requestFrom(found.rows[0] as Record<string, unknown>);
      if (existing.bodyHash !== request.bodyHash) return { kind: "conflict", storedHash: existing.bodyHash };
      if (existing.status === "done") {
        const results = await c.query("SELECT idx, row_id, step, score FROM results WHERE request_id = $1 ORDER BY idx", [request.id]);
        return { kind: "done", request: existing, results: storedResults(results.rows) };
      }
      const leaseLeft = existing.expiresAt === null ? 0 : existing.expiresAt - now;
      if (existing.status === "failed" || leaseLeft <= 0) {
        await c.query("UPDATE requests SET status = 'pending', received_at = $2, error = NULL, expires_at = $3 WHERE id = $1", [request.id, new Date(now).toISOString(), now + leaseMs]);
        return { kind: "new" };
      }
      return { kind: "pending", retryAfterMs: leaseLeft };
    });
  }

  complete(id: string, results: StoredResult[]): Promise<void> {
    return this.writes.submit(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock($1)", [SEQ_LOCK]);
      await c.query("DELETE FROM results WHERE request_id = $1", [id]);
      if (results.length > 0) {
        await c.query("INSERT INTO results (request_id, idx, row_id, step, value, error, score) SELECT $1, * FROM unnest($2::int[], $3::text[], $4::bigint[], $5::float8[], $6::text[], $7::text[])", [
          id,
          results.map((r) => r.index),
          results.map((r) => r.rowId),
          results.map((r) => r.step),
          results.map((r) => (typeof r.score.value === "number" && Number.isFinite(r.score.value) ? r.score.value : null)),
          results.map((r) => r.score.error ?? null),
          results.map((r) => scoreJson(r.score)),
        ]);
      }
      const error = failedRowsError(results);
      if (error !== null) {
        await c.query("UPDATE requests SET status = 'failed', completed_at = $2, error = $3, expires_at = NULL WHERE id = $1", [id, new Date().toISOString(), error]);
        return;
      }
      await c.query("UPDATE requests SET status = 'done', completed_at = $2, error = NULL, expires_at = NULL, done_seq = (SELECT COALESCE(MAX(done_seq), 0) + 1 FROM requests) WHERE id = $1", [id, new Date().toISOString()]);
    });
  }

  fail(id: string, error: string): Promise<void> {
    return this.writes.submit(async (c) => {
      await c.query("UPDATE requests SET status = 'failed', completed_at = $2, error = $3, expires_at = NULL WHERE id = $1 AND status = 'pending'", [id, new Date().toISOString(), error]);
    });
  }

  async get(id: string): Promise<StoredRequest | undefined> {
    const r = await this.pool.query("SELECT * FROM requests WHERE id = $1", [id]);
    return r.rows[0] ? requestFrom(r.rows[0] as Record<string, unknown>) : undefined;
  }

  async results(id: string): Promise<StoredResult[]> {
    const r = await this.pool.query("SELECT idx, row_id, step, score FROM results WHERE request_id = $1 ORDER BY idx", [id]);
    return storedResults(r.rows);
  }

  async finishedAfter(seq: number, limit: number): Promise<FinishedEntry[]> {
    const r = await this.pool.query("SELECT * FROM requests WHERE status = 'done' AND done_seq > $1 ORDER BY done_seq LIMIT $2", [seq, limit]);
    if (r.rows.length === 0) return [];
    const ids = r.rows.map((row) => row.id as string);
    const res = await this.pool.query("SELECT request_id, idx, row_id, step, score FROM results WHERE request_id = ANY($1) ORDER BY request_id, idx", [ids]);
    const byId = new Map<string, Record<string, unknown>[]>();
    for (const row of res.rows) byId.set(row.request_id as string, [...(byId.get(row.request_id as string) ?? []), row]);
    return r.rows.map((row) => ({ seq: Number(row.done_seq), request: requestFrom(row as Record<string, unknown>), results: storedResults(byId.get(row.id as string) ?? []) }));
  }

  expireStale(): Promise<number> {
    const now = Date.now();
    const error = `${EXPIRED_PREFIX} the server scoring this request stopped before it finished (lease ended ${new Date(now).toISOString()}); retry with the same request id to score it`;
    return this.writes.submit(async (c) => {
      const r = await c.query("UPDATE requests SET status = 'failed', completed_at = $1, error = $2, expires_at = NULL WHERE status = 'pending' AND (expires_at IS NULL OR expires_at < $3)", [new Date(now).toISOString(), error, now]);
      return r.rowCount ?? 0;
    });
  }

  async counts(): Promise<Record<RequestStatus, number>> {
    const out: Record<RequestStatus, number> = { pending: 0, done: 0, failed: 0 };
    const r = await this.pool.query("SELECT status, COUNT(*)::int AS n FROM requests GROUP BY status");
    for (const row of r.rows) out[row.status as RequestStatus] = row.n as number;
    return out;
  }

  async ping(): Promise<void> {
    await this.pool.query("SELECT 1");
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
