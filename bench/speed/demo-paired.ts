// Benchmark: a cold `foolsgold demo` of two builds in turns (a baseline dist/, e.g. main's, and this
// checkout's dist/), each round in fresh $FOOLSGOLD_HOMEs, the order swapped every round so load that
// comes and goes hits both alike. Each run is a child under /usr/bin/time (wall, user + system CPU,
// peak RSS) running the compiled CLI with plain Node, as an installed package does. Prints per build
// the median [min–max] of each figure, the paired candidate / baseline ratios (geometric mean, 95%
// t-interval, n = rounds), the load at each start, and whether the two builds' seven artifacts are equal
// apart from timings, dates, peak memory and request counts (the scores must be the same bits).
// --warm runs each build a second time in the same home right after its cold run (the response cache
// full: what a user's second demo costs), and adds the warm figures, their paired ratios and each
// build's cold ÷ warm (geometric mean over rounds, 95% t-interval).
//   npm run build && npx tsx bench/speed/demo-paired.ts --baseline /path/to/main/dist (a dist/ beside its node_modules) [--rounds 3] [--sessions 12] [--warm]
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pairedRatio } from "../helpers/paired-ratio.js";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ROUNDS = Number(option("--rounds") ?? 3);
const SESSIONS = Number(option("--sessions") ?? 12);
const baseline = option("--baseline");
const candidate = resolve(option("--candidate") ?? join(import.meta.dirname, "..", "..", "dist"));
const WARM = args.includes("--warm");
const TIME = "/usr/bin/time";
if (!baseline) throw new Error("--baseline: the dist/ folder of the build to compare against (e.g. main's)");
for (const dist of [baseline, candidate]) if (!existsSync(join(dist, "cli", "index.js"))) throw new Error(`${dist}: no cli/index.js (run npm run build)`);
if (!existsSync(TIME)) throw new Error("needs GNU time at /usr/bin/time (apt-get install time)");
if (!(ROUNDS >= 2)) throw new Error("--rounds: at least 2 for an interval");

const RUN_CLI = "const { main } = await import(process.argv[1]); process.exitCode = await main(['node', 'foolsgold', ...process.argv.slice(2)]);";
const ARTIFACTS = ["bank.jsonl", "scored.jsonl", "training-log.jsonl", "demo.json", "certify.json", "onset.json", "hunt.json"];
/** Fields that differ between any two runs of the same code: timings, the artifact's date, peak memory, request counts. */
const RUN_FIELDS = new Set(["seconds", "created_at", "peak_rss_mb", "model_calls", "cache_hits"]);

interface Run {
  wall: number;
  cpu: number;
  rssMb: number;
  load: number;
  artifacts: string;
}

const withoutRunFields = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutRunFields)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !RUN_FIELDS.has(k))
            .map(([k, x]) => [k, withoutRunFields(x)]),
        )
      : v;

function demoIn(dist: string, home: string): Run {
  const out = mkdtempSync(join(tmpdir(), "fg-paired-out-"));
  const stats = join(out, "time.txt");
  const load = loadavg()[0];
  execFileSync(TIME, ["-f", "%e %U %S %M", "-o", stats, process.execPath, "--input-type=module", "-e", RUN_CLI, join(dist, "cli", "index.js"), "demo", "--sessions", String(SESSIONS), "--out-dir", out], {
    stdio: "ignore",
    env: { ...process.env, FOOLSGOLD_HOME: home },
  });
  const [wall, user, sys, maxKb] = readFileSync(stats, "utf8").trim().split(/\s+/).slice(-4).map(Number);
  const artifacts = ARTIFACTS.map((name) => {
    const text = readFileSync(join(out, name), "utf8");
    const value = name.endsWith(".jsonl")
      ? text
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as unknown)
      : JSON.parse(text);
    return JSON.stringify(withoutRunFields(value));
  }).join("\n");
  rmSync(out, { recursive: true, force: true });
  return { wall, cpu: user + sys, rssMb: maxKb / 1024, load, artifacts };
}

/** A cold demo in a fresh home, and with --warm a second one in the same home. */
function demos(dist: string): { cold: Run; warm?: Run } {
  const home = mkdtempSync(join(tmpdir(), "fg-paired-home-"));
  try {
    const cold = demoIn(dist, home);
    return WARM ? { cold, warm: demoIn(dist, home) } : { cold };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const runs: { baseline: Run[]; candidate: Run[] } = { baseline: [], candidate: [] };
const warmRuns: { baseline: Run[]; candidate: Run[] } = { baseline: [], candidate: [] };
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? (["baseline", "candidate"] as const) : (["candidate", "baseline"] as const);
  for (const which of order) {
    const { cold, warm } = demos(which === "baseline" ? baseline : candidate);
    runs[which].push(cold);
    if (warm) warmRuns[which].push(warm);
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fig = (xs: number[], unit: string, digits = 1): string => `${median(xs).toFixed(digits)} ${unit} [${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}]`;
const shown = (a: number[], b: number[]): string => {
  const r = pairedRatio(a, b);
  return `${r.ratio.toFixed(3)}× (95% CI ${r.ci[0].toFixed(3)}–${r.ci[1].toFixed(3)}, n = ${r.n})`;
};
const ratio = (key: "wall" | "cpu" | "rssMb", set = runs): string =>
  shown(
    set.candidate.map((x) => x[key]),
    set.baseline.map((x) => x[key]),
  );
const allRuns = [...runs.baseline, ...runs.candidate, ...warmRuns.baseline, ...warmRuns.candidate];
const same = allRuns.every((r) => r.artifacts === runs.baseline[0].artifacts);
const lines = [
  `cold foolsgold demo --sessions ${SESSIONS} (fresh home each run, compiled CLI), ${ROUNDS} rounds in turns, ${availableParallelism()} cores; medians [min–max]`,
  ...(["baseline", "candidate"] as const).map(
    (which) =>
      `  ${which} (${which === "baseline" ? baseline : candidate}): wall ${fig(
        runs[which].map((r) => r.wall),
        "s",
      )}, CPU ${fig(
        runs[which].map((r) => r.cpu),
        "s",
      )}, ` +
      `peak RSS ${fig(
        runs[which].map((r) => r.rssMb),
        "MB",
        0,
      )}, load ${runs[which].map((r) => r.load.toFixed(1)).join(", ")}`,
  ),
  `  candidate / baseline: CPU ${ratio("cpu")}, wall ${ratio("wall")}, peak RSS ${ratio("rssMb")}`,
  `  peak RSS ≤ 300 MB in every cold run: baseline ${runs.baseline.every((r) => r.rssMb <= 300) ? "yes" : "no"}, candidate ${runs.candidate.every((r) => r.rssMb <= 300) ? "yes" : "no"}`,
  ...(WARM
    ? [
        `warm foolsgold demo (the same home right after its cold run, response cache full)`,
        ...(["baseline", "candidate"] as const).map(
          (which) =>
            `  ${which}: wall ${fig(
              warmRuns[which].map((r) => r.wall),
              "s",
            )}, CPU ${fig(
              warmRuns[which].map((r) => r.cpu),
              "s",
            )}, peak RSS ${fig(
              warmRuns[which].map((r) => r.rssMb),
              "MB",
              0,
            )}, load ${warmRuns[which].map((r) => r.load.toFixed(1)).join(", ")}`,
        ),
        `  candidate / baseline: CPU ${ratio("cpu", warmRuns)}, wall ${ratio("wall", warmRuns)}, peak RSS ${ratio("rssMb", warmRuns)}`,
        ...(["baseline", "candidate"] as const).map(
          (which) =>
            `  cold ÷ warm, ${which}: CPU ${shown(
              runs[which].map((r) => r.cpu),
              warmRuns[which].map((r) => r.cpu),
            )}, wall ${shown(
              runs[which].map((r) => r.wall),
              warmRuns[which].map((r) => r.wall),
            )}`,
        ),
      ]
    : []),
  `  artifacts (all seven, apart from timings, dates, peak memory and request counts): ${same ? `equal in every run of both builds${WARM ? ", cold and warm" : ""}` : "DIFFER"}`,
];
process.stdout.write(lines.join("\n") + "\n");
if (!same) process.exitCode = 1;
