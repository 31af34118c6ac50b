// The PostgreSQL journal keeps the SQLite journal's semantics (idempotent ids, conflicts, leases,
// expiry, results committed before they are acknowledged) across several stores at once, as several
// replicas would use it; and the server runs on it unchanged.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openJournalStore, type JournalStore } from "../../src/server/journal-store.js";
import { createApp } from "../../src/server/app.js";
import type { BankRow, Score } from "../../src/core/types.js";
import pg from "pg";
import { PG_URL, freshSchema, pgSkipReason } from "../helpers/postgres.js";

const score = (value: number | null, error?: string): Score => ({ value, terms: { t: { value: value ?? 0 } }, instrument: "i", ...(error ? { error } : {}) });
const request = (id: string, bodyHash = `h-${id}`) => ({ id, route: "/v1/score", stack: "s", instrument: "i", bodyHash, body: JSON.stringify({ rows: [{ id: "r", output: id }] }) });

describe.skipIf(pgSkipReason !== undefined)(`PostgreSQL journal${pgSkipReason ? ` (skipped: ${pgSkipReason})` : ""}`, () => {
  let schema: ReturnType<typeof freshSchema>;
  let a: JournalStore;
  let b: JournalStore;
  beforeEach(async () => {
    schema = freshSchema();
    [a, b] = await Promise.all([openJournalStore(schema.url), openJournalStore(schema.url)]);
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    await schema.drop();
  });

  it("registers an id once across replicas, stores results exactly, and refuses a changed body", async () => {
    const [first, second] = await Promise.all([a.begin(request("r1"), 60_000), b.begin(request("r1"), 60_000)]);
    expect([first.kind, second.kind].sort()).toEqual(["new", "pending"]);
    const results = [
      { index: 0, rowId: "x", step: 3, score: score(0.1 + 0.2) },
      { index: 1, rowId: "y", step: null, score: score(null, "judge timed out") },
    ];
    // A row without a value leaves the request failed and retryable, its results stored as they were.
    await a.complete("r1", results);
    expect((await b.get("r1"))?.status).toBe("failed");
    expect(await b.results("r1")).toEqual(results);
    expect((await b.begin(request("r1"), 60_000)).kind).toBe("new");
    const scored = [results[0], { ...results[1], score: score(0.5) }];
    await b.complete("r1", scored);
    const again = await a.begin(request("r1"), 60_000);
    expect(again.kind).toBe("done");
    expect(again.kind === "done" && again.results).toEqual(scored);
    expect((await b.begin(request("r1", "other"), 60_000)).kind).toBe("conflict");
    expect(a.location).toMatch(/^postgres:\/\/foolsgold@127\.0\.0\.1:5432\/foolsgold_test\?schema=fg_test_/);
    expect(a.location).not.toMatch(/foolsgold:foolsgold/);
  });

  // A replica restarted while the others write must not take table locks to "create" what exists:
  // CREATE INDEX IF NOT EXISTS locks the table first, so it waited behind writers' transactions and,
  // with the writers' commit-order lock, ended in "deadlock detected" and a replica that exited 2.
  it("opens an existing journal without waiting for another replica's open write transaction", async () => {
    const writer = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${new URL(schema.url).searchParams.get("schema")}` });
    await writer.connect();
    try {
      await writer.query("BEGIN");
      await writer.query("INSERT INTO requests (id, received_at, route, stack, instrument, body_hash, body, status) VALUES ('w', 'now', '/v1/score', 's', 'i', 'h', '{}', 'pending')");
      const opened = openJournalStore(schema.url).then((store) => store);
      const outcome = await Promise.race([opened.then(() => "opened"), new Promise((done) => setTimeout(() => done("waited"), 3000))]);
      await writer.query("ROLLBACK");
      await (await opened).close();
      expect(outcome).toBe("opened");
    } finally {
      await writer.end();
    }
  });

  it("a failed request may be retried; an expired lease is taken over or swept with a clear status", async () => {
    await a.begin(request("f"), 60_000);
    await a.fail("f", "scoring failed: backend unreachable");
    expect((await b.begin(request("f"), 60_000)).kind).toBe("new");
    await a.begin(request("dead"), -1);
    expect((await b.begin(request("dead"), 60_000)).kind).toBe("new");
    await a.begin(request("abandoned"), -1);
    expect(await b.expireStale()).toBe(1);
    const stored = await a.get("abandoned");
    expect(stored?.status).toBe("failed");
    expect(stored?.error).toMatch(/^expired: /);
    expect(await a.counts()).toEqual({ pending: 2, done: 0, failed: 1 });
  });

  it("lets every replica follow what finished, in commit order, without skipping", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `q${i}`);
    await Promise.all(ids.map((id, i) => (i % 2 ? a : b).begin(request(id), 60_000)));
    await Promise.all(ids.map((id, i) => (i % 2 ? b : a).complete(id, [{ index: 0, rowId: "r", step: i, score: score(i) }])));
    const seen: string[] = [];
    let cursor = 0;
    for (;;) {
      const page = await b.finishedAfter(cursor, 7);
      if (page.length === 0) break;
      expect(page.map((e) => e.seq)).toEqual(page.map((_, k) => cursor + k + 1));
      cursor = page.at(-1)!.seq;
      seen.push(...page.map((e) => e.request.id));
    }
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it("serves /v1/score with idempotent retries through another replica", async () => {
    const scorer = {
      rowKind: "bank" as const,
      instrument: { stack: "len", version: "1", options: {}, models: {}, hash: "instr-len" },
      scoreRows: async (rows: BankRow[]): Promise<Score[]> => rows.map((r) => ({ value: r.output.length / 7, terms: {}, instrument: "instr-len" })),
    };
    const apps = [a, b].map((journal) => createApp({ scorers: { len: scorer as never }, defaultStack: "len", journal }));
    const body = JSON.stringify({ request_id: "pg-1", rows: [{ id: "x", output: "hello" }] });
    const post = (i: number) => apps[i].request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body });
    const first = await post(0);
    expect(first.status).toBe(200);
    const second = await post(1);
    expect(await second.json()).toEqual(await first.json());
    expect((await apps[1].request("/readyz")).status).toBe(200);
  });
});
