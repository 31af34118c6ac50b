// Writes a bank file of slopscore replies, so whole-process runs of `foolsgold score --stack prose` can
// be timed (and compared across checkouts) on the same input. Default: the scoring bench's 2,000
// held-out replies; --creative: all 3,295 creative replies (4.28 M words, issue 20's figure).
//   npx tsx bench/speed/prose-bank.ts /tmp/prose-bank.jsonl [--creative]
//   /usr/bin/time -f "%U %S %M" node bin/foolsgold.js score --stack prose --in /tmp/prose-bank.jsonl --out /tmp/scored.jsonl
// With --cpu BANK: issue 20's figure itself. Each pair runs `score --stack prose --workers 1` on BANK in
// a fresh process with this checkout's dist/ and with --baseline DIST (e.g. a copy of main's dist/),
// in alternating order, and reads each child's CPU (user + system, every thread: V8's GC and compiler
// threads too). Prints words per CPU-second, the baseline's CPU over this one's per pair (95% t
// interval), load, and whether both wrote the same bytes. Wall time is not used: the machine is shared.
//   npm run build && npx tsx bench/speed/prose-bank.ts --cpu /tmp/prose-creative.jsonl --baseline /tmp/base/dist [--pairs 5] [--preset seed]
// With --breakdown BANK: where a whole process's CPU goes, in a fresh child per repeat on this checkout's
// dist/ (or --this DIST): opening the prose stack (imports, tables), then the bank scored --rounds times in
// 64-row calls as `score` does. Round 1 minus the later rounds is the once-per-process cost of JIT
// warm-up, the lexicon's first sight of each word form and a young heap; a later round is steady state.
//   npm run build && npx tsx bench/speed/prose-bank.ts --breakdown /tmp/prose-creative.jsonl [--rounds 3] [--repeats 3]
// (the baseline dist must resolve its packages: e.g. /tmp/base/dist a copy of main's dist/, /tmp/base/node_modules a link to this checkout's;
// --this DIST, laid out the same way, stands in for this checkout's dist/, e.g. a snapshot to keep building meanwhile)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { meanCi } from "../../src/stats/mean-ci.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";
import { loadModelProse, MINING_MODELS } from "../helpers/prose-data.js";

function writeBank(): void {
  if (!hasSharedData) {
    console.log(`skipped: ${sharedDataSkipReason}`);
    process.exit(0);
  }
  const out = process.argv[2];
  if (!out || out.startsWith("--")) {
    console.error("usage: npx tsx bench/speed/prose-bank.ts OUT.jsonl [--creative] | --cpu BANK --baseline DIST [--pairs N] [--preset seed]");
    process.exit(2);
  }
  const mining = new Set(MINING_MODELS);
  const all = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz"));
  const rows = process.argv.includes("--creative") ? all.filter((r) => r.meta.kind === "creative") : all.filter((r) => !mining.has(r.meta.model ?? "")).slice(0, 2000);
  writeFileSync(out, rows.map((r, i) => JSON.stringify({ id: `r${i}`, prompt: r.prompt, output: r.output })).join("\n") + "\n");
  const words = rows.reduce((a, r) => a + (r.output.match(/\S+/g)?.length ?? 0), 0);
  console.log(`wrote ${out}: ${rows.length} replies, ${words} words`);
}

// The child: imports a dist's CLI, scores, and writes its own process CPU at exit.
const CHILD = `
const [dist, report, ...argv] = process.argv.slice(1);
process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(report, JSON.stringify({ cpu_s: (u.user + u.system) / 1e6 })); });
import(require("node:url").pathToFileURL(dist + "/cli/index.js").href).then((m) => m.main(["node", "foolsgold", ...argv])).then((code) => { process.exitCode = code; });
`;

async function compareCpu(bank: string): Promise<void> {
  const baseline = arg("--baseline");
  if (!baseline) {
    console.error("--cpu needs --baseline DIST (a built dist/ to compare with)");
    process.exit(2);
  }
  const pairs = Number(arg("--pairs") ?? 5);
  const preset = arg("--preset");
  const words = readFileSync(bank, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .reduce((a, l) => a + (((JSON.parse(l) as { output?: unknown }).output as string | undefined)?.match(/\S+/g)?.length ?? 0), 0);
  const dists = { this: resolve(arg("--this") ?? "dist"), baseline: resolve(baseline) };
  const dir = mkdtempSync(join(tmpdir(), "prose-bank-cpu-"));
  const cpu: Record<"this" | "baseline", number[]> = { this: [], baseline: [] };
  const load: number[] = [];
  let sameBytes = true;
  const run = (side: "this" | "baseline", k: number): void => {
    const out = join(dir, `${side}-${k}.jsonl`);
    const report = join(dir, `${side}-${k}.json`);
    load.push(loadavg()[0]);
    const argv = ["score", "--stack", "prose", "--in", bank, "--out", out, "--workers", "1", ...(preset ? ["--option", `preset=${preset}`] : [])];
    execFileSync(process.execPath, ["-e", CHILD, dists[side], report, ...argv], { stdio: ["ignore", "ignore", "ignore"] });
    cpu[side].push((JSON.parse(readFileSync(report, "utf8")) as { cpu_s: number }).cpu_s);
  };
  for (let k = 0; k < pairs; k++) {
    // Alternate which side goes first, so a load that rises or falls within a pair hits both alike.
    const order: ("this" | "baseline")[] = k % 2 === 0 ? ["baseline", "this"] : ["this", "baseline"];
    for (const side of order) run(side, k);
    sameBytes &&= readFileSync(join(dir, `this-${k}.jsonl`)).equals(readFileSync(join(dir, `baseline-${k}.jsonl`)));
  }
  rmSync(dir, { recursive: true, force: true });
  const ratios = cpu.this.map((c, k) => cpu.baseline[k] / c);
  const ratio = meanCi(ratios);
  const wps = (side: "this" | "baseline") => meanCi(cpu[side].map((c) => words / c / 1e6));
  const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
  const summary = (c: ReturnType<typeof meanCi>) => ({ n: c.n, mean: round(c.mean), ci95: c.ci.map((x) => round(x)) });
  console.log(
    JSON.stringify(
      {
        bank,
        words,
        preset: preset ?? "hardened (default)",
        pairs,
        units: "CPU seconds of the whole child process (user + system, all threads); words = whitespace-separated tokens of `output`",
        load_avg_1m: { min: round(Math.min(...load), 2), max: round(Math.max(...load), 2) },
        cpu_s: { this: cpu.this.map((x) => round(x, 2)), baseline: cpu.baseline.map((x) => round(x, 2)) },
        million_words_per_cpu_s: { this: summary(wps("this")), baseline: summary(wps("baseline")) },
        ratio_baseline_cpu_over_this: { ...summary(ratio), note: "per pair, 95% t interval over the pairs" },
        same_bytes_every_pair: sameBytes,
        this_dist: pathToFileURL(dists.this).href,
        baseline_dist: pathToFileURL(dists.baseline).href,
      },
      null,
      2,
    ),
  );
}

// The breakdown's child: opens the stack from a dist, scores the bank `rounds` times, prints CPU ms per phase.
const BREAKDOWN_CHILD = `
const [dist, bank, rounds] = process.argv.slice(1);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
// Per-thread CPU from Linux's /proc (in clock ticks, 100 a second): the main thread, and V8's helpers
// (optimizing compiler, parallel and concurrent GC) together; null where there is no /proc.
const fs = require("node:fs");
const threads = () => {
  try {
    let main = 0, helpers = 0;
    for (const tid of fs.readdirSync("/proc/self/task")) {
      const stat = fs.readFileSync("/proc/self/task/" + tid + "/stat", "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = (Number(f[11]) + Number(f[12])) * 10;
      if (Number(tid) === process.pid) main += ms; else helpers += ms;
    }
    return { main, helpers };
  } catch { return null; }
};
(async () => {
  let t = cpu();
  const { openScorer } = await import(require("node:url").pathToFileURL(dist + "/stacks/open.js").href);
  const opened = await openScorer({ stack: "prose" });
  const open_ms = cpu() - t;
  t = cpu();
  const rows = require("node:fs").readFileSync(bank, "utf8").split("\\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
  const read_ms = cpu() - t;
  const round_ms = [];
  const round_threads_ms = [];
  for (let r = 0; r < Number(rounds); r++) {
    const before = threads();
    t = cpu();
    for (let i = 0; i < rows.length; i += 64) await opened.scorer.scoreRows(rows.slice(i, i + 64));
    round_ms.push(cpu() - t);
    const after = threads();
    round_threads_ms.push(before && after ? { main: after.main - before.main, helpers: after.helpers - before.helpers } : null);
  }
  await opened.close();
  process.stdout.write(JSON.stringify({ open_ms, read_ms, round_ms, round_threads_ms }));
})();
`;

/**
 * Round 1 and the last round split by thread (Linux only; 10 ms ticks): the main thread runs the code,
 * V8's helper threads compile it and collect garbage, so round 1's excess on the helpers is mostly
 * optimizing-compiler work and on the main thread code run before it is optimized and first sights.
 */
function threadSplit(runs: { round_ms: number[]; round_threads_ms: ({ main: number; helpers: number } | null)[] }[]): Record<string, unknown> {
  if (runs.some((r) => r.round_threads_ms.some((t) => t === null))) return { threads: "not measured (no /proc/self/task)" };
  const ci = (xs: number[]) => {
    const c = meanCi(xs);
    const r = (x: number) => Math.round(x * 1000) / 1000;
    return { n: c.n, mean: r(c.mean), ci95: c.ci.map(r) };
  };
  const at = (k: "main" | "helpers", which: "first" | "last") => runs.map((r) => r.round_threads_ms[which === "first" ? 0 : r.round_threads_ms.length - 1]![k] / 1000);
  return {
    first_round_threads_s: { main: ci(at("main", "first")), helpers: ci(at("helpers", "first")) },
    last_round_threads_s: { main: ci(at("main", "last")), helpers: ci(at("helpers", "last")), note: "helpers: V8's compiler and GC threads; 10 ms ticks" },
  };
}

function breakdown(bank: string): void {
  const rounds = Number(arg("--rounds") ?? 3);
  const repeats = Number(arg("--repeats") ?? 3);
  if (!(rounds >= 2) || !(repeats >= 2)) {
    console.error("--rounds and --repeats must be at least 2 (a first round and a steady one; an interval needs two repeats)");
    process.exit(2);
  }
  const dist = resolve(arg("--this") ?? "dist");
  const words = readFileSync(bank, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .reduce((a, l) => a + (((JSON.parse(l) as { output?: unknown }).output as string | undefined)?.match(/\S+/g)?.length ?? 0), 0);
  const load: number[] = [];
  const runs: { open_ms: number; read_ms: number; round_ms: number[]; round_threads_ms: ({ main: number; helpers: number } | null)[] }[] = [];
  for (let k = 0; k < repeats; k++) {
    load.push(loadavg()[0]);
    runs.push(JSON.parse(execFileSync(process.execPath, ["-e", BREAKDOWN_CHILD, dist, bank, String(rounds)], { encoding: "utf8" })));
  }
  const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
  const ci = (xs: number[]) => {
    const c = meanCi(xs);
    return { n: c.n, mean: round(c.mean), ci95: c.ci.map((x) => round(x)) };
  };
  const steady = runs.map((r) => Math.min(...r.round_ms.slice(1)));
  console.log(
    JSON.stringify(
      {
        bank,
        words,
        rounds,
        units: "CPU seconds of the child process (user + system, all threads, V8's helpers too); 95% t interval over the repeats (fresh processes)",
        load_avg_1m: { min: round(Math.min(...load), 2), max: round(Math.max(...load), 2) },
        open_stack_s: ci(runs.map((r) => r.open_ms / 1000)),
        read_bank_s: ci(runs.map((r) => r.read_ms / 1000)),
        first_round_s: ci(runs.map((r) => r.round_ms[0] / 1000)),
        steady_round_s: { ...ci(steady.map((x) => x / 1000)), note: "the cheapest later round" },
        first_minus_steady_s: { ...ci(runs.map((r, k) => (r.round_ms[0] - steady[k]) / 1000)), note: "JIT warm-up, first sight of each word form, young heap: paid once per process" },
        ...threadSplit(runs),
        steady_million_words_per_cpu_s: ci(steady.map((x) => words / (x / 1000) / 1e6)),
        first_round_million_words_per_cpu_s: ci(runs.map((r) => words / (r.round_ms[0] / 1000) / 1e6)),
        dist: pathToFileURL(dist).href,
      },
      null,
      2,
    ),
  );
}

const cpuBank = arg("--cpu");
const breakdownBank = arg("--breakdown");
if (cpuBank) await compareCpu(cpuBank);
else if (breakdownBank) breakdown(breakdownBank);
else writeBank();
