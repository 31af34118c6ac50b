// Every external-reward adapter through every command that takes --reward (issue 35): for a verl module,
// a TRL module, an OpenRLHF-shaped server process, a command and a YAML judge on the embedded LM, the
// real CLI's `audit` runs its transforms, `hunt` searches and reports the whole replies, and `serve`
// answers /v1/score with exactly the values `score` wrote. certify's path for each is in
// test/certify/certify-bank.test.ts.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli as cli } from "../helpers/run-cli.js";
import { startServeProcess } from "../helpers/serve-process.js";
import { startRewardServer, type RewardServer } from "../helpers/python-reward-server.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const ROWS = join(FIXTURES, "rows.jsonl");
const rows = readFileSync(ROWS, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Record<string, unknown>);
const dir = mkdtempSync(join(tmpdir(), "fg-every-adapter-"));

let server: RewardServer;
beforeAll(async () => {
  server = await startRewardServer();
}, 40_000);
afterAll(async () => server?.stop());

const specs = (): [string, string][] => [
  ["python", `python:${join(FIXTURES, "verl_reward.py")}`],
  ["python-trl", `python-trl:${join(FIXTURES, "trl_reward.py")}:reward_answer_length`],
  ["http", `${server.url}/reward`],
  ["cmd", `cmd:python3 ${join(FIXTURES, "cmd_reward.py")}`],
  ["judge", `judge:${join(FIXTURES, "judge.yaml")}`],
];

describe("every --reward adapter through audit, hunt and serve", () => {
  for (const kind of ["python", "python-trl", "http", "cmd", "judge"]) {
    it(`${kind}: audit, hunt and serve, with serve's values equal to score's`, async () => {
      const spec = specs().find(([k]) => k === kind)![1];
      const scoredPath = join(dir, `${kind}.scored.jsonl`);
      const scored = await cli(["score", "--reward", spec, "--in", ROWS, "--out", scoredPath, "--no-cache"]);
      expect(scored.code, scored.stderr).toBe(0);
      const values = readFileSync(scoredPath, "utf8")
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { score: { value: number } }).score.value);
      expect(values.every((v) => typeof v === "number" && Number.isFinite(v))).toBe(true);

      const auditPath = join(dir, `${kind}.audit.json`);
      const audit = await cli(["audit", "--reward", spec, "--in", ROWS, "--out", auditPath, "--no-cache"]);
      expect(audit.code, audit.stderr).toBe(0);
      const transforms = JSON.parse(readFileSync(auditPath, "utf8")).result.stack_transforms.results as { transform: string; n: number }[];
      expect(transforms.find((t) => t.transform === "truncation")?.n).toBe(rows.length);

      const huntPath = join(dir, `${kind}.hunt.json`);
      const hunt = await cli(["hunt", "--reward", spec, "--in", ROWS, "--budget", "80", "--out", huntPath, "--no-cache"]);
      expect(hunt.code, hunt.stderr).toBe(0);
      const report = JSON.parse(readFileSync(huntPath, "utf8"));
      expect(report.params.stack).toBe(spec);
      expect(report.result.spent).toBeGreaterThan(rows.length);
      expect(report.result.spent).toBeLessThanOrEqual(80);
      for (const f of report.result.findings as { sample: { id: string; before: string; after: string } }[]) {
        expect(rows.map((r) => r.output)).toContain(f.sample.before);
        expect(f.sample.after).not.toBe(f.sample.before);
      }

      const served = await startServeProcess(["--reward", spec, "--port", "0", "--journal", join(dir, `${kind}.journal.sqlite`), "--no-cache"], 120_000);
      try {
        const answer = await fetch(`${served.url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows }) });
        expect(answer.status, await answer.clone().text()).toBe(200);
        expect(((await answer.json()) as { rows: { score: { value: number } }[] }).rows.map((r) => r.score.value)).toEqual(values);
      } finally {
        served.child.kill();
      }
    }, 300_000);
  }
});
