// The Python trainer shims run against a live server over loopback, as a trainer would call them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createApp } from "../../src/server/app.js";
import { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { listen, type Listening, checkBinding } from "../../src/server/listen.js";
import type { BankRow, Score } from "../../src/core/types.js";

const INTEGRATIONS = resolve(import.meta.dirname, "../../integrations");

const lexical = {
  rowKind: "bank" as const,
  instrument: { stack: "wordcount", version: "1", options: {}, models: {}, hash: "instr-wordcount" },
  async scoreRows(rows: BankRow[]): Promise<Score[]> {
    return rows.map((row): Score =>
      row.output.includes("FAIL")
        ? { value: null, terms: {}, instrument: "instr-wordcount", error: "judge returned garbage" }
        : { value: row.output.split(" ").length, terms: { chars: { value: row.output.length } }, instrument: "instr-wordcount" },
    );
  },
};

let dir: string;
let journal: Journal;
let store: SqliteStore;
let server: Listening;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fg-shims-"));
  journal = new Journal(join(dir, "journal.sqlite"));
  store = new SqliteStore(journal, "test journal");
  server = await listen(createApp({ scorers: { wordcount: lexical }, defaultStack: "wordcount", journal: store, token: "tok" }), { port: 0, token: "tok" });
});
afterAll(async () => {
  await server.close();
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

// Async on purpose: the server runs in this process, so a blocking child call would deadlock it.
async function python(code: string): Promise<string> {
  const { stdout } = await promisify(execFile)("python3", ["-c", code], {
    env: { ...process.env, FOOLSGOLD_URL: server.url, FOOLSGOLD_TOKEN: "tok", PYTHONPATH: [INTEGRATIONS, join(INTEGRATIONS, "verl"), join(INTEGRATIONS, "trl"), join(INTEGRATIONS, "atropos")].join(":") },
    encoding: "utf8",
  });
  return stdout.trim();
}

describe("trainer shims against a live server", () => {
  it("verl per-sample and batch forms return the score and per-term columns", async () => {
    const out = await python(`
import json, foolsgold_verl as v
one = v.compute_score("humor", "a b c", None, {"index": 7, "step": 3})
batch = v.compute_score_batch(["x", "x"], ["a", "a b"], [None, None], [None, None])
print(json.dumps([one, batch]))`);
    expect(JSON.parse(out)).toEqual([{ score: 3, chars: 5 }, [{ score: 1, chars: 1 }, { score: 2, chars: 3 }]]);
    expect(journal.results(journal.counts().done > 0 ? [...journal.finishedRequests()][0].id : "").map((r) => r.step)).toEqual([3]);
  });

  it("verl raises, naming the sample, instead of returning 0 for a failed sample", async () => {
    const out = await python(`
import foolsgold_verl as v
from foolsgold_client import ScoringError
try:
    v.compute_score("x", "FAIL here", None)
    print("no error")
except ScoringError as e:
    print("error:", e)`);
    expect(out).toMatch(/^error: 1 sample\(s\) could not be scored: #0 \(0\): judge returned garbage/);
  });

  it("TRL async reward returns floats, and None only for the failed samples", async () => {
    const out = await python(`
import asyncio, json, foolsgold_trl as t
class S: global_step = 5
print(json.dumps(asyncio.run(t.foolsgold_reward(["p1", "p2", "p3"], [[{"role": "assistant", "content": "x y"}], "FAIL", "z"], trainer_state=S()))))`);
    expect(JSON.parse(out)).toEqual([2, null, 1]);
  });

  it("the atropos helper builds a scored group and reports groups atropos would drop", async () => {
    const out = await python(`
import json, foolsgold_atropos as a
g = a.score_group("tell a joke", ["one", "one two"])
try:
    a.score_group("p", ["same", "same"])
except a.DroppedGroup as d:
    reason = d.reason
print(json.dumps([g["scores"], len(g["messages"]), reason]))`);
    expect(JSON.parse(out)).toEqual([[1, 2], 2, "all 2 scores are equal (1): no advantage signal"]);
  });

  it("OpenRLHF's remote call gets rewards over HTTP", async () => {
    const res = await fetch(`${server.url}/get_reward`, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer tok" }, body: JSON.stringify({ query: ["p: a b"], prompts: ["p:"] }) });
    expect(await res.json()).toEqual({ rewards: [3], scores: [1], extra_logs: { chars: [4] } });
  });

  it("refuses to bind beyond loopback without a token", () => {
    expect(() => checkBinding("0.0.0.0", undefined)).toThrow(/--host: binding to 0.0.0.0 .* set a bearer token/);
    expect(() => checkBinding("0.0.0.0", "t")).not.toThrow();
    expect(() => checkBinding("127.0.0.1", undefined)).not.toThrow();
  });
});
