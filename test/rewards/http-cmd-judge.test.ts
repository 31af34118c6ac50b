// http: against a real OpenRLHF-shaped Python server process, cmd: against a real command, judge: on
// the embedded LM (the built-in OpenAI-compatible server).
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { loadRewardStack, type RewardScorer } from "../../src/stacks/rewards/index.js";
import { readTrainerRows } from "../../src/stacks/rewards/rows.js";
import { openScorer, type OpenedScorer } from "../../src/stacks/open.js";
import { startRewardServer, type RewardServer } from "../helpers/python-reward-server.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const rows = readTrainerRows(join(FIXTURES, "rows.jsonl"));

async function open(spec: string, options: Record<string, unknown> = {}): Promise<RewardScorer> {
  const definition = await loadRewardStack(spec, { cwd: FIXTURES });
  return (await definition.create(definition.options.parse(options), {})) as RewardScorer;
}

/** What the fixture server computes: the label in the reply, +0.05 per "!" up to 4. */
const expectedHttp = (output: string, label: string) => (output.includes(label) ? 1 : 0) + 0.05 * Math.min((output.match(/!/g) ?? []).length, 4);

describe("http: (OpenRLHF's remote reward body)", () => {
  let server: RewardServer;
  beforeAll(async () => {
    server = await startRewardServer();
  }, 40_000);
  afterAll(async () => server?.stop());

  it("posts {query, prompts, labels} in batches and reads rewards back in order", async () => {
    const scorer = await open(`${server.url}/reward`, { batchSize: 3, version: "rm-2" });
    const many = Array.from({ length: 10 }, (_, i) => ({ id: String(i), prompt: "Say it: ", output: `${"!".repeat(i % 6)} the answer is ${i}`, ground_truth: String(i % 3) }));
    const values = (await scorer.scoreRows(many)).map((s) => s.value);
    expect(values).toEqual(many.map((r) => expectedHttp(r.output, r.ground_truth)));
    expect(scorer.instrument.options).toEqual({ endpoint: `${server.url}/reward`, version: "rm-2", batchSize: 3 });
  });

  it("gives every row of a call an error naming a wrong-length list or a failing server", async () => {
    const wrong = await open(`${server.url}/wrong_length`);
    for (const s of await wrong.scoreRows(rows)) expect(s.error).toBe(`${server.url}/wrong_length's "rewards" has 3 values for 4 rows`);
    const broken = await open(`${server.url}/broken`, { maxRetries: 0 });
    for (const s of await broken.scoreRows(rows)) {
      expect(s.value).toBeNull();
      expect(s.error).toMatch(/HTTP 500: reward model crashed/);
    }
  });

  it("refuses an unreachable endpoint before any work", async () => {
    const port = Number(new URL(server.url).port);
    await expect(open(`http://127.0.0.1:${port === 1 ? 2 : 1}/reward`)).rejects.toThrow(InputError);
    await expect(open("http://127.0.0.1:1/reward")).rejects.toThrow(/http:\/\/127\.0\.0\.1:1\/reward: unreachable \(ECONNREFUSED\)/);
  });
});

describe("cmd: (JSON Lines in, one number or {score} per line out)", () => {
  it("scores rows through a real command, and names a line that is not a number", async () => {
    const scorer = await open(`cmd:python3 ${join(FIXTURES, "cmd_reward.py")}`, { batchSize: 3 });
    const scores = await scorer.scoreRows([...rows, { id: "x", output: "bad" }]);
    expect(scores.slice(0, 4).map((s) => s.value)).toEqual(rows.map((r) => (r.output.includes(String(r.ground_truth)) ? 1 : 0)));
    expect(scores[4].error).toMatch(/printed an object whose "score" is "n\/a", not a number/);
    expect(scorer.instrument.options).toMatchObject({ command: `python3 ${join(FIXTURES, "cmd_reward.py")}` });
  }, 30_000);

  it("refuses a command the shell cannot find, before any work", async () => {
    await expect(open("cmd:no_such_reward_command_x")).rejects.toThrow(/cmd:no_such_reward_command_x: command not found/);
  });
});

describe("judge: (rubric template and score parser on the embedded LM)", () => {
  const opened: OpenedScorer[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((o) => o.close()));
  });

  it("scores the expected verdict under the judge model's probabilities of the allowed answers", async () => {
    const judge = await openScorer({ reward: `judge:${join(FIXTURES, "judge.yaml")}`, cache: false });
    opened.push(judge);
    expect(judge.definition.modelRoles).toEqual(["judge"]);
    expect(judge.scorer.instrument.models.judge.baseUrl).toBe("embedded");
    expect(judge.scorer.instrument.options).toMatchObject({ role: "judge", judgeVersion: "correctness-1" });
    const scores = await judge.scorer.scoreRows(rows);
    for (const s of scores) {
      expect(s.error).toBeUndefined();
      expect(s.value).toBeGreaterThan(0);
      expect(s.value).toBeLessThan(1);
    }
    // The verdict depends on the reply: two different replies are not scored alike.
    expect(new Set(scores.map((s) => s.value)).size).toBeGreaterThan(1);
    expect(judge.scorer.instrument.inputs?.source).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  it("gives a reply the parser cannot read an explicit error quoting it", async () => {
    const judge = await openScorer({ reward: `judge:${join(FIXTURES, "judge-regex.yaml")}`, cache: false });
    opened.push(judge);
    const scores = await judge.scorer.scoreRows(rows);
    // The embedded n-gram LM writes words, not grades (temperature 0, so always the same words).
    expect(scores.filter((s) => s.value === null).length).toBeGreaterThan(0);
    for (const s of scores) {
      if (s.value === null) expect(s.error).toMatch(/^judge reply does not match \/.*\/: "/);
      else expect(s.value).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);

  it("names the field of a judge file that is wrong", async () => {
    await expect(loadRewardStack(`judge:${join(FIXTURES, "rows.jsonl")}`)).rejects.toThrow(/judge:.*rows\.jsonl: not YAML|: (prompt|parse)/);
  });
});
