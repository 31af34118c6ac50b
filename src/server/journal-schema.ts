// The journal's tables, written once for both journals (SQLite and PostgreSQL): the same columns in
// the same order, each dialect's types. Columns added after the first release are in the table
// definition (a new journal has them) and in addedColumns (an older SQLite journal gains them).
export type JournalDialect = "sqlite" | "postgres";

const TYPES: Record<JournalDialect, { int: string; bigint: string; real: string }> = {
  sqlite: { int: "INTEGER", bigint: "INTEGER", real: "REAL" },
  postgres: { int: "INTEGER", bigint: "BIGINT", real: "DOUBLE PRECISION" },
};

/** CREATE TABLE statements for the requests and their results, and the index every journal has. */
export function journalTables(dialect: JournalDialect): string {
  const t = TYPES[dialect];
  return `
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
  error TEXT,
  expires_at ${t.bigint},
  done_seq ${t.bigint}
);
CREATE TABLE IF NOT EXISTS results (
  request_id TEXT NOT NULL REFERENCES requests(id),
  idx ${t.int} NOT NULL,
  row_id TEXT,
  step ${t.bigint},
  value ${t.real},
  error TEXT,
  score TEXT NOT NULL,
  PRIMARY KEY (request_id, idx)
);
CREATE INDEX IF NOT EXISTS results_step ON results(step);
`;
}

/** Columns added after the first release: an older journal opened for writing gains them in place. */
export function addedColumns(dialect: JournalDialect): [string, string][] {
  const t = TYPES[dialect];
  return [
    // Lease end (epoch ms) of a pending request: past it, the request is expired or taken over.
    ["expires_at", t.bigint],
    // Order in which requests finished, for readers that follow the journal (the live monitor).
    ["done_seq", t.bigint],
  ];
}

/** Indexes on added columns, created once the columns exist. */
export const ADDED_INDEXES = "CREATE INDEX IF NOT EXISTS requests_done_seq ON requests(done_seq);";
