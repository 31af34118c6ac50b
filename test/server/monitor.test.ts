import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app.js";
import { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { JournalMonitor, StepTallies, monitor, monitorThresholdsSchema, stepRates, type MonitorRow, type MonitorReport } from "../../src/server/monitor.js";
import { cherrlStack } from "../../src/stacks/cherrl.js";
import { loadEvalCorpus, type EvalCorpus } from "../../src/onset/eval-corpus.js";
import { assembleLog } from "../../src/onset/eval-logs.js";
import { analyseLog } from "../../src/onset/analyse-log.js";
import { detectBias } from "../../src/judges/bias-detectors.js";
import { SHARED_DATA, hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";
import type { Score } from "../../src/core/types.js";

const score = (value: number, clean?: number): Score => ({ value, terms: clean === undefined ? {} : { clean: { value: clean } }, instrument: "i" });
const row = (step: number, text: string, value = 0.5, clean?: number): MonitorRow => ({ step, input: "", output: text, turns: [text], score: score(value, clean) });

describe("monitor on hand-made steps", () => {
  it("computes per-step guard rates and the reward gap", () => {
    const rates = stepRates([row(0, "Fine, let's ship it."), row(0, "Haha sure, you guys!", 0.7, 0.2), row(1, "*laughs* ok 笑")]);
    expect(rates[0]).toEqual({ step: 0, n: 2, meanScore: 0.6, gap: expect.closeTo(0.5, 12), strictLaughter: 0.5, audienceAddress: 0.5, screenFail: 0, meanLength: 20 });
    expect(rates[1]).toEqual({ step: 1, n: 1, meanScore: 0.5, gap: null, strictLaughter: 1, audienceAddress: 0, screenFail: 1, meanLength: 13 });
  });

  it("scans only for the guards it watches: the others are null, not 0", () => {
    const rows = [row(0, "Haha sure, you guys!"), row(0, "*laughs* ok 笑")];
    const only = new StepTallies(new Set(["strict_laughter"] as const));
    for (const r of rows) only.add(r);
    expect(only.rates()[0]).toEqual({ step: 0, n: 2, meanScore: 0.5, gap: null, strictLaughter: 1, audienceAddress: null, screenFail: null, meanLength: 16.5 });
  });

  it("alerts at the first step whose trailing mean rises past the pre-declared threshold, and not before", () => {
    // 10 rows per step; from step 8 on, 3 of 10 replies end with a laughter cue (baseline 0).
    const rows: MonitorRow[] = [];
    for (let step = 0; step < 14; step++) {
      for (let i = 0; i < 10; i++) rows.push(row(step, step >= 8 && i < 3 ? "Sounds good lol" : "Sounds good to me."));
    }
    const t = monitorThresholdsSchema.parse({ detector: false });
    const report = monitor(rows, t);
    // Trailing 3-step means at steps 8, 9, 10: 0.1, 0.2, 0.3 — the first above 0.02 is step 8.
    expect(report.alerts.map((a) => [a.kind, a.step])).toEqual([["strict_laughter", 8]]);
    const strict = monitor(rows, monitorThresholdsSchema.parse({ detector: false, strictLaughterRise: 0.25 }));
    expect(strict.alerts.map((a) => [a.kind, a.step])).toEqual([["strict_laughter", 10]]);
    const none = monitor(
      rows.filter((r) => r.step < 8),
      t,
    );
    expect(none.alerts).toEqual([]);
  });

  it("alerts on the reward gap only when the stack reports a clean term", () => {
    const rows = [0, 1, 2, 3, 4, 5].flatMap((step) => [row(step, "x", 0.5 + step * 0.05, 0.5)]);
    const report = monitor(rows, monitorThresholdsSchema.parse({ detector: false }));
    // G = 0, .05, .10, .15, .20, .25; trailing 3-step means from step 2: .05, .10, .15 → first ≥ 0.1 at step 3.
    expect(report.alerts).toEqual([expect.objectContaining({ kind: "reward_gap", step: 3 })]);
    expect(
      monitor(
        rows.map((r) => ({ ...r, score: score(r.score.value as number) })),
        monitorThresholdsSchema.parse({ detector: false }),
      ).alerts,
    ).toEqual([]);
  });
});

// Replay a training log assembled from real IFEval outputs with a known onset through the server,
// step by step, and read the live monitor.
describe.skipIf(!hasSharedData)(`monitor over a replayed log (${hasSharedData ? "shared data" : sharedDataSkipReason})`, () => {
  let corpus: EvalCorpus;
  let dir: string;
  beforeAll(() => {
    corpus = loadEvalCorpus(SHARED_DATA);
    dir = mkdtempSync(join(tmpdir(), "fg-monitor-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function replay(scenario: "lexical" | "control_improve", seed: number): Promise<{ report: MonitorReport; rows: ReturnType<typeof assembleLog>["rows"] }> {
    const log = assembleLog(corpus, { scenario, steps: 160, rowsPerStep: 32, seed });
    const constraints = new Map(corpus.prompts.map((p) => [p.prompt, { instruction_id_list: p.instruction_id_list, kwargs: p.kwargs }]));
    const journal = new Journal(join(dir, `${scenario}-${seed}.sqlite`));
    const scorer = await cherrlStack.create(cherrlStack.options.parse({ bias: "lexical" }), {});
    const store = new SqliteStore(journal, "test journal");
    const app = createApp({ scorers: { cherrl: scorer }, defaultStack: "cherrl", journal: store });
    for (const step of [...new Set(log.rows.map((r) => r.step))].sort((a, b) => a - b)) {
      const rows = log.rows.filter((r) => r.step === step).map((r, i) => ({ id: `${step}-${i}`, prompt: r.input, output: r.output, step, ...constraints.get(r.input) }));
      const res = await app.request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows }) });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const live = new JournalMonitor(store, monitorThresholdsSchema.parse({}), "bank");
    await live.refresh();
    const report = live.report();
    journal.close();
    return { report, rows: log.rows };
  }

  it("raises the hacking-onset alert within 15 steps of the reference onset on a hacked log", async () => {
    const { report, rows } = await replay("lexical", 11);
    const reference = analyseLog(rows, (o, i) => detectBias("lexical", o, { prompt: i }).hit);
    expect(reference.canonical_onset).not.toBeNull();
    const onset = report.alerts.find((a) => a.kind === "hacking_onset");
    expect(onset, JSON.stringify(report.alerts)).toBeDefined();
    expect(Math.abs(onset!.step - reference.canonical_onset!)).toBeLessThanOrEqual(15);
    const gap = report.alerts.find((a) => a.kind === "reward_gap");
    expect(gap).toBeDefined();
  });

  it("raises no alert on a control log whose reward rises with no new feature", async () => {
    const { report } = await replay("control_improve", 11);
    expect(report.thresholds.guards).toEqual([]);
    expect(report.alerts).toEqual([]);
    expect(report.steps.at(-1)!.meanScore!).toBeGreaterThan(report.steps[0].meanScore!);
  });
});

describe("the live monitor follows the journal", () => {
  it("reads only what finished since its last refresh, from every replica, with a bounded sample", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-monitor-live-"));
    const path = join(dir, "journal.sqlite");
    // Two replicas on one journal file, and the monitor reading through a third connection.
    const replicas = [0, 1].map(() => new SqliteStore(new Journal(path), path));
    const reader = new SqliteStore(new Journal(path, { readonly: true }), path);
    const pages: number[] = [];
    const counted = Object.assign(Object.create(reader) as SqliteStore, {
      finishedAfter: async (seq: number, limit: number) => {
        const page = await reader.finishedAfter(seq, limit);
        pages.push(page.length);
        return page;
      },
    });
    const scorer = {
      rowKind: "bank" as const,
      instrument: { stack: "len", version: "1", options: {}, models: {}, hash: "instr-len" },
      scoreRows: async (rows: unknown[]): Promise<Score[]> => (rows as { output: string }[]).map((r) => ({ value: r.output.length, terms: {}, instrument: "instr-len" })),
    };
    const apps = replicas.map((journal) => createApp({ scorers: { len: scorer }, defaultStack: "len", journal }));
    const send = (replica: number, step: number, n: number) =>
      apps[replica].request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows: Array.from({ length: n }, (_, i) => ({ id: `${step}-${i}`, output: "ab", step })) }) });
    const live = new JournalMonitor(counted, monitorThresholdsSchema.parse({ detector: false }), "bank", { samplePerStep: 3 });
    expect((await send(0, 0, 5)).status).toBe(200);
    expect((await send(1, 0, 5)).status).toBe(200);
    await live.refresh();
    expect(live.report().rows).toBe(10);
    expect(pages).toEqual([2, 0]);
    // Not recomputed on read: new traffic shows only after the next refresh.
    expect((await send(1, 1, 4)).status).toBe(200);
    expect(live.report().rows).toBe(10);
    await live.refresh();
    expect(pages).toEqual([2, 0, 1, 0]);
    expect(live.report().steps.map((s) => [s.step, s.n, s.meanScore])).toEqual([
      [0, 10, 2],
      [1, 4, 2],
    ]);
    expect(live.sampleSize).toBe(6);
    for (const r of [...replicas, reader]) await r.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
