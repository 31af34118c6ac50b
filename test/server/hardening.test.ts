// Overload, hostile bodies, crashes and timeouts: each case here failed before the server hardening
// of issue #15 (429 after parsing and journaling, stack overflow on deep nesting, lone surrogates and
// unknown fields accepted, plain-text 404s, /healthz green with the backend down, a timeout that left
// the backend working, pending entries blocking retries forever after a crash, "database is locked"
// with two servers on one SQLite journal).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { hashOf } from "../../src/core/hash.js";
import { createApp } from "../../src/server/app.js";
import { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { modelReadiness } from "../../src/server/readiness.js";
import { createOpenAIClient } from "../../src/models/client.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer, ScoreContext } from "../../src/stacks/types.js";

const instrument = { stack: "wordcount", version: "1", options: {}, models: {}, hash: "instr-wordcount" };

function wordCount(delayMs = 0): Scorer<BankRow> & { calls: number } {
  const s = {
    calls: 0,
    rowKind: "bank" as const,
    instrument,
    async scoreRows(rows: BankRow[]): Promise<Score[]> {
      s.calls++;
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      return rows.map((row) => ({ value: row.output.split(/\s+/).length, terms: {}, instrument: instrument.hash }));
    },
  };
  return s;
}

let dir: string;
let journal: Journal;
let store: SqliteStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fg-hard-"));
  journal = new Journal(join(dir, "journal.sqlite"));
  store = new SqliteStore(journal, "test journal");
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (app: ReturnType<typeof createApp>, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });

async function errorOf(res: Response): Promise<string> {
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  return ((await res.json()) as { error: string }).error;
}

describe("overload", () => {
  it("decides a 429 after reading the body (bounded in size and time) but before checking rows or journaling", async () => {
    const app = createApp({ scorers: { wordcount: wordCount(200) }, defaultStack: "wordcount", journal: store, limits: { maxInFlight: 1, maxQueue: 0 } });
    const first = post(app, "/v1/score", { request_id: "slow", rows: [{ id: "a", output: "x" }] });
    await new Promise((r) => setTimeout(r, 30));
    // An id that would be journaled, and a row no stack takes: refused for capacity, neither checked nor stored.
    const refused = await post(app, "/v1/score", '{"request_id": "second", "rows": [{"id": "b", "outptu": "x"}]}');
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await errorOf(refused)).toMatch(/server at capacity/);
    expect((await first).status).toBe(200);
    expect(journal.get("second")).toBeUndefined();
    expect(journal.counts()).toEqual({ pending: 0, done: 1, failed: 0 });
  });
});

describe("retries of finished requests", () => {
  it("answer from the journal and free their slot (a trainer's retries never use up --max-in-flight)", async () => {
    const scorer = wordCount();
    const app = createApp({ scorers: { wordcount: scorer }, defaultStack: "wordcount", journal: store, limits: { maxInFlight: 1, maxQueue: 0 } });
    const body = { request_id: "r1", rows: [{ id: "a", output: "two words" }] };
    const first = await post(app, "/v1/score", body);
    expect(first.status).toBe(200);
    const answer = await first.json();
    for (let k = 0; k < 3; k++) {
      const again = await post(app, "/v1/score", body);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(answer);
    }
    // Before the fix each retry kept the only slot: every new request was refused with 429.
    expect((await post(app, "/v1/score", { request_id: "r2", rows: [{ id: "b", output: "x" }] })).status).toBe(200);
    expect(scorer.calls).toBe(2);
  });
});

describe("hostile bodies get a 400 naming the problem", () => {
  const app = () => createApp({ scorers: { wordcount: wordCount() }, defaultStack: "wordcount", journal: store });

  it("refuses objects nested 5,000 deep instead of overflowing the stack", async () => {
    const deep = `{"rows":[{"id":"a","output":"x","meta":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}]}`;
    const res = await post(app(), "/v1/score", deep);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/^request body: nested deeper than 64 levels \(at byte \d+\)$/);
  });

  it("refuses a lone surrogate, naming the field", async () => {
    const res = await post(app(), "/v1/score", '{"rows":[{"id":"a","output":"ok \\ud800 then"}]}');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/rows\[0\]\.output: contains a lone UTF-16 surrogate/);
    const pair = await post(app(), "/v1/score", '{"rows":[{"id":"a","output":"ok \\ud83d\\ude00"}]}');
    expect(pair.status).toBe(200);
    // The walk runs only for bodies with a surrogate escape (upper-case hex and keys included); an
    // escaped backslash before "uD800" is text, not an escape.
    const upper = await post(app(), "/v1/score", '{"rows":[{"id":"a","output":"x","meta":{"k\\uDFFF":1}}]}');
    expect(await errorOf(upper)).toMatch(/rows\[0\]\.meta\.k.* \(a key\): contains a lone UTF-16 surrogate/);
    const literal = await post(app(), "/v1/score", '{"rows":[{"id":"a","output":"ok \\\\uD800 then"}]}');
    expect(literal.status).toBe(200);
  });

  it("refuses unknown top-level and row fields", async () => {
    const top = await post(app(), "/v1/score", { stak: "prose", rows: [{ id: "a", output: "x" }] });
    expect(top.status).toBe(400);
    expect(await errorOf(top)).toMatch(/unknown field "stak"/);
    const row = await post(app(), "/v1/score", {
      rows: [
        { id: "a", output: "x" },
        { id: "b", outptu: "y", output: "z" },
      ],
    });
    expect(row.status).toBe(400);
    expect(await errorOf(row)).toMatch(/^rows\[1\]: unknown field "outptu"; .*put anything else under "meta"/);
    const reward = await post(app(), "/get_reward", { query: ["a"], label: ["x"] });
    expect(reward.status).toBe(400);
    expect(await errorOf(reward)).toMatch(/unknown field "label"/);
    expect(journal.counts()).toEqual({ pending: 0, done: 0, failed: 0 });
  });

  it("answers JSON on every error, GET /v1/score and unknown routes included", async () => {
    const get = await app().request("/v1/score");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await errorOf(get)).toMatch(/GET \/v1\/score is not supported/);
    const missing = await app().request("/v2/nothing");
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toMatch(/no route GET \/v2\/nothing/);
  });
});

describe("health and readiness", () => {
  it("/healthz says the process is up while /readyz reports the model backend down", async () => {
    const down = createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "m" });
    const app = createApp({ scorers: { wordcount: wordCount() }, defaultStack: "wordcount", journal: store, readiness: () => modelReadiness({ reference: down }, 1000) });
    expect((await app.request("/healthz")).status).toBe(200);
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; checks: { name: string; ok: boolean; detail?: string }[] };
    expect(body.status).toBe("not ready");
    expect(body.checks[0]).toEqual({ name: "journal (sqlite)", ok: true });
    expect(body.checks[1]).toMatchObject({ name: "model reference (http://127.0.0.1:9/v1)", ok: false, detail: expect.stringMatching(/^unreachable/) });
  });
});

describe("journal unavailable", () => {
  it("answers 503 with retry-after, acknowledging nothing, instead of a 500", async () => {
    const other = new Journal(join(dir, "gone.sqlite"));
    const app = createApp({ scorers: { wordcount: wordCount() }, defaultStack: "wordcount", journal: new SqliteStore(other, "gone") });
    other.close();
    const res = await post(app, "/v1/score", { rows: [{ id: "a", output: "x" }] });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await errorOf(res)).toMatch(/^journal \(sqlite\) unavailable: .*nothing was acknowledged, retry later$/);
    expect((await app.request("/readyz")).status).toBe(503);
  });
});

describe("timeouts", () => {
  let backend: Server;
  let url: string;
  const seen: { aborted: boolean }[] = [];
  beforeEach(async () => {
    seen.length = 0;
    backend = createServer((_req, res) => {
      const entry = { aborted: false };
      seen.push(entry);
      // Never answers within the test: only the client's abort ends the exchange.
      res.on("close", () => (entry.aborted = !res.writableEnded));
      setTimeout(() => res.end("{}"), 5_000).unref();
    });
    await new Promise<void>((r) => backend.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
  });
  afterEach(() => new Promise<void>((r) => (backend.close(() => r()), backend.closeAllConnections())));

  it("abort the backend call and hold the slot until the backend work has stopped", async () => {
    let scoring = 0;
    const scorer: Scorer<BankRow> = {
      rowKind: "bank",
      instrument,
      async scoreRows(rows, ctx?: ScoreContext) {
        scoring++;
        try {
          await fetch(url, { signal: ctx?.signal });
          return rows.map(() => ({ value: 1, terms: {}, instrument: instrument.hash }));
        } finally {
          scoring--;
        }
      },
    };
    const app = createApp({ scorers: { wordcount: scorer }, defaultStack: "wordcount", journal: store, limits: { requestTimeoutMs: 100, maxInFlight: 1, maxQueue: 0 } });
    const res = await post(app, "/v1/score", { request_id: "t", rows: [{ id: "a", output: "x" }] });
    expect(res.status).toBe(504);
    expect(await errorOf(res)).toMatch(/longer than 100 ms \(aborted\)/);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
    expect(seen[0].aborted).toBe(true);
    expect(scoring).toBe(0);
    expect(journal.get("t")?.status).toBe("failed");
  });
});

describe("after a crash", () => {
  const body = { request_id: "crashed", rows: [{ id: "a", output: "one two" }] };

  /** What a server killed mid-request leaves behind: a pending entry with a lease. */
  function leavePending(leaseMs: number): void {
    // Same id and body hash the server computes, begun by "the dead server".
    const begun = journal.begin({ id: "crashed", route: "/v1/score", stack: "wordcount", instrument: instrument.hash, bodyHash: hashFor(body), body: "{}" }, leaseMs);
    expect(begun.kind).toBe("new");
  }

  it("a retry within the lease gets 409 with retry-after; after it, the retry scores the request", async () => {
    leavePending(60_000);
    const app = createApp({ scorers: { wordcount: wordCount() }, defaultStack: "wordcount", journal: store });
    const early = await post(app, "/v1/score", body);
    expect(early.status).toBe(409);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThan(50);
    expect(await errorOf(early)).toMatch(/still being scored; retry after \d+ s/);

    journal.close();
    journal = new Journal(join(dir, "journal.sqlite"));
    store = new SqliteStore(journal, "test journal");
    leaseRunsOut();
    const late = await post(createApp({ scorers: { wordcount: wordCount() }, defaultStack: "wordcount", journal: store }), "/v1/score", body);
    expect(late.status).toBe(200);
    expect(journal.get("crashed")?.status).toBe("done");
  });

  it("the sweep marks an abandoned request expired, visibly, and a retry scores it", async () => {
    leavePending(-1);
    expect(await store.expireStale()).toBe(1);
    const app = createApp({ scorers: { wordcount: wordCount() }, defaultStack: "wordcount", journal: store });
    const status = (await (await app.request("/v1/requests/crashed")).json()) as { status: string; error: string };
    expect(status.status).toBe("failed");
    expect(status.error).toMatch(/^expired: the server scoring this request stopped before it finished/);
    expect((await post(app, "/v1/score", body)).status).toBe(200);
  });

  /** Ends every pending lease in the journal, as if their time had passed. */
  function leaseRunsOut(): void {
    const db = (journal as unknown as { db: { prepare(sql: string): { run(): void } } }).db;
    db.prepare("UPDATE requests SET expires_at = 0 WHERE status = 'pending'").run();
  }
});

describe("two servers on one SQLite journal", () => {
  it("never fail with 'database is locked'", async () => {
    const path = join(dir, "shared.sqlite");
    new Journal(path).close();
    const script = resolve(import.meta.dirname, "fixtures/journal-writer.mjs");
    const run = (name: string) =>
      new Promise<{ ok: number; errors: string[] }>((res, rej) => {
        const w = new Worker(script, { workerData: { path, name, requests: 300 } });
        w.once("message", res);
        w.once("error", rej);
      });
    const [a, b] = await Promise.all([run("a"), run("b")]);
    expect([...a.errors, ...b.errors]).toEqual([]);
    expect(a.ok + b.ok).toBe(600);
    const check = new Journal(path, { readonly: true });
    expect(check.counts()).toEqual({ pending: 0, done: 600, failed: 0 });
    check.close();
  });
});

function hashFor(b: unknown): string {
  return hashOf({ stack: "wordcount", body: b });
}
