import { describe, expect, it, vi } from "vitest";
import Database from "better-sqlite3";
import { join } from "node:path";
import { createApp } from "../../src/server/app.js";
import { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer } from "../../src/stacks/types.js";
import { tempJournalPerTest } from "../helpers/temp-journal.js";

// The SQLite journal commits without blocking the event loop on fsync and syncs the WAL on libuv's
// pool: these tests hold that sync open (an injected one) to check that nothing is acknowledged
// before it returns, and that the server keeps working meanwhile.

const request = (id: string) => ({ id, route: "/v1/score", stack: "s", instrument: "i", bodyHash: `h-${id}`, body: "{}" });
const result = (value: number) => [{ index: 0, rowId: "r", step: 1, score: { value, terms: {}, instrument: "i" } as Score }];

function gate() {
  let open!: () => void;
  let fail!: (err: Error) => void;
  const calls: number[] = [];
  const waiting: { open(): void; fail(e: Error): void }[] = [];
  const sync = () => {
    calls.push(Date.now());
    return new Promise<void>((resolve, reject) => waiting.push({ open: resolve, fail: reject }));
  };
  open = () => waiting.splice(0).forEach((w) => w.open());
  fail = (err) => waiting.splice(0).forEach((w) => w.fail(err));
  return {
    sync,
    open: () => open(),
    fail: (e: Error) => fail(e),
    calls,
    get pending() {
      return waiting.length;
    },
  };
}

const settled = async <T>(p: Promise<T>) => {
  let state = "pending";
  p.then(
    () => (state = "resolved"),
    () => (state = "rejected"),
  );
  await new Promise((r) => setTimeout(r, 30));
  return state;
};

let dir: string;
let journal: Journal;
tempJournalPerTest("fg-sync-", (d, j) => ([dir, journal] = [d, j]));

describe("SQLite journal durability off the event loop", () => {
  it("acknowledges a result only after the WAL sync returns, and registers without waiting for one", async () => {
    const disk = gate();
    const store = new SqliteStore(journal, "test", { sync: disk.sync });
    expect((await store.begin(request("a"), 60_000)).kind).toBe("new");
    expect(disk.calls).toHaveLength(0);
    const completed = store.complete("a", result(7));
    expect(await settled(completed)).toBe("pending");
    // Committed (a reader sees it) but not acknowledged until the disk has it.
    expect(journal.get("a")?.status).toBe("done");
    // A retry that finds it done returns stored results: it too waits for a sync.
    const retry = store.begin(request("a"), 60_000);
    expect(await settled(retry)).toBe("pending");
    disk.open();
    await completed;
    // The retry read the row before that sync ended: it needs a sync of its own.
    while (disk.pending === 0) await new Promise((r) => setTimeout(r, 5));
    expect(await settled(retry)).toBe("pending");
    disk.open();
    expect((await retry).kind).toBe("done");
  });

  it("covers many commits with few syncs", async () => {
    const disk = gate();
    const store = new SqliteStore(journal, "test", { sync: disk.sync });
    const ids = Array.from({ length: 50 }, (_, i) => `r${i}`);
    await Promise.all(ids.map((id) => store.begin(request(id), 60_000)));
    const done = Promise.all(ids.map((id, i) => store.complete(id, result(i))));
    await new Promise((r) => setTimeout(r, 20));
    disk.open();
    await new Promise((r) => setTimeout(r, 20));
    disk.open();
    await done;
    expect(disk.calls.length).toBeGreaterThanOrEqual(1);
    expect(disk.calls.length).toBeLessThanOrEqual(2);
  });

  it("a sync that fails acknowledges nothing: the client gets a 503 and no scores", async () => {
    const disk = gate();
    const store = new SqliteStore(journal, "test", { sync: disk.sync });
    const scorer: Scorer<BankRow> = {
      rowKind: "bank",
      instrument: { stack: "s", version: "1", options: {}, models: {}, hash: "i" },
      scoreRows: async (rows) => rows.map(() => ({ value: 1, terms: {}, instrument: "i" })),
    };
    const app = createApp({ scorers: { s: scorer }, defaultStack: "s", journal: store });
    const answer = app.request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ request_id: "x", rows: [{ id: "a", output: "hi" }] }) });
    while (disk.pending === 0) await new Promise((r) => setTimeout(r, 5));
    // Meanwhile the server answers other requests: nothing waits on the disk but the acknowledgement.
    expect((await app.request("/healthz")).status).toBe(200);
    disk.fail(new Error("EIO: i/o error, fdatasync"));
    const res = await answer;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/EIO/);
  });

  it("syncs the real WAL file by default", async () => {
    const store = new SqliteStore(journal, "test");
    await store.begin(request("w"), 60_000);
    await store.complete("w", result(1));
    expect(journal.get("w")?.status).toBe("done");
    await store.close();
    journal = new Journal(join(dir, "journal.sqlite"));
    expect(journal.results("w")[0].score.value).toBe(1);
  });
});

describe("group commit on SQLite", () => {
  it("a transaction that cannot begin (file locked past the busy timeout) fails its ops once, not retried op by op", async () => {
    const path = join(dir, "journal.sqlite");
    const mine = new Journal(path, { busyTimeoutMs: 200 });
    const store = new SqliteStore(mine, "test", { sync: async () => {} });
    const holder = new Database(path);
    holder.prepare("BEGIN IMMEDIATE").run();
    const transactions = vi.spyOn(mine, "transaction");
    const outcomes = await Promise.allSettled([store.begin(request("l1"), 60_000), store.begin(request("l2"), 60_000)]);
    holder.prepare("ROLLBACK").run();
    holder.close();
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/database is locked/);
    // One transaction tried (one busy wait), not tried again with a savepoint per op.
    expect(transactions).toHaveBeenCalledTimes(1);
    mine.close();
  });

  it("an op that fails inside a shared transaction undoes only its own writes; the others commit", async () => {
    const store = new SqliteStore(journal, "test", { sync: async () => {} });
    await Promise.all(["a", "b", "c"].map((id) => store.begin(request(id), 60_000)));
    // Submitted in one turn, so all three share one transaction: b's second result cannot be stored
    // (a score that is not JSON) after its first was written.
    const broken = [...result(2), { index: 1, rowId: "r2", step: 1, score: { value: 1, terms: {}, instrument: "i", bad: 1n } as unknown as Score }];
    const outcomes = await Promise.allSettled([store.complete("a", result(1)), store.complete("b", broken), store.complete("c", result(3))]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(journal.get("a")?.status).toBe("done");
    expect(journal.get("c")?.status).toBe("done");
    expect(journal.get("b")?.status).toBe("pending");
    expect(journal.results("b")).toEqual([]);
    expect(journal.results("c").map((r) => r.score.value)).toEqual([3]);
  });
});
