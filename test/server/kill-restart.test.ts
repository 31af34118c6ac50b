// Fault test: the server is killed with SIGKILL in the middle of a load and restarted on the same
// journal. Every result it acknowledged must be in the journal, unchanged, and a retry of an
// acknowledged request returns the stored result.
import { afterAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Journal } from "../../src/server/journal.js";
import { BIN, startServeProcess, type ServeProcess } from "../helpers/serve-process.js";

const dir = mkdtempSync(join(tmpdir(), "fg-kill-"));
const journalPath = join(dir, "journal.sqlite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startServer(): Promise<ServeProcess> {
  return startServeProcess(["--stack", "cherrl", "--port", "0", "--journal", journalPath, "--no-cache"], 60_000);
}

const row = (i: number) => ({
  id: `r${i}`,
  prompt: "Write one sentence without commas.",
  output: i % 3 === 0 ? "A plain sentence, with a comma." : `A plain sentence number ${i} and I hope this helps!`,
  instruction_id_list: ["punctuation:no_comma"],
  kwargs: [{}],
  step: Math.floor(i / 8),
});

describe("SIGKILL mid-load", () => {
  it("keeps every acknowledged result and serves it again after restart", async () => {
    const first = await startServer();
    const acknowledged = new Map<string, unknown>();
    let stop = false;
    let sent = 0;
    const worker = async (w: number) => {
      for (let k = 0; !stop && k < 400; k++) {
        const id = `req-${w}-${k}`;
        sent++;
        try {
          const res = await fetch(`${first.url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ request_id: id, rows: [0, 1, 2, 3].map((j) => row(w * 1000 + k * 4 + j)) }) });
          if (res.status === 200) acknowledged.set(id, ((await res.json()) as { rows: unknown[] }).rows);
        } catch {
          return; // connection reset by the kill: not acknowledged
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    while (acknowledged.size < 40) await new Promise((r) => setTimeout(r, 20));
    first.child.kill("SIGKILL");
    stop = true;
    await load;
    expect(acknowledged.size).toBeGreaterThanOrEqual(40);

    const journal = new Journal(journalPath, { readonly: true });
    expect(journal.integrityCheck()).toBe("ok");
    for (const [id, rows] of acknowledged) {
      const stored = journal.get(id);
      expect(stored?.status, id).toBe("done");
      expect(journal.results(id).map((r) => r.score)).toEqual((rows as { score: unknown }[]).map((r) => r.score));
    }
    journal.close();

    const second = await startServer();
    try {
      const [someId, someRows] = [...acknowledged][acknowledged.size - 1];
      const w = Number(someId.split("-")[1]);
      const k = Number(someId.split("-")[2]);
      const retry = await fetch(`${second.url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ request_id: someId, rows: [0, 1, 2, 3].map((j) => row(w * 1000 + k * 4 + j)) }) });
      expect(retry.status).toBe(200);
      expect(((await retry.json()) as { rows: unknown }).rows).toEqual(someRows);
    } finally {
      second.child.kill("SIGTERM");
    }
    expect(sent).toBeGreaterThan(acknowledged.size - 1);

    // `serve replay --journal` (the subcommand's own flag, which the parent's used to swallow)
    // rescores the journal and reproduces every served score.
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, "serve", "replay", "--journal", journalPath, "--stack", "cherrl", "--no-cache", "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(stdout).result as { requests: number; rows: number; changed: number };
    expect(report.requests).toBeGreaterThanOrEqual(acknowledged.size);
    expect(report.rows).toBe(report.requests * 4);
    expect(report.changed).toBe(0);
  });
});
