// Benchmark: `foolsgold demo` cold (a fresh $FOOLSGOLD_HOME, as right after `npm ci` in a fresh clone)
// against warm runs of the same process tree, each a child `node bin/foolsgold.js demo` under
// /usr/bin/time (wall, user + system CPU, peak RSS of the largest process). Per round:
//   cold           fresh home: shipped LM tables, empty response cache (what a new user runs)
//   cold, LM built fresh home with FOOLSGOLD_EMBEDDED_LM=build: the LM trained on first use (the old path)
//   warm, no cache the home of "cold" again, with a fresh response cache: every model call recomputed
//   warm           the home of "cold" again, its response cache full: 0 model calls
// Each figure is the median over rounds [min–max]; the ratios are cold / warm within a round, with a
// 95% t-interval of their mean over rounds (n = rounds ≥ 2). "Model requests" are the demo's
// model_calls: HTTP requests, one of which carries up to 32 echo prompts. Per phase: the demo's own
// wall seconds (demo.json), which show where cold and warm differ.
//   npx tsx bench/speed/demo-cold.ts [--rounds 3] [--sessions 12]
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { meanCi } from "../../src/stats/mean-ci.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const ROUNDS = flag("--rounds", 1);
const SESSIONS = flag("--sessions", 12);
const root = resolve(import.meta.dirname, "../..");
const TIME = "/usr/bin/time";
if (!existsSync(TIME)) throw new Error("needs GNU time at /usr/bin/time (apt-get install time)");

interface Run {
  wall: number;
  cpu: number;
  rssMb: number;
  modelCalls: number;
  cacheHits: number;
  load: number;
  phases: Record<string, number>;
}

function demo(home: string, extraEnv: Record<string, string>, cache?: string): Run {
  const out = mkdtempSync(join(tmpdir(), "fg-demo-out-"));
  const stats = join(out, "time.txt");
  const load = loadavg()[0];
  execFileSync(TIME, ["-f", "%e %U %S %M", "-o", stats, process.execPath, "bin/foolsgold.js", "demo", "--sessions", String(SESSIONS), "--out-dir", out, ...(cache ? ["--cache", cache] : [])], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, FOOLSGOLD_HOME: home, ...extraEnv },
  });
  const [wall, user, sys, maxKb] = readFileSync(stats, "utf8").trim().split(/\s+/).slice(-4).map(Number);
  const artifact = JSON.parse(readFileSync(join(out, "demo.json"), "utf8")) as { result: { model_calls: number; cache_hits: number; seconds: Record<string, number> } };
  rmSync(out, { recursive: true, force: true });
  const { model_calls: modelCalls, cache_hits: cacheHits, seconds: phases } = artifact.result;
  return { wall, cpu: user + sys, rssMb: maxKb / 1024, modelCalls, cacheHits, load, phases };
}

const labels = ["cold (shipped LM tables)", "cold, LM built on first use (old path)", "warm model, empty response cache", "warm (response cache full)"] as const;
const runs: Run[][] = labels.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  const home = mkdtempSync(join(tmpdir(), "fg-demo-home-"));
  const oldHome = mkdtempSync(join(tmpdir(), "fg-demo-home-old-"));
  const freshCache = join(mkdtempSync(join(tmpdir(), "fg-demo-cache-")), "cache.sqlite");
  runs[0].push(demo(home, {}));
  runs[1].push(demo(oldHome, { FOOLSGOLD_EMBEDDED_LM: "build" }));
  runs[2].push(demo(home, {}, freshCache));
  runs[3].push(demo(home, {}));
  for (const dir of [home, oldHome]) rmSync(dir, { recursive: true, force: true });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fig = (xs: number[], unit: string, digits = 1): string => `${median(xs).toFixed(digits)} ${unit}` + (xs.length > 1 ? ` [${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}]` : "");
const ratio = (a: number, b: number, key: "wall" | "cpu"): string => {
  const xs = runs[a].map((r, i) => r[key] / runs[b][i][key]);
  if (xs.length < 2) return fig(xs, "×", 2);
  const { mean, ci } = meanCi(xs);
  return `${fig(xs, "×", 2)}, mean ${mean.toFixed(2)}× (95% CI ${ci[0].toFixed(2)}–${ci[1].toFixed(2)}, n = ${xs.length})`;
};
const phaseNames = Object.keys(runs[0][0].phases).filter((p) => p !== "total");
const phases = (k: number): string => phaseNames.map((p) => `${p} ${median(runs[k].map((r) => r.phases[p])).toFixed(1)}`).join(", ");
const lines = [
  `foolsgold demo --sessions ${SESSIONS}, ${ROUNDS} round(s), ${availableParallelism()} cores; medians [min–max] over rounds; load average (1 min) at each start`,
  ...labels.map(
    (label, k) =>
      `  ${label}: wall ${fig(
        runs[k].map((r) => r.wall),
        "s",
      )}, CPU ${fig(
        runs[k].map((r) => r.cpu),
        "s",
      )}, peak RSS ${fig(
        runs[k].map((r) => r.rssMb),
        "MB",
        0,
      )}, ` + `${median(runs[k].map((r) => r.modelCalls))} model requests, ${median(runs[k].map((r) => r.cacheHits))} cache hits, load ${runs[k].map((r) => r.load.toFixed(1)).join(", ")}`,
  ),
  `  demo phases, wall s (median): cold: ${phases(0)}; warm: ${phases(3)}`,
  `  cold / warm: wall ${ratio(0, 3, "wall")}, CPU ${ratio(0, 3, "cpu")} (target ≤ 1.5×)`,
  `  cold / warm model with an empty response cache: wall ${ratio(0, 2, "wall")}, CPU ${ratio(0, 2, "cpu")}`,
  `  cold / cold with the LM built on first use: wall ${ratio(0, 1, "wall")}, CPU ${ratio(0, 1, "cpu")}`,
  `  peak RSS target ≤ 300 MB: cold ${median(runs[0].map((r) => r.rssMb)) <= 300 ? "met" : "not met"}, warm ${median(runs[3].map((r) => r.rssMb)) <= 300 ? "met" : "not met"}`,
];
process.stdout.write(lines.join("\n") + "\n");
