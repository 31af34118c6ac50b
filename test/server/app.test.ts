import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { join } from "node:path";
import { createApp } from "../../src/server/app.js";
import type { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { scoreFromText, scoreText } from "../../src/server/score-json.js";
import { parseRows } from "../../src/core/schemas.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer } from "../../src/stacks/types.js";
import { tempJournalPerTest } from "../helpers/temp-journal.js";

// A lexical scorer (words per row) is enough to exercise the server's mechanics; model-backed
// failure paths are covered in faults.test.ts against real HTTP backends.
function wordCountScorer(options: { failIds?: string[]; delayMs?: number; throwAll?: boolean } = {}): Scorer<BankRow> & { calls: number } {
  const scorer = {
    calls: 0,
    rowKind: "bank" as const,
    instrument: { stack: "wordcount", version: "1", options: {}, models: {}, hash: "instr-wordcount" },
    async scoreRows(rows: BankRow[]): Promise<Score[]> {
      scorer.calls++;
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (options.throwAll) throw new Error("backend unreachable");
      return rows.map(
        (row): Score =>
          options.failIds?.includes(row.id)
            ? { value: null, terms: {}, instrument: "instr-wordcount", error: "audience model: HTTP 503" }
            : { value: row.output.split(/\s+/).filter(Boolean).length, terms: { words: { value: row.output.length } }, instrument: "instr-wordcount" },
      );
    },
  };
  return scorer;
}

let dir: string;
let journal: Journal;
let store: SqliteStore;
tempJournalPerTest("fg-server-", (d, j) => {
  [dir, journal] = [d, j];
  store = new SqliteStore(j, "test journal");
});

const post = (app: ReturnType<typeof createApp>, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });

describe("POST /v1/score", () => {
  it("answers exactly what JSON.stringify of rows with their scores writes, scores sent as JSON text included", async () => {
    // As a scoring worker hands them over: parsed from JSON text that is kept for the answer.
    const fromText: Scorer<BankRow> = {
      rowKind: "bank",
      instrument: { stack: "t", version: "1", options: {}, models: {}, hash: "instr-t" },
      scoreRows: async (rows) => rows.map((row, i) => scoreFromText(scoreText({ value: i ? null : 0.25, terms: { w: { value: row.output.length, details: { x: [1, "é\u2028"] } } }, instrument: "instr-t", ...(i ? { error: "no" } : {}) }))),
    };
    const app = createApp({ scorers: { t: fromText }, defaultStack: "t", journal: store });
    const rows = [
      { id: "a", output: "one two", step: 2, meta: { k: "v" } },
      { score: 9, id: "b", output: "x" },
    ];
    const res = await post(app, "/v1/score", { request_id: "splice-1", rows });
    const text = await res.text();
    const json = JSON.parse(text) as { request_id: string; instrument: string; rows: { score: Score }[]; errors: unknown[] };
    // The rows answered are the rows as the server parsed them (its schema's key order).
    const parsed = parseRows("bank", rows, "request body");
    const expected = { request_id: "splice-1", instrument: "instr-t", rows: parsed.map((row, i) => ({ ...row, score: json.rows[i].score })), errors: json.errors };
    expect(text).toBe(JSON.stringify(expected));
    expect(json.rows[1].score.value).toBeNull();
    expect(json.errors).toEqual([{ index: 1, id: "b", reason: "no" }]);
    // A retry answers the stored scores with the same bytes.
    expect(await (await post(app, "/v1/score", { request_id: "splice-1", rows })).text()).toBe(text);
  });

  it("gives requests without an id of their own ids that sort in arrival order (the journal's id indexes then grow at their end)", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer() }, defaultStack: "wordcount", journal: store });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(((await (await post(app, "/v1/score", { rows: [{ id: `r${i}`, output: "one two" }] })).json()) as { request_id: string }).request_id);
    expect(new Set(ids).size).toBe(40);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("scores a batch, journals it, and returns the stored result on an idempotent retry", async () => {
    const scorer = wordCountScorer();
    const app = createApp({ scorers: { wordcount: scorer }, defaultStack: "wordcount", journal: store });
    const body = {
      request_id: "req-1",
      rows: [
        { id: "a", output: "one two three", step: 4 },
        { id: "b", output: "four" },
      ],
    };
    const first = await post(app, "/v1/score", body);
    expect(first.status).toBe(200);
    const json = (await first.json()) as { rows: { id: string; score: Score }[]; errors: unknown[] };
    expect(json.rows.map((r) => r.score.value)).toEqual([3, 1]);
    expect(json.errors).toEqual([]);
    const again = await post(app, "/v1/score", body);
    expect(await again.json()).toEqual(json);
    expect(scorer.calls).toBe(1);
    expect(journal.results("req-1").map((r) => [r.rowId, r.step, r.score.value])).toEqual([
      ["a", 4, 3],
      ["b", null, 1],
    ]);
    const conflict = await post(app, "/v1/score", { ...body, rows: [{ id: "a", output: "changed" }] });
    expect(conflict.status).toBe(409);
  });

  it("answers a JSON 500, not a row without a score, when the journal holds fewer results than the retried request has rows", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer() }, defaultStack: "wordcount", journal: store });
    const body = {
      request_id: "short-1",
      rows: [
        { id: "a", output: "one" },
        { id: "b", output: "two three" },
      ],
    };
    expect((await post(app, "/v1/score", body)).status).toBe(200);
    const db = new Database(join(dir, "journal.sqlite"));
    try {
      expect(db.prepare("DELETE FROM results WHERE request_id = ? AND idx = 1").run("short-1").changes).toBe(1);
    } finally {
      db.close();
    }
    const retry = await post(app, "/v1/score", body);
    expect(retry.status).toBe(500);
    expect(((await retry.json()) as { error: string }).error).toMatch(/the journal holds 1 results for 2 rows/);
  });

  it("reports exactly the rows that failed, with reasons, and never a made-up number", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer({ failIds: ["b"] }) }, defaultStack: "wordcount", journal: store });
    const res = await post(app, "/v1/score", {
      rows: [
        { id: "a", output: "x y" },
        { id: "b", output: "z" },
        { id: "c", output: "w" },
      ],
    });
    const json = (await res.json()) as { rows: { score: Score }[]; errors: { index: number; id: string; reason: string }[] };
    expect(json.errors).toEqual([{ index: 1, id: "b", reason: "audience model: HTTP 503" }]);
    expect(json.rows[1].score.value).toBeNull();
    expect(json.rows[2].score.value).toBe(1);
  });

  it("rejects bad input with 4xx naming the problem and stores nothing", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer() }, defaultStack: "wordcount", journal: store, limits: { maxBatch: 2, maxBodyBytes: 200 } });
    const cases: [unknown, number, RegExp][] = [
      ["{not json", 400, /not valid JSON/],
      [{ rows: [] }, 400, /rows: .*at least one row/],
      [{ rows: [{ id: "a", output: 5 }] }, 400, /rows\[0\]\.output/],
      [{ rows: [{ id: "a", output: "x" }], stack: "nope" }, 400, /unknown stack "nope"/],
      [
        {
          rows: [
            { id: "a", output: "x" },
            { id: "b", output: "x" },
            { id: "c", output: "x" },
          ],
        },
        413,
        /exceeds the limit of 2/,
      ],
      [{ rows: [{ id: "a", output: "x".repeat(500) }] }, 413, /exceeds 200 bytes/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(app, "/v1/score", body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    const invalidUtf8 = await app.request("/v1/score", { method: "POST", body: new Uint8Array([0x7b, 0xff, 0x7d]), headers: { "content-type": "application/json" } });
    expect(invalidUtf8.status).toBe(400);
    expect(((await invalidUtf8.json()) as { error: string }).error).toMatch(/not valid UTF-8/);
    expect(journal.counts()).toEqual({ pending: 0, done: 0, failed: 0 });
    expect(journal.integrityCheck()).toBe("ok");
  });

  it("turns a scorer failure or timeout into an explicit error for every affected row", async () => {
    const failing = createApp({ scorers: { wordcount: wordCountScorer({ throwAll: true }) }, defaultStack: "wordcount", journal: store });
    const res = await post(failing, "/v1/score", { request_id: "r-fail", rows: [{ id: "a", output: "x" }] });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: "scoring failed: backend unreachable", failed: [{ index: 0, id: "a" }] });
    expect(journal.get("r-fail")?.status).toBe("failed");

    const slow = createApp({ scorers: { wordcount: wordCountScorer({ delayMs: 300 }) }, defaultStack: "wordcount", journal: store, limits: { requestTimeoutMs: 50 } });
    const timed = await post(slow, "/v1/score", { rows: [{ id: "a", output: "x" }] });
    expect(timed.status).toBe(504);
    expect(((await timed.json()) as { error: string }).error).toMatch(/longer than 50 ms/);
  });

  it("answers 429 with retry-after beyond its queue instead of queueing without bound", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer({ delayMs: 100 }) }, defaultStack: "wordcount", journal: store, limits: { maxInFlight: 1, maxQueue: 1 } });
    const results = await Promise.all([0, 1, 2, 3].map((i) => post(app, "/v1/score", { rows: [{ id: `r${i}`, output: "x" }] })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429]);
    const rejected = results.find((r) => r.status === 429)!;
    expect(rejected.headers.get("retry-after")).toBe("1");
  });
});

describe("POST /get_reward (OpenRLHF)", () => {
  it("splits the response from the query and returns rewards, scores and per-term logs", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer() }, defaultStack: "wordcount", journal: store });
    const res = await post(app, "/get_reward", { query: ["Q: hi A: one two", "Q: yo A: three"], prompts: ["Q: hi A:", "Q: yo A:"], labels: ["x", "y"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ rewards: [2, 1], scores: [1, 1], extra_logs: { words: [8, 6] } });
  });

  it("fails the whole call, naming the samples, when any sample could not be scored", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer({ failIds: ["1"] }) }, defaultStack: "wordcount", journal: store });
    const res = await post(app, "/get_reward", { query: ["a", "b"] });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ failed: [{ index: 1, reason: "audience model: HTTP 503" }] });
    const mismatched = await post(app, "/get_reward", { query: ["a", "b"], prompts: ["p"] });
    expect(mismatched.status).toBe(400);
    expect(((await mismatched.json()) as { error: string }).error).toMatch(/prompts has 1 items but query has 2/);
  });
});

describe("security and observability", () => {
  it("requires the bearer token on every route but health", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer() }, defaultStack: "wordcount", journal: store, token: "s3cret" });
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await post(app, "/v1/score", { rows: [{ id: "a", output: "x" }] })).status).toBe(401);
    expect((await post(app, "/v1/score", { rows: [{ id: "a", output: "x" }] }, { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await post(app, "/v1/score", { rows: [{ id: "a", output: "x" }] }, { authorization: "Bearer s3cret" })).status).toBe(200);
  });

  it("exports Prometheus metrics for requests, rows and errors", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer({ failIds: ["b"] }) }, defaultStack: "wordcount", journal: store });
    await post(app, "/v1/score", {
      rows: [
        { id: "a", output: "x" },
        { id: "b", output: "y" },
      ],
    });
    const text = await (await app.request("/metrics")).text();
    expect(text).toMatch(/foolsgold_requests_total\{route="\/v1\/score",status="200"\} 1/);
    expect(text).toMatch(/foolsgold_rows_scored_total\{stack="wordcount"\} 2/);
    expect(text).toMatch(/foolsgold_row_errors_total\{stack="wordcount",kind="row"\} 1/);
    expect(text).toMatch(/foolsgold_queue_depth 0/);
  });
});

describe("token in the path", () => {
  it("routes /t/<token>/… as the route without it, counted once under that route", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer() }, defaultStack: "wordcount", journal: store, token: "tok" });
    expect((await app.request("/t/tok/healthz")).status).toBe(200);
    expect((await app.request("/t/nope/healthz")).status).toBe(401);
    const text = await (await app.request("/metrics", { headers: { authorization: "Bearer tok" } })).text();
    expect(text).toMatch(/foolsgold_requests_total\{route="\/healthz",status="200"\} 1\n/);
    expect(text).not.toMatch(/route="\/t\//);
  });

  it("asks for the bearer token on /t/ paths the token route does not take (they skipped the check)", async () => {
    const app = createApp({ scorers: { wordcount: wordCountScorer() }, defaultStack: "wordcount", journal: store, token: "tok" });
    for (const path of ["/t/", "/t/tok", "/t"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: string }).error).toMatch(/bearer token/);
    }
  });
});
