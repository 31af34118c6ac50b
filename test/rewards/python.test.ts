// python: and python-trl: rewards against real Python modules in verl's and TRL's shapes, run by the
// user's python3 in persistent workers.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import type { BankRow } from "../../src/core/types.js";
import { loadRewardStack, parseRewardSpec, type RewardScorer } from "../../src/stacks/rewards/index.js";
import { readTrainerRows } from "../../src/stacks/rewards/rows.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const rows = readTrainerRows(join(FIXTURES, "rows.jsonl"));
const opened: RewardScorer[] = [];

async function open(spec: string, options: Record<string, unknown> = {}): Promise<RewardScorer> {
  const definition = await loadRewardStack(spec, { cwd: FIXTURES });
  const scorer = (await definition.create(definition.options.parse(options), {})) as RewardScorer;
  opened.push(scorer);
  return scorer;
}

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

describe("reward specs", () => {
  it("reads each form and defaults verl's function to compute_score", () => {
    expect(parseRewardSpec("python:r.py", "/w")).toEqual({ kind: "python", style: "verl", file: "/w/r.py", function: "compute_score" });
    expect(parseRewardSpec("python-trl:/a/r.py:reward_len")).toEqual({ kind: "python", style: "trl", file: "/a/r.py", function: "reward_len" });
    expect(parseRewardSpec("cmd:python3 x.py --fast")).toEqual({ kind: "cmd", command: "python3 x.py --fast" });
    expect(parseRewardSpec("http://127.0.0.1:8000/get_reward")).toMatchObject({ kind: "http" });
    expect(() => parseRewardSpec("python-trl:r.py")).toThrow(/needs the function's name/);
    expect(() => parseRewardSpec("prose")).toThrow(/--reward: unknown reward "prose"/);
  });
});

describe("python: (verl's compute_score)", () => {
  it("scores rows with the module's own logic, number or {score} dict, and records the source hash", async () => {
    const scorer = await open("python:verl_reward.py", { workers: 2, batchSize: 2 });
    const scores = await scorer.scoreRows(rows);
    expect(scores.map((s) => s.value)).toEqual([1.1, 0, 1, 1.1]);
    const dictRows = rows.map((r) => ({ ...r, data_source: "dict", extra_info: { split: "test" } }));
    expect((await scorer.scoreRows(dictRows)).map((s) => s.value)).toEqual([1.1, 0, 1, 1.1]);
    expect(scorer.instrument.inputs?.source).toMatch(/^[0-9a-f]{64}$/);
    expect(scorer.instrument.options).toMatchObject({ signature: "verl", function: "compute_score" });
    expect(scorer.determinism()).toEqual({ repeated: 0, differed: 0, maxDifference: 0, deterministic: null });
    await scorer.scoreRows(rows);
    expect(scorer.determinism()).toMatchObject({ repeated: 4, differed: 0, deterministic: true });
  });

  it("gives each bad return an error naming it, never a number", async () => {
    const scorer = await open("python:verl_reward.py:misbehaving", { batchSize: 1 });
    const cases: [string, RegExp][] = [
      ["nan", /misbehaving\(\) returned nan \(nonfinite\), not a finite number/],
      ["raise", /misbehaving\(\) raised ValueError: cannot grade this reply/],
      ["text", /returned 'high' \(str\), not a finite number/],
      ["none", /returned None \(None\)/],
      ["noscore", /returned a dict without "score" \(keys: acc\)/],
    ];
    const scores = await scorer.scoreRows(cases.map(([output], i) => ({ id: String(i), output })));
    scores.forEach((s, i) => {
      expect(s.value).toBeNull();
      expect(s.error_kind).toBe("model");
      expect(s.error).toMatch(cases[i][1]);
    });
    // The function's own print() went to stderr, not into the protocol.
    expect((await scorer.scoreRows([{ id: "p", output: "fine" }]))[0].value).toBe(4);
  });

  it("fails a call slower than its timeout alone and keeps the pool healthy", async () => {
    const scorer = await open("python:verl_reward.py:misbehaving", { batchSize: 1, workers: 2, timeoutMs: 1500 });
    const started = performance.now();
    const scores = await scorer.scoreRows([
      { id: "s", output: "slow" },
      { id: "a", output: "ab" },
      { id: "b", output: "abc" },
    ]);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(scores[0].value).toBeNull();
    expect(scores[0].error).toMatch(/no answer within 1500 ms/);
    expect(scores.slice(1).map((s) => s.value)).toEqual([2, 3]);
    expect(
      (
        await scorer.scoreRows([
          { id: "c", output: "abcd" },
          { id: "d", output: "x" },
        ])
      ).map((s) => s.value),
    ).toEqual([4, 1]);
  }, 30_000);

  it("stops a call its caller cancels (a server's request timeout) and keeps the pool healthy", async () => {
    const scorer = await open("python:verl_reward.py:misbehaving", { batchSize: 1, workers: 1, timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = scorer.scoreRows(
      [
        { id: "s", output: "slow" },
        { id: "q", output: "queued" },
      ],
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error("request timeout")), 500);
    const started = performance.now();
    const scores = await pending;
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(scores[0].error).toMatch(/cancelled \(the call was stopped; its worker restarted\)/);
    expect(scores[1].error).toMatch(/cancelled/);
    expect((await scorer.scoreRows([{ id: "a", output: "abc" }]))[0].value).toBe(3);
  }, 40_000);

  it("restarts a crashed worker: the crashed call's rows fail with the cause, later calls succeed", async () => {
    const definition = await loadRewardStack("python:verl_reward.py:misbehaving", { cwd: FIXTURES });
    const scorer = (await definition.create(definition.options.parse({ batchSize: 1, workers: 1 }), {})) as RewardScorer;
    opened.push(scorer);
    const [crashed] = await scorer.scoreRows([{ id: "c", output: "crash" }]);
    expect(crashed.value).toBeNull();
    expect(crashed.error).toMatch(/the Python worker exited \(code 3\)/);
    expect((await scorer.scoreRows([{ id: "a", output: "after" }]))[0].value).toBe(5);
  }, 30_000);

  it("refuses, before any work, a file, function or import that cannot load", async () => {
    await expect(loadRewardStack("python:missing.py", { cwd: FIXTURES })).rejects.toThrow(/python:missing\.py: .*missing\.py: no such file/);
    await expect(open("python:verl_reward.py:nope", { workers: 1 })).rejects.toThrow(InputError);
    await expect(open("python:verl_reward.py:nope", { workers: 1 })).rejects.toThrow(/Python cannot load it: AttributeError: .* has no function 'nope'/);
    await expect(open("python:verl_reward.py:not_a_function", { workers: 1 })).rejects.toThrow(/'not_a_function' is a int, not a function/);
    await expect(open("python:broken_import.py", { workers: 1 })).rejects.toThrow(/python:broken_import\.py: Python cannot load it: ModuleNotFoundError: No module named 'a_module_that_does_not_exist'/);
    await expect(open("python:verl_reward.py", { python: "no-such-python3", workers: 1 })).rejects.toThrow(/"no-such-python3" was not found/);
  }, 120_000);
});

describe("python-trl: (TRL's reward_func)", () => {
  it("passes prompts, completions and the other columns as keyword lists", async () => {
    const scorer = await open("python-trl:trl_reward.py:reward_answer_length");
    const values = (await scorer.scoreRows(rows)).map((s) => s.value!);
    // answer in reply: +1, minus |40 − length| / 100 (computed here from the same rows)
    const expected = rows.map((r: BankRow) => (r.output.includes(String(r.answer)) ? 1 : 0) - Math.abs(40 - r.output.length) / 100);
    values.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 12));
    expect(scorer.instrument.options).toMatchObject({ signature: "trl", function: "reward_answer_length" });
  });

  it("awaits an async reward function, as TRL does", async () => {
    const scorer = await open("python-trl:trl_reward.py:async_reward_length", { workers: 1 });
    expect((await scorer.scoreRows(rows)).map((s) => s.value)).toEqual(rows.map((r) => r.output.length));
  });

  it("fails every row of a call whose list has the wrong length or is not a list", async () => {
    const wrong = await open("python-trl:trl_reward.py:wrong_length");
    for (const s of await wrong.scoreRows(rows)) expect(s.error).toMatch(/the list wrong_length\(\) \(TRL\) returned has 3 values for 4 rows/);
    const scalar = await open("python-trl:trl_reward.py:not_a_list");
    for (const s of await scalar.scoreRows(rows)) expect(s.error).toMatch(/not_a_list\(\) \(TRL\) returned a float, not a list/);
  });
});
