// Writes a bank file of slopscore replies, so whole-process runs of `foolsgold score --stack prose` can
// be timed (and compared across checkouts) on the same input. Default: the scoring bench's 2,000
// held-out replies; --creative: all 3,295 creative replies (4.28 M words, issue 20's figure).
//   npx tsx bench/prose-bank.ts /tmp/prose-bank.jsonl [--creative]
//   /usr/bin/time -f "%U %S %M" node bin/foolsgold.js score --stack prose --in /tmp/prose-bank.jsonl --out /tmp/scored.jsonl
// With --cpu BANK: issue 20's figure itself. Each pair runs `score --stack prose --workers 1` on BANK in
// a fresh process with this checkout's dist/ and with --baseline DIST (e.g. a copy of main's dist/),
// in alternating order, and reads each child's CPU (user + system, every thread: V8's GC and compiler
// threads too). Prints words per CPU-second, the baseline's CPU over this one's per pair (95% t
// interval), load, and whether both wrote the same bytes. Wall time is not used: the machine is shared.
//   npm run build && npx tsx bench/prose-bank.ts --cpu /tmp/prose-creative.jsonl --baseline /tmp/base/dist [--pairs 5] [--preset seed]
// (the baseline dist must resolve its packages: e.g. /tmp/base/dist a copy of main's dist/, /tmp/base/node_modules a link to this checkout's;
// --this DIST, laid out the same way, stands in for this checkout's dist/, e.g. a snapshot to keep building meanwhile)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { meanCi } from "../src/stats/mean-ci.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../test/helpers/shared-data.js";
import { arg } from "./helpers/args.js";
import { loadModelProse, MINING_MODELS } from "./prose-data.js";

function writeBank(): void {
  if (!hasSharedData) {
    console.log(`skipped: ${sharedDataSkipReason}`);
    process.exit(0);
  }
  const out = process.argv[2];
  if (!out || out.startsWith("--")) {
    console.error("usage: npx tsx bench/prose-bank.ts OUT.jsonl [--creative] | --cpu BANK --baseline DIST [--pairs N] [--preset seed]");
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

const cpuBank = arg("--cpu");
if (cpuBank) await compareCpu(cpuBank);
else writeBank();
