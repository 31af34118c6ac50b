// `foolsgold score` re-runs itself with V8 flags (bin/node-flags.js): the flags reach the process that
// scores, and what a user sees of the command (stdout, stderr, exit code, a signal, the scored file)
// is what the command prints and does when run in the first process (FOOLSGOLD_NODE_FLAGS= turns the
// re-run off).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_BYTES_PER_THREAD, NODE_FLAGS_ENV, SCORE_NODE_FLAGS, asksForThreads, nodeFlagsFor } from "../../bin/node-flags.js";
import { MIN_BYTES_PER_THREAD as PARALLEL_MIN_BYTES } from "../../src/stacks/parallel.js";
import { toJsonl } from "../../src/core/jsonl.js";
import { BIN } from "../helpers/serve-process.js";

const dir = mkdtempSync(join(tmpdir(), "fg-node-flags-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = Array.from({ length: 6 }, (_, i) => ({ id: `r${i}`, prompt: "Write a short scene.", output: `The rain fell on the old town ${i} times. She did not look back, and he said nothing at all.` }));
const bank = join(dir, "bank.jsonl");
writeFileSync(bank, toJsonl(rows));
const { [NODE_FLAGS_ENV]: _unset, ...baseEnv } = process.env;
const env = (flags?: string): NodeJS.ProcessEnv => ({ ...baseEnv, FOOLSGOLD_PROGRESS: "off", ...(flags === undefined ? {} : { [NODE_FLAGS_ENV]: flags }) });
// The summary's last line holds the scoring time, which differs from run to run.
const steady = (stdout: string): string => stdout.replace(/^[\d.]+ s \([\d.]+ rows\/s\)/m, "T s");

describe("nodeFlagsFor", () => {
  const machine = { cores: 2, sizeOf: (path: string) => (path === "big.jsonl" ? 2 * MIN_BYTES_PER_THREAD : 1000) };
  it("gives a score on several threads its flags, and nothing to one thread, other commands, a process started with Node flags", () => {
    expect(nodeFlagsFor(["score", "--stack", "prose", "--workers", "2"], {}, [], machine)).toEqual([...SCORE_NODE_FLAGS]);
    expect(nodeFlagsFor(["score", "--workers=3"], {}, [], machine)).toEqual([...SCORE_NODE_FLAGS]);
    expect(nodeFlagsFor(["--json", "score", "--in", "big.jsonl"], {}, [], machine)).toEqual([...SCORE_NODE_FLAGS]);
    expect(nodeFlagsFor(["score", "--in", "big.jsonl"], {}, [], { ...machine, cores: 1 })).toEqual([]);
    expect(nodeFlagsFor(["score", "--in", "small.jsonl"], {}, [], machine)).toEqual([]);
    expect(nodeFlagsFor(["score", "--in", "big.jsonl", "--workers", "1"], {}, [], machine)).toEqual([]);
    expect(nodeFlagsFor(["serve", "--stack", "prose", "--workers", "2"], {}, [], machine)).toEqual([]);
    expect(nodeFlagsFor(["--version"], {}, [], machine)).toEqual([]);
    expect(nodeFlagsFor(["score", "--workers", "2"], {}, [...SCORE_NODE_FLAGS], machine)).toEqual([]);
    expect(nodeFlagsFor(["score", "--workers", "2"], {}, ["--cpu-prof"], machine)).toEqual([]);
  });

  it("takes FOOLSGOLD_NODE_FLAGS instead, for any score; empty turns the re-run off", () => {
    expect(nodeFlagsFor(["score", "--workers", "2"], { [NODE_FLAGS_ENV]: "" }, [], machine)).toEqual([]);
    expect(nodeFlagsFor(["score", "--workers", "1"], { [NODE_FLAGS_ENV]: " --v8-pool-size=1  --max-semi-space-size=16 " }, [], machine)).toEqual(["--v8-pool-size=1", "--max-semi-space-size=16"]);
  });

  it("splits a bank as score does: the same bytes per thread", () => {
    expect(MIN_BYTES_PER_THREAD).toBe(PARALLEL_MIN_BYTES);
    expect(asksForThreads(["score", "--in", "x"], 2, () => 2 * PARALLEL_MIN_BYTES)).toBe(true);
    expect(asksForThreads(["score", "--in", "x"], 2, () => 2 * PARALLEL_MIN_BYTES - 1)).toBe(false);
  });
});

describe("foolsgold score re-run with its flags", () => {
  const score = (out: string, flags?: string, stack = "prose") =>
    spawnSync(process.execPath, [BIN, "score", "--stack", stack, "--in", bank, "--out", out, "--workers", "2"], { encoding: "utf8", env: env(flags), timeout: 90_000 });
  // The command run in the first process (no re-run): what every re-run must match.
  let here: ReturnType<typeof score>;
  let scoredHere: string;
  beforeAll(() => {
    here = score(join(dir, "here.jsonl"), "");
    scoredHere = readFileSync(join(dir, "here.jsonl"), "utf8");
  }, 120_000);

  it("prints, writes and exits as the command does in one process", () => {
    const rerun = score(join(dir, "rerun.jsonl"));
    expect(here.status).toBe(0);
    expect(rerun.status).toBe(0);
    expect(steady(rerun.stdout)).toBe(steady(here.stdout));
    expect(rerun.stdout).toMatch(/6\/6 rows scored/);
    expect(rerun.stderr).toBe(here.stderr);
    expect(readFileSync(join(dir, "rerun.jsonl"), "utf8")).toBe(scoredHere);

    const bad = score(join(dir, "bad.jsonl"), undefined, "nope");
    const badHere = score(join(dir, "bad-here.jsonl"), "", "nope");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(badHere.stderr);
    expect(bad.stderr).toMatch(/^foolsgold: stack: unknown stack "nope"/);
    expect(bad.stdout).toBe("");
  }, 120_000);

  // Linux: the scoring process is found through /proc while it waits to read its input from a FIFO.
  const linux = process.platform === "linux" && existsSync("/proc/self/task");
  const children = (pid: number): number[] => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const cmdline = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  async function waitingScore(out: string, flags?: string) {
    const fifo = join(dir, `in-${Math.random().toString(36).slice(2)}.jsonl`);
    execFileSync("mkfifo", [fifo]);
    const proc = spawn(process.execPath, [BIN, "score", "--stack", "prose", "--in", fifo, "--out", out, "--workers", "2"], { env: env(flags), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    proc.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on("exit", (code, signal) => resolve({ code, signal })));
    let scorer: number | undefined;
    for (let waited = 0; scorer === undefined && waited < 60_000; waited += 50) {
      scorer = children(proc.pid!).find((pid) => cmdline(pid).includes(BIN));
      if (scorer === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    if (scorer === undefined) throw new Error(`no scoring process under ${proc.pid}: ${stderr}`);
    return { fifo, proc, scorer, exited, output: () => ({ stdout, stderr }) };
  }

  it.skipIf(!linux)("runs a score on two threads with the flags, and it scores the input as one process does", async () => {
    const run = await waitingScore(join(dir, "fifo.jsonl"));
    expect(cmdline(run.scorer)).toEqual([process.execPath, ...SCORE_NODE_FLAGS, BIN, "score", "--stack", "prose", "--in", run.fifo, "--out", join(dir, "fifo.jsonl"), "--workers", "2"]);
    writeFileSync(run.fifo, toJsonl(rows));
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(steady(run.output().stdout)).toBe(steady(here.stdout));
    expect(readFileSync(join(dir, "fifo.jsonl"), "utf8")).toBe(scoredHere);
  }, 120_000);

  it.skipIf(!linux)("passes a signal on: the scoring process ends by it, and so does the command", async () => {
    const run = await waitingScore(join(dir, "signal.jsonl"));
    run.proc.kill("SIGTERM");
    expect(await run.exited).toEqual({ code: null, signal: "SIGTERM" });
    for (let waited = 0; alive(run.scorer) && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(alive(run.scorer)).toBe(false);
    rmSync(run.fifo);
  }, 120_000);

  it.skipIf(!linux)("with FOOLSGOLD_NODE_FLAGS set, runs with those flags instead", async () => {
    const run = await waitingScore(join(dir, "custom.jsonl"), "--max-semi-space-size=16");
    expect(cmdline(run.scorer).slice(0, 3)).toEqual([process.execPath, "--max-semi-space-size=16", BIN]);
    writeFileSync(run.fifo, toJsonl(rows));
    expect((await run.exited).code).toBe(0);
    expect(readFileSync(join(dir, "custom.jsonl"), "utf8")).toBe(scoredHere);
  }, 120_000);
});
