// The Python trainer shims run against a live server over loopback, called exactly as each trainer's
// source calls its reward function (numpy object arrays included), with the trainer's own handling
// of what comes back replayed in Python (verl's per-key columns, TRL's None, atropos' drop rules).
// The scorer is a word-count fixture: these are protocol tests, not model results.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createApp } from "../../src/server/app.js";
import { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { listen, type Listening, checkBinding } from "../../src/server/listen.js";
import type { BankRow, Score } from "../../src/core/types.js";

const INTEGRATIONS = resolve(import.meta.dirname, "../../integrations");

/** A python3 that has numpy (Debian's python3-numpy, installed by .ci/run), if any. */
function pythonWithNumpy(): string | undefined {
  for (const py of ["python3", "/usr/bin/python3"]) {
    try {
      execFileSync(py, ["-c", "import numpy"], { stdio: "ignore" });
      return py;
    } catch {
      // try the next one
    }
  }
  return undefined;
}
const PY = pythonWithNumpy();
const noNumpy = "no python3 with numpy (apt-get install python3-numpy; .ci/run does)";

const seenRows: BankRow[][] = [];
const lexical = {
  rowKind: "bank" as const,
  instrument: { stack: "wordcount", version: "1", options: {}, models: {}, hash: "instr-wordcount" },
  async scoreRows(rows: BankRow[]): Promise<Score[]> {
    seenRows.push(rows);
    return rows.map((row): Score => {
      if (row.output.includes("FAIL")) return { value: null, terms: {}, instrument: "instr-wordcount", error: "judge returned garbage" };
      const words = row.output.split(" ").filter(Boolean).length;
      // A gated reply carries fewer terms, as the prose stack's gates do.
      if (row.output.includes("GATED")) return { value: 0, terms: { gates: { value: 0 } }, instrument: "instr-wordcount" };
      return { value: words, terms: { gates: { value: 1 }, chars: { value: row.output.length } }, instrument: "instr-wordcount" };
    });
  },
};

let dir: string;
let journal: Journal;
let store: SqliteStore;
let server: Listening;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fg-shims-"));
  journal = new Journal(join(dir, "journal.sqlite"));
  store = new SqliteStore(journal, "test journal");
  server = await listen(createApp({ scorers: { wordcount: lexical }, defaultStack: "wordcount", journal: store, token: "tok" }), { port: 0, token: "tok" });
});
afterAll(async () => {
  await server.close();
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

// Async on purpose: the server runs in this process, so a blocking child call would deadlock it.
async function python(code: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(PY ?? "python3", ["-c", code], {
    env: { ...process.env, FOOLSGOLD_URL: server.url, FOOLSGOLD_TOKEN: "tok", PYTHONPATH: [INTEGRATIONS, join(INTEGRATIONS, "verl"), join(INTEGRATIONS, "trl"), join(INTEGRATIONS, "atropos")].join(":"), ...env },
    encoding: "utf8",
  });
  return stdout.trim();
}

describe.skipIf(!PY)(`verl (as its reward managers call it)${PY ? "" : `: ${noNumpy}`}`, () => {
  it("batch form: numpy object arrays, numpy ground truths, one key set even when a reply is gated", async () => {
    // verl's BatchRewardManager.verify: data_sources and extra_infos are numpy object arrays from
    // non_tensor_batch, ground_truths a list of reward_model.ground_truth (numpy when the parquet
    // column is a list), and each extra_info gets rollout_reward_scores added.
    const out = await python(`
import json, numpy as np
from collections import defaultdict
import foolsgold_verl as v
extras = np.array([{"index": np.int64(3), "step": np.int64(12)}, {"index": 4}, {}], dtype=object)
for i in range(3):
    extras[i]["rollout_reward_scores"] = {}
scores = v.compute_score_batch(
    data_sources=np.array(["humor", "humor", "humor"], dtype=object),
    solution_strs=["a b c", "GATED reply", "d e"],
    ground_truths=[np.array(["x", "y"]), None, np.float32(0.5)],
    extra_infos=extras,
)
# verl's __call__: one list per key, appended sample by sample, then stacked as DataProto columns.
info = defaultdict(list)
for s in scores:
    for k, val in s.items():
        info[k].append(val)
print(json.dumps({"lengths": {k: len(x) for k, x in info.items()}, "score": info["score"], "chars": [None if x != x else x for x in info["chars"]]}))`);
    expect(JSON.parse(out)).toEqual({ lengths: { score: 3, gates: 3, chars: 3 }, score: [3, 0, 2], chars: [5, null, 3] });
    const rows = seenRows.at(-1)!;
    expect(rows.map((r) => [r.id, r.step ?? null, r.label ?? null])).toEqual([
      ["3#0", 12, ["x", "y"]],
      ["4#1", null, null],
      ["2#2", null, 0.5],
    ]);
    expect(rows[0].meta).toEqual({ data_source: "humor", rollout_reward_scores: {} });
  });

  it("per-sample form: keyword call, the declared key set on every sample, the step from the env", async () => {
    // verl's NaiveRewardManager: compute_score(data_source=, solution_str=, ground_truth=, extra_info=).
    const out = await python(
      `
import json, numpy as np
import foolsgold_verl as v
a = v.compute_score(data_source=np.str_("humor"), solution_str="a b c", ground_truth=np.array([1, 2]), extra_info={"num_turns": np.int64(2), "rollout_reward_scores": {}})
b = v.compute_score(data_source="humor", solution_str="GATED", ground_truth=None, extra_info={})
print(json.dumps([sorted(a), sorted(b), a["score"], b["score"]]))`,
      { FOOLSGOLD_TERMS: "gates,chars", FOOLSGOLD_STEP: "7" },
    );
    expect(JSON.parse(out)).toEqual([["chars", "gates", "score"], ["chars", "gates", "score"], 3, 0]);
    expect(seenRows.at(-1)![0].step).toBe(7);
    expect(seenRows.at(-2)![0]).toMatchObject({ label: [1, 2], meta: { num_turns: 2 } });
  });

  it("raises, naming the sample, and counts it for managers that turn exceptions into 0.0", async () => {
    const out = await python(`
import foolsgold_verl as v, foolsgold_client as c
try:
    v.compute_score("x", "FAIL here", None)
    print("no error")
except c.ScoringError as e:
    print("error:", e, c.failure_count()["samples"])`);
    expect(out).toMatch(/^error: 1 sample\(s\) could not be scored: #0 \(0\): judge returned garbage 1$/);
  });

  it("refuses a NaN ground truth by name instead of sending invalid JSON", async () => {
    const out = await python(`
import numpy as np, foolsgold_verl as v, foolsgold_client as c
try:
    v.compute_score_batch(data_sources=np.array(["x"], dtype=object), solution_strs=["a"], ground_truths=[np.array([1.0, np.nan])], extra_infos=None)
except c.ScoringError as e:
    print(e)`);
    expect(out).toBe("ground_truths[0][1] is nan, which JSON cannot carry");
  });
});

describe.skipIf(!PY)(`TRL (as GRPOTrainer calls reward functions)${PY ? "" : `: ${noNumpy}`}`, () => {
  it("passes every dataset column into the rows", async () => {
    // GRPOTrainer._calculate_rewards: reward_func(prompts=, completions=, completion_ids=, **reward_kwargs)
    // where reward_kwargs holds every other dataset column as a list, plus trainer_state.
    const out = await python(`
import asyncio, json, foolsgold_trl as t
class State: global_step = 5
r = asyncio.run(t.foolsgold_reward(
    prompts=[[{"role": "system", "content": "be brief"}, {"role": "user", "content": "Why?"}], "p2"],
    completions=[[{"role": "assistant", "content": "x y"}], "z"],
    completion_ids=[[1, 2], [3]],
    label=["gold one", "gold two"], instruction_id_list=[["punctuation:no_comma"], []], kwargs=[[{}], []], source=["a", "b"],
    trainer_state=State()))
print(json.dumps(r))`);
    expect(JSON.parse(out)).toEqual([2, 1]);
    const rows = seenRows.at(-1)!;
    expect(rows[0]).toMatchObject({
      prompt: [
        { role: "system", content: "be brief" },
        { role: "user", content: "Why?" },
      ],
      output: "x y",
      label: "gold one",
      instruction_id_list: ["punctuation:no_comma"],
      kwargs: [{}],
      meta: { source: "a" },
      step: 5,
    });
  });

  it("an unscorable row is an error the user sees; None only when asked for, and never for the whole batch", async () => {
    const call = `
import asyncio, json, foolsgold_trl as t, foolsgold_client as c
try:
    print(json.dumps(asyncio.run(t.foolsgold_reward(["p1", "p2", "p3"], ["x y", "FAIL", "z"]))))
except c.ScoringError as e:
    print("error:", e)
try:
    asyncio.run(t.foolsgold_reward(["p"], ["FAIL"]))
except c.ScoringError as e:
    print("error:", e)`;
    const [raised] = (await python(call)).split("\n");
    expect(raised).toMatch(/^error: 1 sample\(s\) could not be scored: #1 \(1\): judge returned garbage$/);
    const [partial, all] = (await python(call, { FOOLSGOLD_ON_ERROR: "none" })).split("\n");
    expect(JSON.parse(partial)).toEqual([2, null, 1]);
    expect(all).toMatch(/^error: every sample of the batch failed/);
  });
});

describe.skipIf(!PY)(`atropos (an async environment)${PY ? "" : `: ${noNumpy}`}`, () => {
  // A whitespace tokenizer with a chat template shaped like a real one (role headers + end tokens).
  const tokenizer = `
class Tok:
    vocab = {}
    def _ids(self, text):
        return [self.vocab.setdefault(w, len(self.vocab) + 10) for w in text.split()]
    def apply_chat_template(self, chat, add_generation_prompt=False, tokenize=True):
        text = " ".join("<|%s|> %s <|end|>" % (m["role"], m["content"]) for m in chat)
        if add_generation_prompt:
            text += " <|assistant|>"
        return self._ids(text)
`;
  it("scores without blocking the event loop and builds tokens and masks from the named tokenizer", async () => {
    const out = await python(`
import asyncio, json, time, foolsgold_atropos as a
${tokenizer}
async def main():
    ticks = []
    async def ticker():
        for _ in range(20):
            ticks.append(time.monotonic()); await asyncio.sleep(0.005)
    g, _ = await asyncio.gather(a.score_group("tell a joke", ["one", "one two"], tokenizer=Tok(), group_size=2), ticker())
    return g, len(ticks)
g, ticks = asyncio.run(main())
print(json.dumps([g["scores"], [len(t) for t in g["tokens"]], g["masks"][1], ticks]))`);
    const [scores, lengths, mask, ticks] = JSON.parse(out) as [number[], number[], number[], number];
    expect(scores).toEqual([1, 2]);
    expect(lengths).toEqual([8, 9]);
    // "<|user|> tell a joke <|end|> <|assistant|>" is the prefix: 6 tokens masked, then the reply's own ids.
    expect(mask.slice(0, 6)).toEqual([-100, -100, -100, -100, -100, -100]);
    expect(mask.slice(6).every((t) => t > 0)).toBe(true);
    expect(ticks).toBe(20);
  });

  it("applies atropos' own drop rules, in its order, and says which one", async () => {
    const out = await python(`
import asyncio, json, foolsgold_atropos as a
${tokenizer}
def reason(**kw):
    try:
        asyncio.run(a.score_group("p", **kw)); return None
    except a.DroppedGroup as d:
        return [d.rule, d.reason]
print(json.dumps([
    reason(completions=["same", "same"], tokenizer=Tok(), group_size=2),
    reason(completions=["one", "one two three four"], tokenizer=Tok(), group_size=2, max_token_len=8),
    reason(completions=["one", "one two"], group_size=2),
    reason(completions=["one", "one two"], tokenizer=Tok(), group_size=3),
    reason(completions=["same", "same"], tokenizer=Tok(), group_size=2, ensure_scores_are_not_same=False),
]))`);
    expect(JSON.parse(out)).toEqual([
      ["same_scores", "all 2 scores are equal (1): no advantage signal"],
      ["token_length", "1 of 2 sequences have at least max_token_len=8 tokens (first: #1, 9 tokens)"],
      ["structure", "the group has no tokens for a group size of 2, so atropos skips it"],
      ["structure", "the group has 2 token sequences for a group size of 3, so atropos skips it"],
      null,
    ]);
  });
});

describe("OpenRLHF (its remote reward client's requests)", () => {
  const reward = (body: unknown, path = "/get_reward", headers: Record<string, string> = { authorization: "Bearer tok" }) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  it("gets rewards over HTTP", async () => {
    const res = await reward({ query: ["p: a b"], prompts: ["p:"] });
    expect(await res.json()).toEqual({ rewards: [2], scores: [1], extra_logs: { gates: [1], chars: [4] } });
  });

  it("refuses the empty shards of comma-separated URLs, pointing to one load-balanced URL", async () => {
    // Current OpenRLHF splits each one-sample batch across its URLs: [1 sample], [], [] — the other
    // URLs get only empty shards, so they spread nothing and their loss fails every reward.
    const res = await reward({ query: [], prompts: [], labels: [] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^empty batch \(query: \[\]\): OpenRLHF sends these when --reward\.remote_url lists several comma-separated URLs.*one load balancer/);
  });

  it("takes a whole rollout of 2,048 samples in one POST", async () => {
    const n = 2048;
    const res = await reward({
      query: Array.from({ length: n }, (_, i) => `<|im_start|>user\nq${i}<|im_end|>\n<|im_start|>assistant\nword ${"x ".repeat(i % 50)}<|im_end|>`),
      prompts: Array.from({ length: n }, (_, i) => `<|im_start|>user\nq${i}<|im_end|>\n<|im_start|>assistant\n`),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rewards: number[] };
    expect(body.rewards).toHaveLength(n);
    expect(body.rewards[3]).toBe(4);
  });

  it("scores the response, not the prompt, when a BOS token breaks the prefix, and strips <|im_end|>", async () => {
    const res = await reward({ query: ["<s>[INST] hi [/INST] one two<|im_end|>"], prompts: ["[INST] hi [/INST]"] });
    expect(res.status).toBe(200);
    expect(seenRows.at(-1)![0]).toMatchObject({ output: " one two", prompt: "[INST] hi [/INST]" });
  });

  it("scores the response of a prompt OpenRLHF cut from the left to fit its length limit", async () => {
    const prompt = `<|im_start|>user\n${Array.from({ length: 60 }, (_, i) => `sentence ${i} of a long story.`).join(" ")}<|im_end|>\n<|im_start|>assistant\n`;
    const kept = prompt.slice(-200);
    const res = await reward({ query: [`${kept}three word reply<|im_end|>`], prompts: [prompt] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { rewards: number[] }).rewards).toEqual([3]);
    expect(seenRows.at(-1)![0].output).toBe("three word reply");
  });

  it("a prompt that does not begin the query is a per-sample error, not a scored system prompt", async () => {
    const res = await reward({ query: ["ok: fine", "SYSTEM: be nice. USER: hi ASSISTANT: yo"], prompts: ["ok:", "USER: hi ASSISTANT:"] });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; failed: { index: number; reason: string }[] };
    expect(body.failed.map((f) => f.index)).toEqual([1]);
    expect(body.failed[0].reason).toMatch(/^prompts\[1\] does not begin query\[1\] .*differ at character 0/);
  });

  it("authenticates a client that sends no headers by the token in the path", async () => {
    expect((await reward({ query: ["a"] }, "/get_reward", {})).status).toBe(401);
    expect((await reward({ query: ["a"] }, "/t/wrong/get_reward", {})).status).toBe(401);
    const ok = await reward({ query: ["a b"] }, "/t/tok/get_reward", {});
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { rewards: number[] }).rewards).toEqual([2]);
  });

  it("refuses to bind beyond loopback without a token", () => {
    expect(() => checkBinding("0.0.0.0", undefined)).toThrow(/--host: binding to 0.0.0.0 .* set a bearer token/);
    expect(() => checkBinding("0.0.0.0", "t")).not.toThrow();
    expect(() => checkBinding("127.0.0.1", undefined)).not.toThrow();
  });
});
