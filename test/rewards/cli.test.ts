// --reward end to end through real CLI processes: score (every adapter), audit, hunt and serve, with
// real rewards in their real shapes (a verl module, a TRL module, an OpenRLHF server process, a
// command, a YAML judge on the embedded LM).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli as cli } from "../helpers/run-cli.js";
import { startServeProcess } from "../helpers/serve-process.js";
import { startRewardServer, type RewardServer } from "../helpers/python-reward-server.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const ROWS = join(FIXTURES, "rows.jsonl");
const dir = mkdtempSync(join(tmpdir(), "fg-reward-cli-"));

function scored(path: string): { id: string; score: { value: number | null; error?: string } }[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

let server: RewardServer;
beforeAll(async () => {
  server = await startRewardServer();
}, 40_000);
afterAll(async () => server?.stop());

describe("foolsgold score --reward", () => {
  it("python: scores a verl dump (response, reward_model.ground_truth) with compute_score and says it is deterministic", async () => {
    const out = join(dir, "verl.jsonl");
    const run = await cli(["score", "--reward", `python:${join(FIXTURES, "verl_reward.py")}`, "--in", join(FIXTURES, "verl-dump.jsonl"), "--out", out]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(scored(out).map((r) => r.score.value)).toEqual([1.1, 0, 1]);
    // Each row is written back as it came (verl's response and reward_model kept), plus its score.
    expect(scored(out)[0]).toMatchObject({ response: "The answer is 5 because 2+3=5.", reward_model: { ground_truth: "5" } });
    expect(scored(out)[0]).not.toHaveProperty("output");
    expect(run.stdout).toMatch(/determinism: 3 rows scored again gave identical values/);
  }, 120_000);

  it("python-trl:, http:, cmd: and judge: each score the rows", async () => {
    const cases: [string, (rows: ReturnType<typeof scored>) => void][] = [
      [`python-trl:${join(FIXTURES, "trl_reward.py")}:reward_answer_length`, (rows) => expect(rows.map((r) => r.score.value)).toEqual([0.9, -0.24, 0.83, 0.97])],
      [`${server.url}/reward`, (rows) => expect(rows.map((r) => r.score.value)).toEqual([1, 0, 1, 1])],
      [`cmd:python3 ${join(FIXTURES, "cmd_reward.py")}`, (rows) => expect(rows.map((r) => r.score.value)).toEqual([1, 0, 1, 1])],
      [`judge:${join(FIXTURES, "judge.yaml")}`, (rows) => rows.forEach((r) => expect(r.score.value).toBeGreaterThan(0))],
    ];
    for (const [spec, check] of cases) {
      const out = join(dir, `${cases.findIndex((c) => c[0] === spec)}.jsonl`);
      const run = await cli(["score", "--reward", spec, "--in", ROWS, "--out", out, "--no-cache"]);
      expect(run.code, `${spec}: ${run.stderr}`).toBe(0);
      check(scored(out));
    }
  }, 240_000);

  it("exits 2 with one line naming a function that is not there, before any work", async () => {
    const out = join(dir, "none.jsonl");
    const run = await cli(["score", "--reward", `python:${join(FIXTURES, "verl_reward.py")}:compute_scores`, "--in", ROWS, "--out", out]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/verl_reward\.py:compute_scores: Python cannot load it: AttributeError: .*has no function 'compute_scores'/);
  }, 120_000);
});

describe("foolsgold audit and hunt --reward", () => {
  it("audit runs the transforms against an HTTP reward", async () => {
    const out = join(dir, "audit.json");
    const run = await cli(["audit", "--reward", `${server.url}/reward`, "--in", ROWS, "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(out, "utf8"));
    const truncation = report.result.stack_transforms.results.find((r: { transform: string }) => r.transform === "truncation");
    expect(truncation).toBeDefined();
    expect(truncation.n).toBe(4);
  }, 120_000);

  it("hunt finds the server's planted '!' bonus and shows the whole reply before and after", async () => {
    const out = join(dir, "hunt.json");
    const run = await cli(["hunt", "--reward", `${server.url}/reward`, "--in", ROWS, "--budget", "300", "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(out, "utf8"));
    expect(report.params.instrument.options.endpoint).toBe(`${server.url}/reward`);
    const best = report.result.findings[0];
    expect(best.mean).toBeGreaterThan(0);
    const bangs = (s: string) => (s.match(/!/g) ?? []).length;
    expect(bangs(best.sample.after)).toBeGreaterThan(bangs(best.sample.before));
  }, 180_000);
});

describe("foolsgold serve --reward", () => {
  it("serves a verl reward over OpenRLHF's /get_reward and /v1/score", async () => {
    const { child, url } = await startServeProcess(["--reward", `python:${join(FIXTURES, "verl_reward.py")}`, "--port", "0", "--journal", join(dir, "journal.sqlite")], 120_000);
    try {
      const body = { query: ["Q: 2+3? The answer is 5 because.", "Q: 4+4? The answer is 9."], prompts: ["Q: 2+3? ", "Q: 4+4? "], labels: ["5", "8"] };
      const openrlhf = await fetch(`${url}/get_reward`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(openrlhf.status).toBe(200);
      expect((await openrlhf.json()).rewards).toEqual([1.1, 0]);
      const score = await fetch(`${url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows: [{ id: "a", output: "the answer is 7", meta: { ground_truth: "7" } }] }) });
      expect(score.status, await score.clone().text()).toBe(200);
      expect((await score.json()).rows[0].score.value).toBe(1);
    } finally {
      child.kill();
    }
  }, 180_000);
});
