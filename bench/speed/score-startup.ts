// Benchmark (issue 20): the whole-process CPU of `foolsgold score --stack prose --workers 1` from this
// checkout's dist/ and from a baseline dist (e.g. main's), fresh processes in alternating order, on a
// 20-row bank (what a process pays besides scoring: modules, opening the stack, summary, exit) and on
// the full bank. CPU = user + system of the whole child, every thread (V8's compiler and GC helpers
// too), from the child's own resource usage at exit; wall time is not used (the machine is shared).
// Prints n, the 1-min load average, each side's mean with its 95 % t interval, the paired difference and
// the paired ratio baseline/this (geometric mean, 95 % interval), and whether both wrote the same bytes.
//   npm run build && npx tsx bench/speed/score-startup.ts --baseline /tmp/base29/dist [--bank /tmp/prose-creative.jsonl] [--small-rounds 10] [--full-rounds 5]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { meanCi } from "../../src/stats/mean-ci.js";
import { arg } from "../helpers/args.js";
import { pairedRatio } from "../helpers/paired-ratio.js";

const baseline = arg("--baseline");
if (!baseline) {
  console.error("usage: npx tsx bench/speed/score-startup.ts --baseline DIST [--this DIST] [--bank BANK] [--small-rounds N] [--full-rounds N]");
  process.exit(2);
}
const dists = { this: resolve(arg("--this") ?? "dist"), baseline: resolve(baseline) };
const bank = arg("--bank") ?? "/tmp/prose-creative.jsonl";
const rounds = { small: Number(arg("--small-rounds") ?? 10), full: Number(arg("--full-rounds") ?? 5) };

const dir = mkdtempSync(join(tmpdir(), "fg-score-startup-"));
const lines = readFileSync(bank, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
const banks = { small: join(dir, "bank-20.jsonl"), full: bank };
writeFileSync(banks.small, lines.slice(0, 20).join("\n") + "\n");

// The child: the dist's CLI main, as bin/foolsgold.js runs it from a package; its CPU written at exit.
const CHILD = `
const [dist, report, ...argv] = process.argv.slice(1);
process.on("exit", () => { const r = process.resourceUsage(); require("node:fs").writeFileSync(report, String((r.userCPUTime + r.systemCPUTime) / 1e6)); });
import(require("node:url").pathToFileURL(dist + "/cli/index.js").href).then((m) => m.main(["node", "foolsgold", ...argv])).then((code) => { process.exitCode = code; });
`;

type Side = keyof typeof dists;
const load: number[] = [];
function run(side: Side, which: keyof typeof banks, k: number): { cpu: number; out: string } {
  const out = join(dir, `${which}-${side}-${k}.jsonl`);
  const report = join(dir, `${which}-${side}-${k}.cpu`);
  load.push(loadavg()[0]);
  execFileSync(process.execPath, ["-e", CHILD, dists[side], report, "score", "--stack", "prose", "--in", banks[which], "--out", out, "--workers", "1"], { stdio: "ignore" });
  return { cpu: Number(readFileSync(report, "utf8")), out };
}

const round = (x: number, d = 3): number => Math.round(x * 10 ** d) / 10 ** d;
const ci = (xs: number[]) => {
  const m = meanCi(xs);
  return { mean: round(m.mean), ci95: m.ci.map((x) => round(x)) };
};
const results: Record<string, unknown> = {};
for (const which of ["small", "full"] as const) {
  const cpu: Record<Side, number[]> = { this: [], baseline: [] };
  let sameBytes = true;
  for (let k = 0; k < rounds[which]; k++) {
    // Alternate which side goes first, so a load that rises or falls within a pair hits both alike.
    const order: Side[] = k % 2 === 0 ? ["baseline", "this"] : ["this", "baseline"];
    const outs: Partial<Record<Side, string>> = {};
    for (const side of order) {
      const r = run(side, which, k);
      cpu[side].push(r.cpu);
      outs[side] = r.out;
    }
    sameBytes &&= readFileSync(outs.this!).equals(readFileSync(outs.baseline!));
    rmSync(outs.this!);
    rmSync(outs.baseline!);
  }
  const ratio = pairedRatio(cpu.baseline, cpu.this);
  results[which === "small" ? "bank_20_rows" : `bank_${lines.length}_rows`] = {
    n_pairs: rounds[which],
    cpu_s: { this: ci(cpu.this), baseline: ci(cpu.baseline) },
    baseline_minus_this_s: ci(cpu.baseline.map((b, i) => b - cpu.this[i])),
    ratio_baseline_over_this: { ratio: round(ratio.ratio), ci95: ratio.ci.map((x) => round(x)) },
    same_bytes_every_pair: sameBytes,
    raw_cpu_s: { this: cpu.this.map((x) => round(x, 2)), baseline: cpu.baseline.map((x) => round(x, 2)) },
  };
}
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify(
    {
      command: "score --stack prose --workers 1 (fresh process each, alternating order)",
      units: "CPU seconds of the whole child process (user + system, all threads); 95% t intervals over the pairs; ratio: geometric mean of per-pair ratios",
      load_avg_1m: { min: round(Math.min(...load), 2), max: round(Math.max(...load), 2) },
      this_dist: dists.this,
      baseline_dist: dists.baseline,
      ...results,
    },
    null,
    2,
  ),
);
