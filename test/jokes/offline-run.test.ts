// An offline `jokes evaluate` + `jokes process` run on the embedded models (SPEC §8): the reward
// carries signal — reasoning naming the gold punchline's content words beats equally shaped
// reasoning naming another joke's words, paired over 64 held-out jokes, 95% CI excluding 0 — and
// every sampled group is either written as a scored group or reported dropped with its reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadJokeDataset } from "../../src/envs/jokes/dataset.js";
import { evaluateJokes } from "../../src/envs/jokes/evaluate.js";
import { processJokes } from "../../src/envs/jokes/process.js";
import type { ScoredDataGroup } from "../../src/envs/jokes/scored-group.js";
import { createTrainerTokenizer } from "../../src/envs/jokes/tokenize.js";
import { punchlineContentWords } from "../../src/envs/jokes/signal.js";
import { EMBEDDED_LM_ID } from "../../src/models/embedded/server.js";
import { startEmbeddedModels, type EmbeddedModels } from "./embedded.js";

let models: EmbeddedModels;
beforeAll(async () => {
  models = await startEmbeddedModels();
});
afterAll(async () => {
  await models?.server.close();
});

const data = loadJokeDataset({});

describe("jokes evaluate on the embedded models", () => {
  it("carries signal: content-word reasoning beats unrelated reasoning over 64 held-out jokes", async () => {
    const result = await evaluateJokes(models.policy, models.reference, data.eval, { n: 64, maxTokens: 24, signalCheck: true });
    const signal = result.signal!;
    expect(signal.n).toBe(64);
    expect(signal.difference.ci![0]).toBeGreaterThan(0);
    expect(signal.wins).toBeGreaterThan(signal.losses);
    // The policy path ran for real: 64 greedy completions, each scored or reported.
    expect(result.samples).toHaveLength(64);
    expect(result.n + result.errors).toBe(64);
    expect(result.errors).toBe(0);
    // The n-gram policy never writes <think> tags, so every greedy sample is broken reasoning (−1).
    expect(result.reasoning_problems).toEqual({ missing: 64 });
    expect(result.mean).toBe(-1);
    expect(result.broken.k).toBe(64);
    for (const s of result.samples) expect(data.eval.some((j) => j.id === s.joke_id)).toBe(true);
  });

  it("extracts content words as written", () => {
    expect(punchlineContentWords("Because she threw out all the bent ones.")).toEqual(["threw", "bent"]);
    expect(punchlineContentWords("It is what it is")).toEqual(["It", "is", "what"]);
  });
});

describe("jokes process on the embedded models", () => {
  it("writes scored groups of 8 with tokens and masks, and reports every dropped group with a reason", async () => {
    const groups: ScoredDataGroup[] = [];
    const policy = models.client();
    const reference = models.client();
    const result = await processJokes(policy, reference, data.train, { groups: 4, maxTokens: 24, wholeReply: true, keepTruncated: true, tokenizer: createTrainerTokenizer(models.server.baseUrl, EMBEDDED_LM_ID) }, (g) => void groups.push(g));
    expect(result.written + result.dropped.length).toBe(4);
    expect(groups).toHaveLength(result.written);
    for (const d of result.dropped) expect(d.message.length).toBeGreaterThan(0);
    const heldOut = new Set(data.eval.map((j) => j.id));
    for (const g of groups) {
      expect(heldOut.has(g.joke_id)).toBe(false);
      expect(g.scores).toHaveLength(8);
      expect(new Set(g.scores).size).toBeGreaterThan(1);
      expect(g.messages).toHaveLength(8);
      expect(g.tokens).toHaveLength(8);
      g.tokens!.forEach((tokens, i) => {
        const mask = g.masks![i];
        expect(mask).toHaveLength(tokens.length);
        const promptLength = mask.findIndex((m) => m !== -100);
        expect(promptLength).toBeGreaterThan(0);
        expect(mask.slice(promptLength)).toEqual(tokens.slice(promptLength));
      });
    }
    // One chat request (n = 8) per group; the reference gets one base + one request per distinct reasoning.
    expect(result.http_per_group.policy).toBe(1);
    expect(result.http_per_group.reference).toBeLessThanOrEqual(9);
  });

  it("drops all-equal groups with the reason atropos would not give", async () => {
    const groups: ScoredDataGroup[] = [];
    // Without --whole-reply every embedded sample is broken reasoning: all scores −1, no advantage.
    const result = await processJokes(models.client(), models.client(), data.train, { groups: 2, maxTokens: 8, keepTruncated: true }, (g) => void groups.push(g));
    expect(groups).toHaveLength(0);
    expect(result.drop_reasons).toEqual({ scores_all_equal: 2 });
    expect(result.dropped[0].message).toMatch(/all 8 scores equal -1/);
  });
});
