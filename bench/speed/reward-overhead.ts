// Benchmark of external rewards (--reward): foolsgold's own overhead per reward call, and the wall time
// of a hunt of 3,000 reward calls over 40 real replies against a Python function and a local HTTP reward
// (bench/speed/rewards/lexical_reward.py, in verl's shape and behind OpenRLHF's body).
//   npx tsx bench/speed/reward-overhead.ts [calls=1000] [huntBudget=3000 (0: no hunts)] [rows=40]
// Overhead: sequential calls of one row each to a reward that does nothing (Python: `noop` returns 0.0;
// HTTP: an in-process fetch answers at once, so only foolsgold's side is timed), in blocks of 50 calls;
// the mean per call with the t 95% interval over the blocks. Hunts: the CLI as a user runs it, one child
// process per adapter, timed from start to exit. Prints JSON with n and the 1-minute load average.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { BankRow } from "../../src/core/types.js";
import { blackBoxScorer } from "../../src/stacks/rewards/black-box.js";
import { httpBackend } from "../../src/stacks/rewards/http.js";
import { loadRewardStack, type RewardScorer } from "../../src/stacks/rewards/index.js";
import { meanCi } from "../../src/stats/mean-ci.js";

const calls = Number(process.argv[2] ?? 1000);
const huntBudget = Number(process.argv[3] ?? 3000);
const nRows = Number(process.argv[4] ?? 40);
const BLOCK = 50;
const REWARD = resolve(import.meta.dirname, "rewards/lexical_reward.py");
const BIN = resolve(import.meta.dirname, "../../bin/foolsgold.js");
const data = resolve(process.env.FOOLSGOLD_SHARED_DATA ?? resolve(import.meta.dirname, "../../../shared/data"));
const rows: BankRow[] = readFileSync(resolve(data, "model_prose/hanna_model_stories.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .slice(0, nRows)
  .map((l, i) => {
    const r = JSON.parse(l) as { prompt: string; text: string };
    return { id: `h${i}`, prompt: r.prompt, output: r.text.trim() };
  });

type PerCall = { mean_ms: number; ci95_ms: [number, number]; calls: number; blocks: number };

function summary(blocks: number[]): PerCall {
  const m = meanCi(blocks);
  return { mean_ms: +m.mean.toFixed(4), ci95_ms: [+m.ci[0].toFixed(4), +m.ci[1].toFixed(4)], calls: blocks.length * BLOCK, blocks: blocks.length };
}

/** Ms per call of `call(i)` run sequentially, one figure per block of BLOCK calls, after a warm-up. */
async function timedBlocks(call: (i: number) => Promise<void>, blockCount = calls / BLOCK): Promise<number[]> {
  for (let i = 0; i < 20; i++) await call(i);
  const blocks: number[] = [];
  for (let b = 0; b < blockCount; b++) {
    const t = performance.now();
    for (let i = 0; i < BLOCK; i++) await call(b * BLOCK + i);
    blocks.push((performance.now() - t) / BLOCK);
  }
  return blocks;
}

async function perCall(scorer: RewardScorer, blockCount?: number): Promise<number[]> {
  return timedBlocks(async (i) => {
    const [score] = await scorer.scoreRows([rows[i % rows.length]]);
    if (score.value === null) throw new Error(`benchmark reward failed: ${score.error}`);
  }, blockCount);
}

async function pythonOverhead() {
  const definition = await loadRewardStack(`python:${REWARD}:noop`);
  const scorer = (await definition.create(definition.options.parse({ workers: 1 }), {})) as RewardScorer;
  try {
    return summary(await perCall(scorer));
  } finally {
    await scorer.close();
  }
}

async function httpOverhead() {
  // An answer with as many rewards as queries, made in-process: what is timed is foolsgold's side only.
  const fetchNow: typeof fetch = async (_url, init) => {
    const n = (JSON.parse(String(init?.body)) as { query: unknown[] }).query.length;
    return new Response(JSON.stringify({ rewards: new Array(n).fill(0) }), { status: 200, headers: { "content-type": "application/json" } });
  };
  const backend = httpBackend({ url: "http://127.0.0.1:9/reward", batchSize: 64, concurrency: 1, timeoutMs: 60_000, maxRetries: 0, fetch: fetchNow });
  const scorer = blackBoxScorer({ stack: "bench", options: {} }, backend);
  // The same fake answer made and read without foolsgold is the baseline, its blocks interleaved with
  // foolsgold's so that both see the same load.
  const through: number[] = [];
  const alone: number[] = [];
  for (let b = 0; b < calls / BLOCK; b++) {
    through.push(...(await perCall(scorer, 1)));
    alone.push(
      ...(await timedBlocks(async (i) => {
        const answer = await fetchNow("", { body: JSON.stringify({ query: [rows[i % rows.length].output] }) });
        JSON.parse(await answer.text());
      }, 1)),
    );
  }
  return { through_foolsgold: summary(through), fake_server_alone: summary(alone), foolsgold_own: summary(through.map((t, i) => t - alone[i])) };
}

function timedCli(args: string[]): Promise<{ wall_s: number; code: number | null; stderr: string }> {
  const t = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    child.on("close", (code) => done({ wall_s: +((performance.now() - t) / 1000).toFixed(1), code, stderr }));
  });
}

function startHttpReward(): Promise<{ url: string; stop: () => void }> {
  const child = spawn("python3", [REWARD, "serve", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((done, fail) => {
    child.stdout.on("data", (c: Buffer) => {
      const m = /listening on (\d+)/.exec(c.toString());
      if (m) done({ url: `http://127.0.0.1:${m[1]}/reward`, stop: () => child.kill() });
    });
    child.once("exit", (code) => fail(new Error(`reward server exited (${code})`)));
  });
}

async function hunt(spec: string, dir: string, name: string) {
  const out = join(dir, `${name}.json`);
  const run = await timedCli(["hunt", "--reward", spec, "--in", join(dir, "rows.jsonl"), "--budget", String(huntBudget), "--out", out, "--no-cache"]);
  if (run.code !== 0) throw new Error(`hunt ${spec} exited ${run.code}: ${run.stderr}`);
  const report = JSON.parse(readFileSync(out, "utf8")).result as { spent: number; classes: { class: string; mean: number }[] };
  return { wall_s: run.wall_s, reward_calls: report.spent, classes: report.classes.slice(0, 5).map((c) => `${c.class} +${c.mean.toFixed(3)}`) };
}

const dir = mkdtempSync(join(tmpdir(), "fg-reward-bench-"));
writeFileSync(join(dir, "rows.jsonl"), rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
const load = [loadavg()[0]];
const python = await pythonOverhead();
const http = await httpOverhead();
load.push(loadavg()[0]);
let hunts;
if (huntBudget > 0) {
  const server = await startHttpReward();
  try {
    hunts = {
      python: await hunt(`python:${REWARD}`, dir, "python"),
      http: await hunt(server.url, dir, "http"),
    };
  } finally {
    server.stop();
  }
}
load.push(loadavg()[0]);
console.log(
  JSON.stringify(
    {
      overhead_per_call: { python_noop_one_row: python, http_in_process_one_row: http },
      hunts: { rows: rows.length, budget: huntBudget, runs_per_adapter: 1, ...hunts },
      load_average_1m: load.map((l) => +l.toFixed(1)),
      cores: (await import("node:os")).availableParallelism(),
    },
    null,
    1,
  ),
);
