// Fault tests with a model-backed stack (vrcli, reference LM over HTTP): the backend is down, slow, or
// answers garbage. Every affected sample comes back with an explicit error; none gets a number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app.js";
import { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { vrcliStack } from "../../src/stacks/vrcli.js";
import type { Score } from "../../src/core/types.js";

let dir: string;
let journal: Journal;
let store: SqliteStore;
const servers: Server[] = [];

function backend(handler: (body: string, res: import("node:http").ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => handler(body, res));
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/v1`)));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fg-faults-"));
  journal = new Journal(join(dir, "journal.sqlite"));
  store = new SqliteStore(journal, "test journal");
});
afterAll(async () => {
  journal.close();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(dir, { recursive: true, force: true });
});

const rows = [0, 1, 2].map((i) => ({
  id: `j${i}`,
  prompt: "Why did the chicken cross the road?",
  output: `<think>roads and chickens ${i}</think> To get to the other side.`,
  meta: { punchline: "To get to the other side." },
}));

async function scoreThrough(baseUrl: string, timeoutMs = 2000) {
  const reference = createOpenAIClient({ baseUrl, model: "ref", timeoutMs, maxRetries: 1 });
  const scorer = await vrcliStack.create(vrcliStack.options.parse({}), { reference });
  const app = createApp({ scorers: { vrcli: scorer }, defaultStack: "vrcli", journal: store, limits: { requestTimeoutMs: 10_000 } });
  const res = await app.request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows }) });
  return { status: res.status, body: (await res.json()) as { rows?: { score: Score }[]; errors?: { index: number; reason: string }[]; error?: string } };
}

function expectEveryRowFailed(result: Awaited<ReturnType<typeof scoreThrough>>, reason: RegExp) {
  if (result.status === 200) {
    expect(result.body.rows!.map((r) => r.score.value)).toEqual([null, null, null]);
    expect(result.body.errors!.map((e) => e.index)).toEqual([0, 1, 2]);
    for (const e of result.body.errors!) expect(e.reason).toMatch(reason);
  } else {
    expect([502, 504]).toContain(result.status);
    expect(result.body.error).toMatch(reason);
  }
}

describe("reward server with a failing model backend", () => {
  it("backend down (connection refused): explicit errors, no numbers", async () => {
    const url = await backend(() => {});
    await new Promise((r) => servers.pop()!.close(r));
    expectEveryRowFailed(await scoreThrough(url), /refused|unreachable|ECONNREFUSED|connect/i);
  });

  it("backend slow (beyond the client timeout): explicit timeout errors", async () => {
    const url = await backend((_body, res) => setTimeout(() => res.end("{}"), 3000));
    expectEveryRowFailed(await scoreThrough(url, 300), /no response within 300 ms/);
  });

  it("backend answering garbage: explicit malformed-response errors", async () => {
    const url = await backend((_body, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ choices: [{ text: "no logprobs here" }] }));
    });
    expectEveryRowFailed(await scoreThrough(url), /logprobs|malformed|missing|invalid/i);
  });

  it("backend answering 500 then nothing: the failure is journaled, never a default reward", async () => {
    const url = await backend((_body, res) => {
      res.statusCode = 500;
      res.end("internal error");
    });
    const result = await scoreThrough(url);
    expectEveryRowFailed(result, /500/);
    const requestId = (result.body as { request_id?: string }).request_id!;
    expect(journal.get(requestId)?.status).toBe("failed");
    const stored = journal.results(requestId).map((r) => r.score.value);
    expect(stored.length === 0 || stored.every((v) => v === null)).toBe(true);
  });
});
