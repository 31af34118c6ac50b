// Benchmark: the README's command from a checkout, `node bin/foolsgold.js demo` (cold: a fresh
// $FOOLSGOLD_HOME each run) and `node bin/foolsgold.js --version`, of two checkouts in turns: a baseline
// (e.g. main's, whose bin runs src/ through tsx) and this one (whose bin runs dist/ while its build stamp
// matches src/; scripts/build-stamp.mjs). Each run is a child under /usr/bin/time (wall, user + system
// CPU, peak RSS); the order is swapped every round so load that comes and goes hits both alike. Prints
// the median [min–max] per checkout, the paired candidate / baseline ratios (geometric mean, 95%
// t-interval, n = rounds), the load at each start, and which code each checkout's bin runs.
//   npm run build && npx tsx bench/speed/demo-checkout.ts --baseline /path/to/main/checkout [--rounds 3] [--versions 10] [--sessions 12]
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildIsFresh } from "../../scripts/build-stamp.mjs";
import { pairedRatio } from "../helpers/paired-ratio.js";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ROUNDS = Number(option("--rounds") ?? 3);
const VERSIONS = Number(option("--versions") ?? 10);
const SESSIONS = Number(option("--sessions") ?? 12);
const baselineOption = option("--baseline");
const candidate = resolve(option("--candidate") ?? join(import.meta.dirname, "../.."));
const TIME = "/usr/bin/time";
if (!baselineOption) throw new Error("--baseline: the root of the checkout to compare against (its bin/, src/ and node_modules/)");
const baseline = resolve(baselineOption);
for (const root of [baseline, candidate]) if (!existsSync(join(root, "bin", "foolsgold.js"))) throw new Error(`${root}: no bin/foolsgold.js`);
if (!existsSync(TIME)) throw new Error("needs GNU time at /usr/bin/time (apt-get install time)");
if (!(ROUNDS >= 2) || !(VERSIONS >= 2)) throw new Error("--rounds and --versions: at least 2 each, for an interval");

interface Run {
  wall: number;
  cpu: number;
  rssMb: number;
  load: number;
}

function timed(root: string, cliArgs: string[], env: Record<string, string> = {}): Run {
  const dir = mkdtempSync(join(tmpdir(), "fg-checkout-"));
  const stats = join(dir, "time.txt");
  const load = loadavg()[0];
  try {
    execFileSync(TIME, ["-f", "%e %U %S %M", "-o", stats, process.execPath, "bin/foolsgold.js", ...cliArgs.map((a) => a.replace("$OUT", dir))], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, FOOLSGOLD_HOME: join(dir, "home"), ...env },
    });
    const [wall, user, sys, maxKb] = readFileSync(stats, "utf8").trim().split(/\s+/).slice(-4).map(Number);
    return { wall, cpu: user + sys, rssMb: maxKb / 1024, load };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Runs = { baseline: Run[]; candidate: Run[] };
function inTurns(times: number, cliArgs: string[]): Runs {
  const runs: Runs = { baseline: [], candidate: [] };
  for (let round = 0; round < times; round++) {
    const order = round % 2 === 0 ? (["baseline", "candidate"] as const) : (["candidate", "baseline"] as const);
    for (const which of order) runs[which].push(timed(which === "baseline" ? baseline : candidate, cliArgs));
  }
  return runs;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fig = (xs: number[], unit: string, digits = 1): string => `${median(xs).toFixed(digits)} ${unit} [${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}]`;
const ratio = (runs: Runs, key: keyof Omit<Run, "load">): string => {
  const r = pairedRatio(
    runs.candidate.map((x) => x[key]),
    runs.baseline.map((x) => x[key]),
  );
  return `${r.ratio.toFixed(3)}× (95% CI ${r.ci[0].toFixed(3)}–${r.ci[1].toFixed(3)}, n = ${r.n})`;
};
const report = (title: string, runs: Runs, digits: number): string[] => [
  title,
  ...(["baseline", "candidate"] as const).map(
    (which) =>
      `  ${which}: wall ${fig(
        runs[which].map((r) => r.wall),
        "s",
        digits,
      )}, CPU ${fig(
        runs[which].map((r) => r.cpu),
        "s",
        digits,
      )}, ` +
      `peak RSS ${fig(
        runs[which].map((r) => r.rssMb),
        "MB",
        0,
      )}, load ${runs[which].map((r) => r.load.toFixed(1)).join(", ")}`,
  ),
  `  candidate / baseline: CPU ${ratio(runs, "cpu")}, wall ${ratio(runs, "wall")}, peak RSS ${ratio(runs, "rssMb")}`,
];

const runsCode = (root: string): string =>
  !existsSync(join(root, "src", "cli", "index.ts")) ? "dist/ (no src/)" : existsSync(join(root, "scripts", "build-stamp.mjs")) && buildIsFresh(root) ? "dist/ (stamp matches src/)" : "src/ through tsx";
timed(candidate, ["--version"]); // the file cache
timed(baseline, ["--version"]);
const versions = inTurns(VERSIONS, ["--version"]);
const demos = inTurns(ROUNDS, ["demo", "--sessions", String(SESSIONS), "--out-dir", "$OUT"]);
const lines = [
  `from a checkout, ${availableParallelism()} cores; medians [min–max]; load average (1 min) at each start`,
  `  baseline ${baseline}: bin runs ${runsCode(baseline)}; candidate ${candidate}: bin runs ${runsCode(candidate)}`,
  ...report(`node bin/foolsgold.js --version, ${VERSIONS} runs each in turns`, versions, 2),
  ...report(`node bin/foolsgold.js demo --sessions ${SESSIONS}, cold (fresh home), ${ROUNDS} runs each in turns`, demos, 1),
  `  peak RSS ≤ 300 MB in every cold demo: baseline ${demos.baseline.every((r) => r.rssMb <= 300) ? "yes" : "no"}, candidate ${demos.candidate.every((r) => r.rssMb <= 300) ? "yes" : "no"}`,
];
process.stdout.write(lines.join("\n") + "\n");
