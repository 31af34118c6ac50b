// The journal as the server uses it: asynchronous, with group commit, on SQLite (embedded default,
// one machine) or PostgreSQL (several replicas behind a load balancer). Both keep the same
// semantics: idempotent request ids, a result committed before the response that acknowledges it,
// leases on pending requests so a crashed server's requests expire instead of blocking retries.
import { InputError } from "../core/errors.js";
import { GroupCommit, type PendingOp } from "./group-commit.js";
import { Journal, type BeginOutcome, type FinishedEntry, type JournalRequest, type RequestStatus, type StoredRequest, type StoredResult } from "./journal.js";

export interface JournalStore {
  readonly kind: "sqlite" | "postgres";
  /** Where the journal lives, without credentials. */
  readonly location: string;
  begin(request: JournalRequest, leaseMs: number): Promise<BeginOutcome>;
  complete(id: string, results: StoredResult[]): Promise<void>;
  fail(id: string, error: string): Promise<void>;
  get(id: string): Promise<StoredRequest | undefined>;
  results(id: string): Promise<StoredResult[]>;
  /** Requests finished after `seq`, in the order they finished (across every replica). */
  finishedAfter(seq: number, limit: number): Promise<FinishedEntry[]>;
  /** Marks pending requests whose lease ran out as expired (failed, retryable). */
  expireStale(): Promise<number>;
  counts(): Promise<Record<RequestStatus, number>>;
  /** Resolves when the journal answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** Opens `--journal`: a postgres:// URL or a SQLite file path. */
export async function openJournalStore(location: string, options: { readonly?: boolean } = {}): Promise<JournalStore> {
  if (isPostgresUrl(location)) {
    const { openPostgresStore } = await import("./journal-pg.js");
    return openPostgresStore(location, options);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) throw new InputError("--journal", `"${location.split("://")[0]}://" journals are not supported; give a SQLite file path or a postgres:// URL`);
  return new SqliteStore(new Journal(location, { readonly: options.readonly }), location);
}

export class SqliteStore implements JournalStore {
  readonly kind = "sqlite" as const;
  private readonly writes: GroupCommit<Journal>;

  constructor(
    readonly journal: Journal,
    readonly location: string,
  ) {
    this.writes = new GroupCommit<Journal>((ops) => this.commit(ops));
  }

  /** Ops that only register requests acknowledge nothing: their commit need not wait for the disk. */
  private readonly registering = new WeakSet<PendingOp<Journal>["run"]>();

  private commit(ops: PendingOp<Journal>[]): void {
    const outcomes: { ok: boolean; value: unknown }[] = [];
    const durable = ops.some((op) => !this.registering.has(op.run));
    this.journal.transaction(() => {
      for (const op of ops) {
        try {
          outcomes.push({ ok: true, value: this.journal.savepoint(() => op.run(this.journal)) });
        } catch (err) {
          outcomes.push({ ok: false, value: err });
        }
      }
    }, { durable });
    ops.forEach((op, i) => (outcomes[i].ok ? op.resolve(outcomes[i].value) : op.reject(outcomes[i].value)));
  }

  begin(request: JournalRequest, leaseMs: number): Promise<BeginOutcome> {
    const run = (j: Journal) => j.beginInTransaction(request, leaseMs);
    this.registering.add(run);
    return this.writes.submit(run);
  }

  complete(id: string, results: StoredResult[]): Promise<void> {
    return this.writes.submit((j) => j.completeInTransaction(id, results));
  }

  fail(id: string, error: string): Promise<void> {
    return this.writes.submit((j) => j.fail(id, error));
  }

  async get(id: string) {
    return this.journal.get(id);
  }

  async results(id: string) {
    return this.journal.results(id);
  }

  async finishedAfter(seq: number, limit: number) {
    return this.journal.finishedAfter(seq, limit);
  }

  expireStale(): Promise<number> {
    return this.writes.submit((j) => j.expireStale());
  }

  async counts() {
    return this.journal.counts();
  }

  async ping() {
    this.journal.counts();
  }

  async close() {
    this.journal.close();
  }
}
