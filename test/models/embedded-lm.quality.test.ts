// Model-quality checks of the embedded LM over real HTTP: the production OpenAI-compatible client
// (src/models/client.ts) talks to the built-in server on a loopback socket. Held-out text comes from
// the Brown documents the model never saw (corpus.ts: test half of the 5% hold-out).
import tQuantile from "@stdlib/stats-base-dists-t-quantile";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { createOpenAIClient } from "../../src/models/client.js";
import type { ModelClient } from "../../src/models/spec.js";
import { unigramScorer, windows } from "../../src/models/embedded/build.js";
import { readCorpus } from "../../src/models/embedded/corpus.js";
import { EMBEDDED_LM_ID } from "../../src/models/embedded/server.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { loadEmbeddedLm, type LoadedLm } from "../../src/models/embedded/store.js";

/** Mean with a two-sided 95% t interval (tiny local helper; n, mean, CI and share of positives). */
function pairedSummary(diffs: number[]): { n: number; mean: number; lo: number; hi: number; positive: number } {
  const n = diffs.length;
  const mean = diffs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(diffs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = tQuantile(0.975, n - 1) * (sd / Math.sqrt(n));
  return { n, mean, lo: mean - half, hi: mean + half, positive: diffs.filter((d) => d > 0).length / n };
}

const logSumExp = (xs: number[]): number => {
  const m = Math.max(...xs);
  return m + Math.log(xs.reduce((s, x) => s + Math.exp(x - m), 0));
};

let server: EmbeddedServer;
let client: ModelClient;
let loaded: LoadedLm;
let heldOutSentences: string[];
let heldOutTexts: string[];

beforeAll(async () => {
  loaded = await loadEmbeddedLm();
  server = await startEmbeddedServer();
  client = createOpenAIClient({ baseUrl: server.baseUrl, model: EMBEDDED_LM_ID, concurrency: 8 });
  heldOutTexts = readCorpus().test.map((d) => d.text);
  heldOutSentences = heldOutTexts.flatMap((t) => t.split(/(?<=[.!?])\s+|\n/)).filter((s) => /^[A-Z]/.test(s) && s.split(" ").length >= 8 && s.split(" ").length <= 25 && !s.includes('"'));
  // The tests below index up to sentence 549 (704 in this corpus version).
  expect(heldOutSentences.length).toBeGreaterThanOrEqual(560);
});

afterAll(async () => {
  await server?.close();
});

async function rawEcho(prompt: string, k: number): Promise<{ tokens: string[]; token_logprobs: (number | null)[]; top_logprobs: (Record<string, number> | null)[]; text_offset: number[] }> {
  const res = await fetch(`${server.baseUrl}/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: EMBEDDED_LM_ID, prompt, echo: true, logprobs: k, max_tokens: 0, temperature: 0 }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { choices: { logprobs: never }[] }).choices[0].logprobs;
}

describe("embedded LM over HTTP", () => {
  it("returns top-k logprobs that are valid log-probabilities", async () => {
    const top = await client.topLogprobs("Partner: The meeting moved to noon. Haha!\nAudience:", 10);
    expect(top.tokens).toHaveLength(10);
    for (let i = 0; i < top.tokens.length; i++) {
      expect(top.tokens[i].logprob).toBeLessThanOrEqual(0);
      if (i > 0) expect(top.tokens[i].logprob).toBeLessThanOrEqual(top.tokens[i - 1].logprob);
    }
    expect(top.tokens.reduce((s, t) => s + Math.exp(t.logprob), 0)).toBeLessThanOrEqual(1 + 1e-9);
    const echo = await rawEcho(heldOutSentences[0], 5);
    for (const map of echo.top_logprobs.slice(1)) {
      const values = Object.values(map as Record<string, number>);
      expect(values.every((v) => Number.isFinite(v) && v <= 0)).toBe(true);
      expect(values.reduce((s, v) => s + Math.exp(v), 0)).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it("gives an echo continuation log-prob equal to the sum of its per-token log-probs", async () => {
    const pairs = heldOutSentences.slice(0, 20).map((s) => {
      const cut = s.indexOf(" ", Math.floor(s.length / 2));
      return { context: s.slice(0, cut), continuation: s.slice(cut) };
    });
    const results = await client.continuationLogprobs(pairs);
    for (let i = 0; i < pairs.length; i++) {
      const { context, continuation } = pairs[i];
      const echo = await rawEcho(context + continuation, 0);
      let sum = 0;
      echo.tokens.forEach((_t, j) => {
        if (echo.text_offset[j] >= context.length) sum += echo.token_logprobs[j] as number;
      });
      expect(results[i].logprob).toBeCloseTo(sum, 9);
      expect(results[i].tokens.reduce((s, t) => s + t.logprob, 0)).toBeCloseTo(results[i].logprob, 9);
      // And the HTTP path returns exactly what the model computes in process.
      const local = loaded.lm.scoreText(context + continuation);
      const localSum = local.tokens.reduce((s, _t, j) => (echo.text_offset[j] >= context.length ? s + local.logprobs[j] : s), 0);
      expect(results[i].logprob).toBe(localSum);
    }
  });

  it("scores a held-out sentence above the same words scrambled (paired over 80 sentences)", async () => {
    const rng = createRng("embedded-lm-quality/scramble");
    const chosen = heldOutSentences.slice(1, 81);
    const pairs = chosen.flatMap((s, i) => {
      // The previous held-out sentence is the context (the first token of a prompt has no log-prob).
      const context = `${heldOutSentences[i]} `;
      const words = s.split(" ");
      let scrambled = rng.shuffle(words).join(" ");
      if (scrambled === s) scrambled = [...words].reverse().join(" ");
      return [
        { context, continuation: s },
        { context, continuation: scrambled },
      ];
    });
    const results = await client.continuationLogprobs(pairs);
    const diffs = chosen.map((_s, i) => results[2 * i].logprob - results[2 * i + 1].logprob);
    const summary = pairedSummary(diffs);
    console.info(`common − scrambled: mean ${summary.mean.toFixed(2)} nats, 95% CI [${summary.lo.toFixed(2)}, ${summary.hi.toFixed(2)}], n = ${summary.n}, positive ${(summary.positive * 100).toFixed(0)}%`);
    expect(summary.lo).toBeGreaterThan(0);
    expect(summary.positive).toBeGreaterThan(0.9);
  });

  it("is context-sensitive: a word seen early in a long prompt is more probable at its end (paired over 60 prompts)", async () => {
    const pairs: { context: string; continuation: string }[] = [];
    for (let i = 0; i < 60; i++) {
      const target = heldOutSentences[100 + i];
      const control = heldOutSentences[200 + i];
      const word = target
        .split(/[^A-Za-z]+/)
        .filter((w) => w.length >= 5 && !control.toLowerCase().includes(w.toLowerCase()))
        .sort((a, b) => b.length - a.length)[0];
      if (!word) continue;
      // ~100 tokens of unrelated held-out text between the mention and the end of the prompt.
      const filler = heldOutSentences.slice(300 + 3 * i, 304 + 3 * i).join(" ");
      const tail = " Later that day, the talk turned to";
      pairs.push({ context: `${target} ${filler}${tail}`, continuation: ` ${word.toLowerCase()}` });
      pairs.push({ context: `${control} ${filler}${tail}`, continuation: ` ${word.toLowerCase()}` });
    }
    const results = await client.continuationLogprobs(pairs);
    const diffs: number[] = [];
    for (let i = 0; i < results.length; i += 2) diffs.push(results[i].logprob - results[i + 1].logprob);
    const summary = pairedSummary(diffs);
    console.info(`word seen earlier − not seen: mean ${summary.mean.toFixed(2)} nats, 95% CI [${summary.lo.toFixed(2)}, ${summary.hi.toFixed(2)}], n = ${summary.n}, positive ${(summary.positive * 100).toFixed(0)}%`);
    expect(summary.n).toBeGreaterThanOrEqual(50);
    expect(summary.lo).toBeGreaterThan(0);
  });

  it("raises laughter after the audience tag when a turn of the transcript laughs (paired over 50 transcripts)", async () => {
    const openers = [" Haha", " haha", " Hahaha", " LOL", " lol", " 😂"];
    const pairs: { context: string; continuation: string }[] = [];
    const contexts: string[] = [];
    for (let i = 0; i < 50; i++) {
      const partner = heldOutSentences[400 + i];
      const policy = heldOutSentences[500 + i];
      for (const laugh of ["", " Haha!"]) {
        const context = `Partner: ${partner}\nPolicy: ${policy}${laugh}\nAudience:`;
        contexts.push(context);
        for (const o of openers) pairs.push({ context, continuation: o });
      }
    }
    const results = await client.continuationLogprobs(pairs);
    const mass = contexts.map((_c, i) => logSumExp(results.slice(i * openers.length, (i + 1) * openers.length).map((r) => r.logprob)));
    const diffs: number[] = [];
    for (let i = 0; i < mass.length; i += 2) diffs.push(mass[i + 1] - mass[i]);
    const summary = pairedSummary(diffs);
    console.info(`laughter mass with " Haha!" − without: mean ${summary.mean.toFixed(2)} nats, 95% CI [${summary.lo.toFixed(2)}, ${summary.hi.toFixed(2)}], n = ${summary.n}`);
    expect(summary.lo).toBeGreaterThan(1);
  });

  it("has lower held-out perplexity than a unigram baseline (tokens scored over HTTP)", async () => {
    const wins = windows(heldOutTexts).slice(0, 40);
    const unigram = unigramScorer(loaded.stored.data);
    let kn = 0;
    let uni = 0;
    let n = 0;
    for (const win of wins) {
      const echo = await rawEcho(win.join(""), 0);
      expect(echo.tokens).toEqual(win);
      for (let i = 1; i < win.length; i++) {
        kn += echo.token_logprobs[i] as number;
        uni += unigram(win[i]);
        n++;
      }
    }
    const pplKn = Math.exp(-kn / n);
    const pplUni = Math.exp(-uni / n);
    console.info(`held-out perplexity per token over HTTP (n = ${n} tokens, ${wins.length} windows): Kneser-Ney + cache ${pplKn.toFixed(0)}, unigram ${pplUni.toFixed(0)}`);
    expect(pplKn).toBeLessThan(pplUni / 3);
  });
});
