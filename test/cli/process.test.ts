// What only a real process shows: a closed pipe (`foolsgold … | head -1`) ends quietly instead of an
// EPIPE stack trace, and a server on a busy port says which port, exits 2 and does not hang (before,
// serve printed "unexpected error: listen EADDRINUSE" and never exited).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/serve-process.js";
import { toJsonl } from "../../src/core/jsonl.js";

const dir = mkdtempSync(join(tmpdir(), "fg-cli-process-"));
let busy: Server;
let port: number;
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", () => resolve()));
  port = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => busy.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const shellQuote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

describe("the CLI as a process", () => {
  it("ends quietly when the reader closes the pipe", () => {
    // ~250 kB of JSON on stdout, far more than a pipe holds, so the write meets the closed pipe
    const rows: Record<string, unknown>[] = [];
    for (let step = 1; step <= 1200; step++) for (let i = 0; i < 3; i++) rows.push({ step, input: "Write.", output: `Row ${i}.`, score: 1, clean_score: 1 });
    const log = join(dir, "big.jsonl");
    writeFileSync(log, toJsonl(rows));
    const r = spawnSync("bash", ["-c", `set -o pipefail; ${shellQuote(process.execPath)} ${shellQuote(BIN)} onset --in ${shellQuote(log)} --bias format --json | head -c 1`], { encoding: "utf8", timeout: 90_000 });
    expect(r.stdout).toBe("{");
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
    expect(r.status).toBe(0);
  }, 120_000);

  for (const args of [
    ["serve", "--stack", "prose", "--no-cache"],
    ["lm", "serve"],
  ]) {
    it(`${args[0] === "lm" ? "lm serve" : "serve"} on a busy port names the port and exits 2`, () => {
      const r = spawnSync(process.execPath, [BIN, ...args, "--port", String(port), ...(args[0] === "serve" ? ["--journal", join(dir, "journal.sqlite")] : [])], { encoding: "utf8", timeout: 90_000 });
      expect(r.error, "the process did not exit").toBeUndefined();
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split("\n")).toEqual([`foolsgold: --port ${port}: port ${port} on 127.0.0.1 is already in use; stop what listens there or choose another port (0 = any free port)`]);
    }, 120_000);
  }
});
