import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app.js";
import { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { startLiveMonitor } from "../../src/server/monitor-thread.js";
import { monitorThresholdsSchema, type MonitorReport } from "../../src/server/monitor.js";
import type { Score } from "../../src/core/types.js";

// serve runs the live monitor in a worker thread that reads the journal through its own connection,
// so its reads, guard scans and detector reruns never hold up requests on the main thread.
const scorer = {
  rowKind: "bank" as const,
  instrument: { stack: "len", version: "1", options: {}, models: {}, hash: "instr-len" },
  scoreRows: async (rows: unknown[]): Promise<Score[]> => (rows as { output: string }[]).map((r) => ({ value: r.output.length, terms: {}, instrument: "instr-len" })),
};

describe("the live monitor in its own thread", () => {
  it("follows what the server journals and serves the thread's latest report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-monitor-thread-"));
    const path = join(dir, "journal.sqlite");
    const store = new SqliteStore(new Journal(path), path);
    const live = await startLiveMonitor(path, store, monitorThresholdsSchema.parse({ detector: false }), "bank", 20);
    try {
      expect((live.report() as MonitorReport).rows).toBe(0);
      const app = createApp({ scorers: { len: scorer }, defaultStack: "len", journal: store, monitor: () => live.report() });
      for (const step of [0, 1, 2]) {
        const rows = Array.from({ length: 4 }, (_, i) => ({ id: `${step}-${i}`, output: "x".repeat(step + 1), step }));
        expect((await app.request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows }) })).status).toBe(200);
      }
      let report: MonitorReport | undefined;
      for (let i = 0; i < 200 && report?.rows !== 12; i++) {
        await new Promise((r) => setTimeout(r, 20));
        report = (await (await app.request("/v1/monitor")).json()) as MonitorReport;
      }
      expect(report!.rows).toBe(12);
      expect(report!.steps.map((s) => [s.step, s.n, s.meanScore])).toEqual([
        [0, 4, 1],
        [1, 4, 2],
        [2, 4, 3],
      ]);
    } finally {
      await live.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says in every later report that its thread died (before, the frozen report looked like a quiet run)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-monitor-thread-"));
    const path = join(dir, "journal.sqlite");
    const store = new SqliteStore(new Journal(path), path);
    const live = await startLiveMonitor(path, store, monitorThresholdsSchema.parse({ detector: false }), "bank", 20);
    try {
      expect((live.report() as Record<string, unknown>).monitor_stopped).toBeUndefined();
      const exited = new Promise((done) => live.thread!.once("exit", done));
      await live.thread!.terminate();
      await exited;
      const report = live.report() as MonitorReport & { monitor_stopped?: string };
      expect(report.rows).toBe(0);
      expect(report.monitor_stopped).toMatch(/live monitor's thread exited/);
    } finally {
      await live.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails at start, naming the journal problem, when its thread cannot open the journal", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-monitor-thread-"));
    const missing = join(dir, "none", "journal.sqlite");
    const store = new SqliteStore(new Journal(":memory:"), "unused");
    await expect(startLiveMonitor(missing, store, monitorThresholdsSchema.parse({}), "bank")).rejects.toThrow(/live monitor failed to start/);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
