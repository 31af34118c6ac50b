// /readyz checks that each model role can serve the calls it makes, not only that its server answers:
// a llama.cpp-like server (GET /models answers; echo is refused with "Only no echo is supported",
// HTTP 500, as llama.cpp's server does) is not ready for an audience role, while the embedded model
// server (which echoes) is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { createApp, type ReadyCheck } from "../../src/server/app.js";
import { openJournalStore, type JournalStore } from "../../src/server/journal-store.js";
import { modelReadiness } from "../../src/server/readiness.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer } from "../../src/stacks/types.js";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN } from "../helpers/serve-process.js";

let noEcho: Server;
let noEchoUrl: string;
let embedded: EmbeddedServer;
let journal: JournalStore;
beforeAll(async () => {
  noEcho = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET" && req.url === "/v1/models") return res.end(JSON.stringify({ object: "list", data: [{ id: "m", object: "model" }] }));
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { code: 500, message: "Only no echo is supported", type: "server_error" } }));
    });
  });
  await new Promise<void>((ok) => noEcho.listen(0, "127.0.0.1", () => ok()));
  noEchoUrl = `http://127.0.0.1:${(noEcho.address() as { port: number }).port}/v1`;
  embedded = await startEmbeddedServer({ port: 0 });
  journal = await openJournalStore(":memory:");
}, 120_000);
afterAll(async () => {
  await new Promise((r) => noEcho.close(r));
  await embedded.close();
  await journal.close();
});

const anyScorer: Scorer<BankRow> = {
  rowKind: "bank",
  instrument: { stack: "s", version: "1", options: {}, models: {}, hash: "instr-s" },
  scoreRows: async (rows) => rows.map((): Score => ({ value: 1, terms: {}, instrument: "instr-s" })),
};

async function readyz(roles: Parameters<typeof modelReadiness>[0]) {
  const app = createApp({ scorers: { s: anyScorer }, defaultStack: "s", journal, readiness: () => modelReadiness(roles, 5_000) });
  const res = await app.request("/readyz");
  return { status: res.status, body: (await res.json()) as { status: string; checks: ReadyCheck[] } };
}

describe("/readyz and the calls each role makes", () => {
  it("is not ready with an audience whose server cannot echo prompts, and says why", async () => {
    const audience = createOpenAIClient({ baseUrl: noEchoUrl, model: "m", maxRetries: 0 });
    const { status, body } = await readyz({ audience });
    expect(status).toBe(503);
    expect(body.checks[1]).toMatchObject({ name: `model audience (${noEchoUrl})`, ok: false });
    expect(body.checks[1].detail).toMatch(/^cannot serve its continuation log-probs: .*Only no echo is supported.*continuationMethod "echo"/);
  });

  it("is ready with a role whose server echoes (the embedded model server), and a judge that is reachable", async () => {
    const reference = createOpenAIClient({ baseUrl: embedded.baseUrl, model: "foolsgold-embedded-lm" });
    const judge = createOpenAIClient({ baseUrl: noEchoUrl, model: "m", maxRetries: 0 });
    const { status, body } = await readyz({ reference, judge });
    expect(body.checks.slice(1)).toEqual([
      { name: `model reference (${embedded.baseUrl})`, ok: true, detail: "serves continuation log-probs (echo)" },
      { name: `model judge (${noEchoUrl})`, ok: true, detail: "reachable" },
    ]);
    expect(status).toBe(200);
  });
});

describe("foolsgold serve", () => {
  it("prints its address, then its readiness", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-ready-"));
    const child = spawn(process.execPath, [BIN, "serve", "--stack", "prose", "--port", "0", "--journal", join(dir, "j.sqlite"), "--no-cache", "--workers", "0"], { stdio: ["ignore", "ignore", "pipe"] });
    try {
      const stderr = await new Promise<string>((resolve, reject) => {
        let err = "";
        const timer = setTimeout(() => reject(new Error(`no readiness line: ${err}`)), 90_000);
        child.stderr.on("data", (d: Buffer) => {
          err += d.toString();
          if (/foolsgold: (ready|NOT READY)/.test(err)) clearTimeout(timer), resolve(err);
        });
      });
      expect(stderr).toMatch(/serving stack "prose" .* at http:\/\/127\.0\.0\.1:\d+;/);
      expect(stderr).toMatch(/foolsgold: ready \(journal \(sqlite\)\); GET http:\/\/127\.0\.0\.1:\d+\/readyz/);
    } finally {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
