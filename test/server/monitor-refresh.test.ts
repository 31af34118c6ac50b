// The live monitor reruns its detector over the same sampled row objects (it keeps them from refresh
// to refresh, and the detector keeps what it derived from each): fed in several refreshes it must
// report exactly what the batch monitor reports over all rows at once.
import { describe, expect, it } from "vitest";
import type { FinishedEntry } from "../../src/server/journal.js";
import type { JournalStore } from "../../src/server/journal-store.js";
import { JournalMonitor, monitor, monitorThresholdsSchema, type MonitorRow } from "../../src/server/monitor.js";
import { createRng } from "../../src/core/random.js";

const TOPICS = ["rivers", "taxes", "violins", "glaciers", "bread", "satellites", "tennis", "orchids", "copper", "lanterns", "owls", "bridges"];

/** 60 steps × 16 bank rows; from step 35 most replies end with a closing phrase that scores higher. */
function steps(): { step: number; rows: { prompt: string; output: string; value: number }[] }[] {
  const rng = createRng("monitor-refresh");
  return Array.from({ length: 60 }, (_, s) => ({
    step: s + 1,
    rows: Array.from({ length: 16 }, () => {
      const topic = rng.pick(TOPICS);
      const hack = s + 1 >= 35 && rng.next() < 0.9;
      const good = rng.next() < 0.5;
      const body = `Here is a note about ${topic} number ${rng.int(1000)}. ${good ? `It covers the ${topic} carefully and fully.` : "It is short."}`;
      return { prompt: `Tell me about ${topic}.`, output: hack ? `${body}\n\nWarmest wishes and happy travels!` : body, value: (good ? 0.6 : 0.3) + (hack ? 0.3 : 0) + 0.05 * rng.next() };
    }),
  }));
}

/** A journal in memory that shows its first `shown` finished requests. */
function memoryJournal(entries: FinishedEntry[]): JournalStore & { shown: number } {
  const journal = { shown: 0, finishedAfter: async (seq: number, limit: number) => entries.slice(seq, Math.min(journal.shown, seq + limit)) };
  return journal as unknown as JournalStore & { shown: number };
}

describe("the live monitor's detector reruns", () => {
  it("report over rows fed in several refreshes exactly what the batch monitor reports over all of them", async () => {
    const log = steps();
    const entries = log.map(({ step, rows }, i) => ({
      seq: i + 1,
      request: { route: "/v1/score", body: JSON.stringify({ rows: rows.map((r, k) => ({ id: `${step}-${k}`, prompt: r.prompt, output: r.output, step })) }) },
      results: rows.map((r, k) => ({ index: k, rowId: `${step}-${k}`, step, score: { value: r.value, terms: {}, instrument: "t" } })),
    })) as unknown as FinishedEntry[];
    const thresholds = monitorThresholdsSchema.parse({ guards: [] });
    const journal = memoryJournal(entries);
    const live = new JournalMonitor(journal, thresholds, "bank", { detectorEveryMs: 0 });
    const batchOf = (upTo: number) => {
      const rows: MonitorRow[] = log.slice(0, upTo).flatMap(({ step, rows }) => rows.map((r) => ({ step, input: r.prompt, output: r.output, turns: [r.output], score: { value: r.value, terms: {}, instrument: "t" } })));
      const report = monitor(rows, thresholds);
      // stepRates scans every guard; the live monitor only the watched ones (none here), null for the rest
      return { ...report, steps: report.steps.map((s) => ({ ...s, strictLaughter: null, audienceAddress: null, screenFail: null })) };
    };
    for (const upTo of [12, 30, 40, 41, 60]) {
      journal.shown = upTo;
      await live.refresh();
      expect(live.report()).toEqual(batchOf(upTo));
    }
    expect(live.report().detector?.alarm).toBe(true);
    expect(live.report().alerts.map((a) => a.kind)).toContain("hacking_onset");
  });
});
