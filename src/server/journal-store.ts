// The journal as the server uses it: asynchronous, with group commit, on SQLite (embedded default,
// one machine) or PostgreSQL (several replicas behind a load balancer). Both keep the same
// semantics: idempotent request ids, a result committed before the response that acknowledges it,
// leases on pending requests so a crashed server's requests expire instead of blocking retries.
import { open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { Worker } from "node:worker_threads";
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
  const journal = new Journal(location, { readonly: options.readonly });
  return new SqliteStore(journal, location, { checkpoints: options.readonly || location === ":memory:" ? "inline" : "thread" });
}

/** Makes every transaction committed so far durable. */
export type SyncJournal = () => Promise<void>;

export class SqliteStore implements JournalStore {
  readonly kind = "sqlite" as const;
  private readonly writes: GroupCommit<Journal>;
  private readonly sync: SyncJournal;
  private readonly closeSync: () => Promise<void>;
  /** Settles ops committed to the WAL once an fdatasync that began after their commit has returned. */
  private unsynced: { resolve(): void; reject(err: unknown): void }[] = [];
  private flushing = false;

  private readonly checkpointer: { worker: Worker; close(): Promise<void> } | undefined;

  /**
   * `checkpoints: "thread"` moves SQLite's WAL checkpoints to a thread of their own (see
   * workers/checkpoint-worker.mjs); "inline" (the default) leaves them to SQLite's automatic one.
   */
  constructor(
    readonly journal: Journal,
    readonly location: string,
    options: { sync?: SyncJournal; checkpoints?: "inline" | "thread" } = {},
  ) {
    this.writes = new GroupCommit<Journal>((ops) => this.commit(ops));
    const wal = options.sync ? { sync: options.sync, close: async () => {} } : walSync(journal);
    this.sync = wal.sync;
    this.closeSync = wal.close;
    if (options.checkpoints === "thread" && journal.walPath) this.checkpointer = checkpointThread(journal);
  }

  /** Ops that only register requests acknowledge nothing: their commit need not wait for the disk. */
  private readonly registering = new WeakSet<PendingOp<Journal>["run"]>();

  /**
   * Commits `ops` in one transaction without waiting for the disk (synchronous=NORMAL: SQLite's
   * commit does not block the event loop on fsync), then settles every op that acknowledges a result
   * only after the WAL has been fdatasync'd off the main thread. Requests keep being parsed and
   * scored while the disk works, and one sync covers every commit made before it began.
   */
  private commit(ops: PendingOp<Journal>[]): void {
    const outcomes = this.runAll(ops);
    let synced: Promise<void> | undefined;
    ops.forEach((op, i) => {
      const { ok, value } = outcomes[i];
      if (!ok) return op.reject(value);
      // A registration acknowledges nothing, unless it found the request done: that returns stored
      // results to the client, which must be on disk first.
      const acknowledges = !this.registering.has(op.run) || (value as BeginOutcome).kind === "done";
      if (!acknowledges) return op.resolve(value);
      synced ??= this.durable();
      synced.then(
        () => op.resolve(value),
        (err: unknown) => op.reject(err),
      );
    });
  }

  /**
   * Runs every op in one transaction. Ops almost never fail, so they first run without a savepoint
   * each (two statements per op saved); if one throws, that transaction is rolled back and the ops
   * run again, each in its own savepoint, so a failure undoes only its own writes.
   */
  private runAll(ops: PendingOp<Journal>[]): { ok: boolean; value: unknown }[] {
    let opFailed = false;
    try {
      return this.journal.transaction(
        () =>
          ops.map((op) => {
            try {
              return { ok: true, value: op.run(this.journal) };
            } catch (err) {
              opFailed = true;
              throw err;
            }
          }),
        { durable: false },
      );
    } catch (failure) {
      // A transaction that could not begin or commit (the file locked past the busy timeout) fails
      // every op at once, as before: running it again would only wait for the lock again.
      if (!opFailed) throw failure;
      const outcomes: { ok: boolean; value: unknown }[] = [];
      this.journal.transaction(
        () => {
          for (const op of ops) {
            try {
              outcomes.push({ ok: true, value: this.journal.savepoint(() => op.run(this.journal)) });
            } catch (err) {
              outcomes.push({ ok: false, value: err });
            }
          }
        },
        { durable: false },
      );
      return outcomes;
    }
  }

  private durable(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.unsynced.push({ resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.unsynced.length > 0) {
      const waiting = this.unsynced.splice(0);
      try {
        await this.sync();
        for (const w of waiting) w.resolve();
      } catch (err) {
        for (const w of waiting) w.reject(err);
      }
    }
    this.flushing = false;
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

  /** The checkpoint thread, when this store has one (tests stop it to see the fallback). */
  get checkpointThread(): Worker | undefined {
    return this.checkpointer?.worker;
  }

  async close() {
    await this.closeSync();
    await this.checkpointer?.close();
    this.journal.close();
  }
}

/** How often the checkpoint thread copies the WAL into the database file. */
const CHECKPOINT_INTERVAL_MS = 250;
/** SQLite's own threshold, restored when the checkpoint thread cannot do its work. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/**
 * The main connection's threshold while the thread runs. SQLite rewinds the WAL only when a write
 * begins after a checkpoint that caught up with every commit; the thread's checkpoints run beside
 * the commits, so under steady load one almost always lands during them and the WAL would grow for
 * as long as the load lasts (review: 197 MB in 3 s at 250 requests/s of 64 rows). Past this many
 * pages a commit checkpoints on the server's connection as SQLite does by default; the thread has
 * copied nearly everything by then, so that checkpoint catches up and the next write rewinds.
 */
const BACKSTOP_AUTOCHECKPOINT_PAGES = 4000;

/**
 * Starts the checkpoint thread and raises the main connection's automatic checkpoint to a backstop.
 * A thread that fails to checkpoint, crashes or exits hands checkpoints back to SQLite's automatic
 * one at its usual threshold, so the WAL never grows without bound.
 */
function checkpointThread(journal: Journal): { worker: Worker; close(): Promise<void> } {
  const worker = new Worker(new URL("./workers/checkpoint-worker.mjs", import.meta.url), { workerData: { path: journal.path, intervalMs: CHECKPOINT_INTERVAL_MS } });
  // The server must not stay up only for its checkpoints.
  worker.unref();
  let done = false;
  const inline = (why: string): void => {
    if (done) return;
    done = true;
    journal.setAutoCheckpoint(SQLITE_AUTOCHECKPOINT_PAGES);
    process.stderr.write(`foolsgold: the journal's checkpoint thread stopped (${why}); SQLite checkpoints on the server's own connection again\n`);
    void worker.terminate();
  };
  journal.setAutoCheckpoint(BACKSTOP_AUTOCHECKPOINT_PAGES);
  worker.on("message", (message: { failed?: string }) => {
    if (message.failed !== undefined) inline(`a checkpoint failed: ${message.failed}`);
  });
  worker.on("error", (err) => inline(`it crashed: ${err.message}`));
  worker.on("exit", (code) => inline(`it exited with code ${code}`));
  return {
    worker,
    async close() {
      if (done) return;
      done = true;
      // Held until it has closed its connection: unreferenced, the process could end first.
      worker.ref();
      // Not events.once: it rejects on the thread's "error", and a thread that failed has still exited.
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.postMessage("stop");
      await exited;
    },
  };
}

/**
 * fdatasync of the journal's WAL file, on libuv's thread pool. fdatasync flushes the file, whichever
 * descriptor wrote it, so syncing our own read-only handle makes SQLite's commits durable; the WAL's
 * directory entry is synced once. A checkpoint that moves commits into the database file syncs that
 * file itself (synchronous=NORMAL does so before the WAL is reused).
 */
function walSync(journal: Journal): { sync: SyncJournal; close(): Promise<void> } {
  const path = journal.walPath;
  if (!path) return { sync: async () => {}, close: async () => {} };
  let handle: Promise<FileHandle> | undefined;
  return {
    async sync() {
      handle ??= (async () => {
        const dir = await open(dirname(path), "r");
        await dir.sync().finally(() => dir.close());
        return open(path, "r");
      })();
      // A handle that could not be opened is retried by the next sync (this one's acks fail: 503).
      await (await handle.catch((err: unknown) => ((handle = undefined), Promise.reject(err)))).datasync();
    },
    async close() {
      if (handle) await (await handle.catch(() => undefined))?.close();
    },
  };
}
