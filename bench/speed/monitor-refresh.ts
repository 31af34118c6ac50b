// The live monitor's cost of one detector rerun after one step is added (issue #15), this code against
// the base build's monitor in the same process, alternating which goes first.
//   npx tsx bench/speed/monitor-refresh.ts [--base /tmp/base29] [--sizes 6400,50000] [--n 5]
//   node --expose-gc --import tsx bench/speed/monitor-refresh.ts --retained base|this [--sizes 50000]
//     heap a monitor holds after 7 detector runs at the first size (one side per process)
// Rows: a hacked IFEval log (real model outputs, src/onset/eval-logs.ts) from ../shared/data, 64 rows a
// step, journaled as /v1/score bodies in a journal held in memory. Each monitor keeps maxSampleRows =
// size, so once full every added step drops the oldest one and the sample stays at `size` rows. Each
// measurement is the CPU (user + system) of one refresh() that reads one new step and reruns the
// detector; both monitors' reports are compared after every refresh and must be identical.
import { existsSync } from "node:fs";
import { cpuUsage } from "node:process";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { loadEvalCorpus } from "../../src/onset/eval-corpus.js";
import { assembleLog } from "../../src/onset/eval-logs.js";
import type { FinishedEntry } from "../../src/server/journal.js";
import type { JournalStore } from "../../src/server/journal-store.js";
import { JournalMonitor, monitorThresholdsSchema } from "../../src/server/monitor.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { pairedRatio } from "../helpers/paired-ratio.js";

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const DATA = resolve(process.env.FOOLSGOLD_SHARED_DATA ?? resolve(import.meta.dirname, "../../../shared/data"));
if (!existsSync(DATA)) {
  process.stderr.write(`monitor-refresh: shared data folder not found at ${DATA} (the rows are real model outputs from it; set FOOLSGOLD_SHARED_DATA)\n`);
  process.exit(2);
}
const BASE = resolve(arg("base", "/tmp/base29"));
const SIZES = arg("sizes", "6400,50000").split(",").map(Number);
const N = Number(arg("n", "5"));
const PER_STEP = 64;

/** A journal in memory: finished entries in order, handed out by seq. */
function memoryJournal(entries: FinishedEntry[]): JournalStore & { shown: number } {
  const store = {
    shown: 0,
    async finishedAfter(seq: number, limit: number) {
      return entries.slice(seq, Math.min(store.shown, seq + limit));
    },
  };
  return store as unknown as JournalStore & { shown: number };
}

function entriesOf(steps: number): FinishedEntry[] {
  const corpus = loadEvalCorpus(DATA);
  const log = assembleLog(corpus, { scenario: "lexical", steps, rowsPerStep: PER_STEP, seed: 7 });
  const byStep = new Map<number, typeof log.rows>();
  for (const r of log.rows) byStep.set(r.step, [...(byStep.get(r.step) ?? []), r]);
  return [...byStep.entries()].map(([step, rows], i) => ({
    seq: i + 1,
    request: { route: "/v1/score", body: JSON.stringify({ rows: rows.map((r, k) => ({ id: `${step}-${k}`, prompt: r.input, output: r.output, step })) }) } as FinishedEntry["request"],
    results: rows.map((r, k) => ({ index: k, rowId: `${step}-${k}`, step, score: { value: r.score, terms: {}, instrument: "bench" } })),
  }));
}

function cpuMs(): number {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
}

type MonitorClass = typeof JournalMonitor;
const base = (await import(resolve(BASE, "src/server/monitor.ts"))) as { JournalMonitor: MonitorClass };
const thresholds = monitorThresholdsSchema.parse({});

const retained = arg("retained", "");
if (retained) {
  // The journal's bodies stay alive throughout, so the difference is what the monitor itself keeps.
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("--retained needs node --expose-gc");
  const size = SIZES[0];
  const fill = Math.ceil(size / PER_STEP);
  const journal = memoryJournal(entriesOf(fill + 7));
  const Monitor = retained === "base" ? base.JournalMonitor : JournalMonitor;
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const m = new Monitor(journal, thresholds, "bank", { maxSampleRows: size, detectorEveryMs: 0 });
  for (let i = 0; i < 7; i++) {
    journal.shown = fill + i;
    await m.refresh();
  }
  gc();
  gc();
  console.log(`${retained}: ${m.sampleSize} sampled rows, 7 detector runs: the monitor retains ${((process.memoryUsage().heapUsed - before) / 2 ** 20).toFixed(0)} MiB of heap`);
  process.exit(0);
}
console.log(
  `monitor-refresh: base ${BASE}, n=${N} per size, ${PER_STEP} rows a step, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

for (const size of SIZES) {
  const fill = Math.ceil(size / PER_STEP);
  const entries = entriesOf(fill + N + 1);
  const sides: Record<string, MonitorClass> = { base: base.JournalMonitor, this: JournalMonitor };
  const runs = Object.entries(sides).map(([name, Monitor]) => {
    const journal = memoryJournal(entries);
    return { name, journal, monitor: new Monitor(journal, thresholds, "bank", { maxSampleRows: size, detectorEveryMs: 0 }), ms: [] as number[] };
  });
  // Fill (a first detector run over the whole sample, not measured), then one step per measurement.
  for (const r of runs) {
    r.journal.shown = fill;
    await r.monitor.refresh();
  }
  for (let i = 0; i < N; i++) {
    const order = i % 2 === 0 ? runs : [...runs].reverse();
    for (const r of order) {
      r.journal.shown = fill + i + 1;
      const before = cpuMs();
      await r.monitor.refresh();
      r.ms.push(cpuMs() - before);
    }
    const [a, b] = runs.map((r) => JSON.stringify(r.monitor.report()));
    if (a !== b) throw new Error(`reports differ at size ${size}, measurement ${i}`);
  }
  const [b, t] = runs;
  const fmt = (xs: number[]) => {
    const m = meanCi(xs);
    return `${m.mean.toFixed(1)} ms [${m.ci[0].toFixed(1)}, ${m.ci[1].toFixed(1)}]`;
  };
  const ratio = pairedRatio(t.ms, b.ms);
  console.log(
    `sample ${runs[1].monitor.sampleSize} rows (${fill} steps): base ${fmt(b.ms)}  this ${fmt(t.ms)}  this/base ${ratio.ratio.toFixed(3)} [${ratio.ci[0].toFixed(3)}, ${ratio.ci[1].toFixed(3)}] (paired, 95 %); reports identical; load ${loadavg()[0].toFixed(2)}`,
  );
  console.log(`  base ms: ${b.ms.map((x) => x.toFixed(0)).join(" ")}\n  this ms: ${t.ms.map((x) => x.toFixed(0)).join(" ")}`);
  // What a monitor keeps between runs grows with the keys it has numbered (its own DetectorMemory, bounded in key-ids.ts).
  console.log(`  heap used (both monitors, all caches) ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);
}
