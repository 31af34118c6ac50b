// A model role pointing at a server that is down or answers errors fails `score` once, before any row,
// with one line naming the role (real HTTP server, real CLI in-process).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-role-preflight-"));
const bank = join(dir, "transcripts.jsonl");
writeFileSync(
  bank,
  [0, 1, 2]
    .map((i) =>
      JSON.stringify({
        id: `t${i}`,
        seed: i,
        turns: [
          { speaker: "user", text: "hi" },
          { speaker: "policy", text: `joke ${i}` },
        ],
      }),
    )
    .join("\n") + "\n",
);

let server: Server;
let port: number;
let requests = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    requests++;
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

function config(baseUrl: string): string {
  const path = join(dir, `config-${requests}-${baseUrl.length}.yaml`);
  writeFileSync(path, `stack: humor\nmodels:\n  audience:\n    baseUrl: ${baseUrl}\n    model: m\n  embedder:\n    baseUrl: embedded\n`);
  return path;
}

describe("each model role is checked once before scoring", () => {
  it("a role whose server answers 404 fails once, naming the role, after one request", async () => {
    requests = 0;
    const r = await runMain(["score", "--config", config(`http://127.0.0.1:${port}/v1`), "--in", bank, "--out", join(dir, "o.jsonl"), "--no-cache"]);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`models\\.audience \\(http://127\\.0\\.0\\.1:${port}/v1\\): answered GET /models with HTTP 404; checked once before scoring`));
    expect(r.status).toBe(2);
    expect(requests).toBe(1);
  }, 120_000);

  it("a role whose server is down fails once with the connection error", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const r = await runMain(["score", "--config", config(`http://127.0.0.1:${deadPort}/v1`), "--in", bank, "--out", join(dir, "o2.jsonl"), "--no-cache"]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/models\.audience \(.*\): cannot be reached \(ECONNREFUSED\)/);
  }, 120_000);
});
