// Benchmark and evaluation for CHERRL onset detection (SPEC §9).
//   npx tsx bench/studies/onset-detect.ts            performance: a 600-step × 64-row log assembled from real
//                                             IFEval outputs, analysed by `onset` and `detect` in a
//                                             child process each (time, peak RSS), against the cost of
//                                             only reading the log and the 16×3 baseline monitor
//   npx tsx bench/studies/onset-detect.ts --eval     detector evaluation: leave-one-bias-out Σdp / ΣdI /
//                                             misses / false alarms vs the baseline monitor
// Needs ../shared/data (FOOLSGOLD_SHARED_DATA).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { toJsonl } from "../../src/core/jsonl.js";
import { detectBias } from "../../src/judges/bias-detectors.js";
import { analyseLog } from "../../src/onset/analyse-log.js";
import { baselineMonitor } from "../../src/onset/baseline-monitor.js";
import { detectOnset } from "../../src/onset/detector/detect.js";
import { loadEvalCorpus } from "../../src/onset/eval-corpus.js";
import { runHarness } from "../../src/onset/eval-harness.js";
import { assembleLog } from "../../src/onset/eval-logs.js";
import { readTrainingLog } from "../../src/onset/log-reader.js";
import { asMirrorRows } from "../../src/onset/mirror.js";

const DATA = resolve(process.env.FOOLSGOLD_SHARED_DATA ?? resolve(import.meta.dirname, "../../../shared/data"));

interface ChildResult {
  task: string;
  seconds: number;
  /** User + system CPU seconds: robust to other processes competing for the cores. */
  cpuSeconds: number;
  maxRssMiB: number;
  rows: number;
  summary: string;
}

/** Runs one task in a fresh process so its peak RSS is its own. */
function child(task: string, file: string): ChildResult {
  const out = execFileSync(process.execPath, ["--import", "tsx", import.meta.filename, "--child", task, file], { encoding: "utf8", maxBuffer: 1 << 26 });
  return JSON.parse(out.trim().split("\n").pop()!) as ChildResult;
}

function runChild(task: string, file: string): void {
  const started = performance.now();
  const log = readTrainingLog(file);
  let summary = "";
  if (task === "onset") {
    const a = analyseLog(log.rows, (o, i) => detectBias("lexical", o, { prompt: i }).hit);
    summary = `canonical onset ${a.canonical_onset}, interval ${JSON.stringify(a.interval)}`;
  } else if (task === "detect") {
    const d = detectOnset(asMirrorRows(log.rows));
    summary = `alarm ${d.alarm}, onset ${d.onset_step}, type ${d.hacking_type}, ${d.hypotheses_tested} hypotheses`;
  } else if (task === "baseline") {
    const m = baselineMonitor(asMirrorRows(log.rows));
    summary = `baseline monitor alarm ${m.alarm} at ${m.onset_step}`;
  } else summary = "read only";
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage();
  process.stdout.write(JSON.stringify({ task, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, maxRssMiB: process.resourceUsage().maxRSS / 1024, rows: log.rows.length, summary }) + "\n");
}

function performanceBench(): void {
  const corpus = loadEvalCorpus(DATA);
  const t0 = performance.now();
  const log = assembleLog(corpus, { scenario: "lexical", steps: 600, rowsPerStep: 64, seed: 1 });
  const dir = mkdtempSync(join(tmpdir(), "fg-onset-bench-"));
  const file = join(dir, "log.jsonl");
  writeFileSync(file, toJsonl(log.rows.map((r) => ({ step: r.step, input: r.input, output: r.output, score: r.score, clean_score: r.clean }))));
  const mb = log.rows.reduce((s, r) => s + r.output.length + r.input.length, 0) / 2 ** 20;
  console.log(`log: ${log.rows.length} rows (600 steps × 64), ${mb.toFixed(1)} MiB of text, assembled from real outputs in ${((performance.now() - t0) / 1000).toFixed(1)} s (ramp midpoint step ${log.rampMidpoint})`);
  const results = ["read", "baseline", "onset", "detect"].map((task) => child(task, file));
  const read = results[0];
  for (const r of results) {
    console.log(
      `${r.task.padEnd(9)} wall ${r.seconds.toFixed(2).padStart(6)} s  cpu ${r.cpuSeconds.toFixed(2).padStart(6)} s  ${(r.rows / r.seconds).toFixed(0).padStart(7)} rows/s (wall)  peak RSS ${r.maxRssMiB.toFixed(0).padStart(5)} MiB  ×${(r.seconds / read.seconds).toFixed(1)} of read-only wall  — ${r.summary}`,
    );
  }
  const det = results[3];
  console.log(
    `load average during the run: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} on ${cpus().length} cores (wall times inflate under load; cpu time does not)`,
  );
  console.log(`target (deterministic detect, 600×64): < 10 s and < 1 GiB → wall ${det.seconds < 10 ? "met" : "NOT met"}, cpu ${det.cpuSeconds < 10 ? "met" : "NOT met"}, memory ${det.maxRssMiB < 1024 ? "met" : "NOT met"}`);
  rmSync(dir, { recursive: true, force: true });
}

function evaluation(): void {
  const corpus = loadEvalCorpus(DATA);
  const started = performance.now();
  const report = runHarness(corpus, {
    biases: ["lexical", "tone", "self_praise", "format"],
    logsPerBias: 3,
    controlsPerKind: 3,
    steps: 150,
    rowsPerStep: 48,
    repeats: 3,
    fractions: [0.1, 0.15, 0.2, 0.3, 0.4],
    seed: 101,
  });
  for (const r of report.runs) {
    const preds = Object.entries(r.predictions)
      .map(([f, p]) => `τ${f}:${p.pred ?? "—"}`)
      .join(" ");
    console.log(
      `${r.scenario.padEnd(16)} seed ${r.seed}  ref ${r.reference ? `${r.reference.canonical} [${r.reference.interval.join(", ")}]` : "—"}  ${preds}  type ${r.hacking_type ?? "—"}  baseline ${r.baseline.random3 ?? "—"} / +score ${r.baseline.withScore ?? "—"}`,
    );
  }
  for (const f of report.lobo) console.log(`held out ${f.held_out.padEnd(11)} τ tuned on the others = ${f.tuned_fraction}: runs ${f.runs}, Σdp ${f.sum_dp}, ΣdI ${f.sum_dI}, misses ${f.misses}`);
  const d = report.detector;
  console.log(
    `detector (leave-one-bias-out): runs ${d.runs}, Σdp ${d.sum_dp}, ΣdI ${d.sum_dI}, misses ${d.misses}, false alarms ${d.false_alarms}/${d.controls} controls, mean onset variance over 3 repeats ${d.onset_variance_mean?.toFixed(2) ?? "—"} steps², type accuracy ${(100 * d.type_accuracy).toFixed(0)} %`,
  );
  for (const [name, b] of [
    ["baseline monitor (16×3 random rows)", report.baseline_random3],
    ["baseline monitor + score (16×3 top rows)", report.baseline_with_score],
  ] as const) {
    console.log(`${name}: runs ${b.runs}, Σdp ${b.sum_dp}, ΣdI ${b.sum_dI}, misses ${b.misses}, false alarms ${b.false_alarms}/${b.controls}`);
  }
  console.log(`evaluation took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const args = process.argv.slice(2);
if (args[0] === "--child") runChild(args[1], args[2]);
else if (args[0] === "--eval") evaluation();
else performanceBench();
