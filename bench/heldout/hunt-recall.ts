// Held-out battery (issue 35): the hunt's recall on planted rewards. For each planted reward
// (bench/heldout/planted) and each adapter — `python:FILE:compute_score` and the OpenRLHF-shaped
// `http://127.0.0.1:PORT/NAME` served by planted/server.py — runs
//   node bin/foolsgold.js hunt --reward SPEC --in ROWS.jsonl --budget 3000 --seed 0 --out OUT.json
// (contracts §2–3), keeps the findings whose ci[0] > 0, asks the reward's oracle which planted weaknesses
// each finding's sample.before → sample.after exploits, and prints recall = found / planted per adapter,
// the misses, and each hunt's wall time. Target: ≥ 7 of every 8 found, each hunt < 120 s.
//   npx tsx bench/heldout/hunt-recall.ts [--budget 3000] [--seed 0] [--rewards a,b] [--adapters python,http] [--json FILE] [--keep DIR] [--cli bin/foolsgold.js]
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";

const ROOT = resolve(import.meta.dirname, "../..");
const PLANTED = join(ROOT, "bench/heldout/planted");
const CLI = resolve(arg("--cli") ?? join(ROOT, "bin/foolsgold.js"));
const BUDGET = arg("--budget") ?? "3000";
const SEED = arg("--seed") ?? "0";
const ADAPTERS = (arg("--adapters") ?? "python,http").split(",") as ("python" | "http")[];
const TARGET_RECALL = 7 / 8;
const TARGET_SECONDS = 120;

interface Finding {
  family?: string;
  operator?: string;
  id?: string;
  mean?: number;
  ci?: [number, number];
  sample?: { id?: string; before?: string; after?: string; gain?: number };
}
interface Hunt {
  reward: string;
  adapter: string;
  spec: string;
  seconds: number;
  error?: string;
  findings: number;
  confirmed: number;
  found: Record<string, string[]>;
}

function fail(message: string): never {
  console.error(`hunt-recall: ${message}`);
  process.exit(2);
}

function python(args: string[], input?: string): string {
  const run = spawnSync("python3", args, { cwd: ROOT, encoding: "utf8", input, maxBuffer: 256 << 20 });
  if (run.error) fail(`python3 could not run: ${run.error.message}`);
  if (run.status !== 0) fail(`python3 ${args[0]} failed: ${run.stderr.trim().split("\n").pop()}`);
  return run.stdout;
}

/** Runs a command and returns its exit code, stderr and wall seconds. */
function timed(cmd: string, args: string[]): Promise<{ code: number; stderr: string; seconds: number }> {
  return new Promise((ok) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => ok({ code: code ?? 1, stderr, seconds: (performance.now() - t0) / 1000 }));
  });
}

function startServer(): Promise<{ port: number; stop: () => void }> {
  const server = spawn("python3", [join(PLANTED, "server.py"), "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, reject) => {
    server.stdout.on("data", (d: Buffer) => {
      const m = /listening (\d+)/.exec(d.toString());
      if (m) ok({ port: Number(m[1]), stop: () => server.kill() });
    });
    server.on("exit", (code) => reject(new Error(`planted/server.py exited with ${code}`)));
  });
}

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const help = spawnSync(process.execPath, [CLI, "hunt", "--help"], { cwd: ROOT, encoding: "utf8" });
if (!/--reward\b/.test(help.stdout + help.stderr)) {
  fail("`foolsgold hunt` has no --reward option on this checkout (contracts §2: --reward python:FILE:FUNCTION | http://…); nothing to measure yet");
}

const planted = JSON.parse(python(["-c", `import sys, json; sys.path.insert(0, ${JSON.stringify(PLANTED)}); import planted; print(json.dumps(planted.REWARDS))`])) as Record<string, string[]>;
const only = arg("--rewards")?.split(",");
const rewards = Object.keys(planted).filter((r) => !only || only.includes(r));
const keep = arg("--keep");
const dir = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), "hunt-recall-"));
mkdirSync(dir, { recursive: true });
python([join(PLANTED, "rows.py"), dir]);
const server = await startServer();
const hunts: Hunt[] = [];
const load: number[] = [];
try {
  for (const reward of rewards) {
    const rowsFile = join(dir, `${reward}.jsonl`);
    const rows = new Map(
      readFileSync(rowsFile, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { id: string; ground_truth: string })
        .map((r) => [r.id, r]),
    );
    for (const adapter of ADAPTERS) {
      const spec = adapter === "python" ? `python:${join(PLANTED, "rewards", `${reward}.py`)}:compute_score` : `http://127.0.0.1:${server.port}/${reward}`;
      const out = join(dir, `${reward}.${adapter}.hunt.json`);
      rmSync(out, { force: true });
      load.push(loadavg()[0]);
      const run = await timed(process.execPath, [CLI, "hunt", "--reward", spec, "--in", rowsFile, "--budget", BUDGET, "--seed", SEED, "--out", out]);
      const hunt: Hunt = { reward, adapter, spec, seconds: run.seconds, findings: 0, confirmed: 0, found: {} };
      hunts.push(hunt);
      if (run.code !== 0 || !existsSync(out)) {
        hunt.error = `exit ${run.code}: ${run.stderr.trim().split("\n").pop() ?? ""}`;
        console.error(`${reward} / ${adapter}: ${hunt.error}`);
        continue;
      }
      // The hunt writes a foolsgold artifact: { kind: "hunt", params, result: { findings, … } }.
      const artifact = JSON.parse(readFileSync(out, "utf8")) as { findings?: Finding[]; result?: { findings?: Finding[] } };
      const report = artifact.result ?? artifact;
      if (!Array.isArray(report.findings)) {
        hunt.error = "the hunt's --out report has no findings[] (contracts §3)";
        continue;
      }
      hunt.findings = report.findings.length;
      const confirmed = report.findings.filter((f) => Array.isArray(f.ci) && f.ci[0] > 0 && typeof f.sample?.before === "string" && typeof f.sample?.after === "string");
      hunt.confirmed = confirmed.length;
      const items = confirmed.map((f) => ({ reward, before: f.sample!.before, after: f.sample!.after, ground_truth: rows.get(f.sample!.id ?? "")?.ground_truth ?? "" }));
      const judged = JSON.parse(python([join(PLANTED, "oracles.py"), writeItems(items)])) as string[][];
      judged.forEach((names, i) => {
        for (const name of names) (hunt.found[name] ??= []).push(`${confirmed[i].family ?? "?"}/${confirmed[i].operator ?? confirmed[i].id ?? "?"}`);
      });
      console.error(`${reward} / ${adapter}: ${run.seconds.toFixed(0)} s, ${hunt.confirmed} confirmed findings, found ${Object.keys(hunt.found).join(", ") || "nothing"}`);
    }
  }
} finally {
  server.stop();
  if (!keep) rmSync(dir, { recursive: true, force: true });
}

function writeItems(items: unknown[]): string {
  const file = join(dir, "oracle-items.json");
  writeFileSync(file, JSON.stringify(items));
  return file;
}

console.log(`# Hunt recall on planted rewards (budget ${BUDGET}, seed ${SEED}); findings with ci[0] > 0, judged by each reward's oracle\n`);
let allMet = true;
for (const adapter of ADAPTERS) {
  const mine = hunts.filter((h) => h.adapter === adapter);
  let found = 0;
  let total = 0;
  const misses: string[] = [];
  console.log(`## adapter: ${adapter}`);
  console.log("| reward | planted | found | missed | confirmed findings | wall s |");
  console.log("|---|---|---|---|---|---|");
  for (const h of mine) {
    const want = planted[h.reward];
    const got = want.filter((w) => h.found[w]);
    const missed = want.filter((w) => !h.found[w]);
    found += got.length;
    total += want.length;
    misses.push(...missed.map((w) => `${h.reward}/${w}`));
    console.log(`| ${h.reward} | ${want.length} | ${got.join(", ") || "—"} | ${missed.join(", ") || "—"}${h.error ? ` (${h.error})` : ""} | ${h.confirmed} of ${h.findings} | ${h.seconds.toFixed(1)} |`);
  }
  const recall = total > 0 ? found / total : 0;
  const slow = mine.filter((h) => h.seconds >= TARGET_SECONDS);
  const met = recall >= TARGET_RECALL && slow.length === 0 && mine.every((h) => !h.error);
  allMet &&= met;
  console.log(`\nrecall ${found}/${total} = ${(100 * recall).toFixed(0)}% (target ≥ ${(100 * TARGET_RECALL).toFixed(1)}%); hunts ≥ ${TARGET_SECONDS} s: ${slow.length}; ${met ? "MET" : "NOT MET"}`);
  console.log(`misses: ${misses.join("; ") || "none"}\n`);
}
console.log(`load (1-min) at each hunt's start: ${load.map((x) => x.toFixed(1)).join(" ")}`);
const json = arg("--json");
if (json) writeFileSync(json, JSON.stringify({ budget: Number(BUDGET), seed: SEED, planted, hunts, load }, null, 1) + "\n");
process.exitCode = allMet ? 0 : 1;
