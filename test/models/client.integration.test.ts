// The client over real HTTP against the built-in embedded server (a real statistical LM and the
// USE-lite embedder): valid top-k log-probabilities, echo = sum of per-token log-probs = the
// prompt_logprobs path, embedding shapes, warm-cache re-runs with zero requests, model roles.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCache } from "../../src/models/cache.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { ModelError } from "../../src/models/errors.js";
import { buildModelRoles } from "../../src/models/roles.js";
import type { ModelClient } from "../../src/models/spec.js";
import { openScorer } from "../../src/stacks/open.js";
import { recordedClient } from "./client-fixtures.js";

const LM = "foolsgold-embedded-lm";
const EMBEDDER = "use-lite-512";
let server: EmbeddedServer;
const dir = mkdtempSync(join(tmpdir(), "fg-client-it-"));

beforeAll(async () => {
  server = await startEmbeddedServer({ port: 0 });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pairs = [
  { context: "The comedian walked on stage and the audience", continuation: " laughed." },
  { context: "Why did the chicken cross the road? To get to", continuation: " the other side." },
  { context: "A: I lost my job today.\nB: Haha, well", continuation: " at least you have time now." },
  { context: "She said hah", continuation: "aha, that is funny!" },
  { context: "It was a dark and stormy", continuation: " night" },
];

describe("client against the embedded server over HTTP", () => {
  it("returns valid next-token log-probabilities: ≤ 0, sorted, probabilities summing to at most 1", async () => {
    const client = recordedClient({ baseUrl: server.baseUrl, model: LM });
    for (const { context } of pairs) {
      const top = await client.topLogprobs(context, 10);
      expect(top.tokens).toHaveLength(10);
      const logprobs = top.tokens.map((t) => t.logprob);
      for (const lp of logprobs) {
        expect(Number.isFinite(lp)).toBe(true);
        expect(lp).toBeLessThanOrEqual(0);
      }
      expect(logprobs).toEqual([...logprobs].sort((a, b) => b - a));
      const mass = logprobs.reduce((s, lp) => s + Math.exp(lp), 0);
      expect(mass).toBeGreaterThan(0);
      expect(mass).toBeLessThanOrEqual(1 + 1e-9);
      expect(new Set(top.tokens.map((t) => t.token)).size).toBe(10);
    }
    expect(client.calls.every((c) => c.status === 200 && c.path === "/completions" && !c.cached)).toBe(true);
  });

  it("gives echo continuation log-probs equal to their per-token sum and to the prompt_logprobs path", async () => {
    const echo = recordedClient({ baseUrl: server.baseUrl, model: LM, continuationMethod: "echo" });
    const viaPrompt = recordedClient({ baseUrl: server.baseUrl, model: LM, continuationMethod: "prompt_logprobs" });
    const [a, b] = await Promise.all([echo.continuationLogprobs(pairs), viaPrompt.continuationLogprobs(pairs)]);
    pairs.forEach(({ context, continuation }, i) => {
      const text = context + continuation;
      expect(a[i].tokens.length).toBeGreaterThan(0);
      expect(a[i].logprob).toBe(a[i].tokens.reduce((s, t) => s + t.logprob, 0));
      expect(a[i].logprob).toBeLessThan(0);
      // The continuation's tokens reassemble the text from the first continuation token to the end.
      expect(a[i].tokens.map((t) => t.token).join("")).toBe(text.slice(a[i].tokens[0].offset));
      expect(a[i].tokens[0].offset).toBeLessThanOrEqual(context.length);
      expect(b[i]).toEqual(a[i]);
    });
    // "hah" + "aha…": the boundary falls inside a token, which the continuation takes whole.
    expect(a[3].tokens[0].offset).toBeLessThan(pairs[3].context.length);
  });

  it("sends pairs as lists of prompts where the server is batch-invariant, each distinct pair once, bit-identical to one at a time", async () => {
    const alone = await recordedClient({ baseUrl: server.baseUrl, model: LM }).continuationLogprobs(pairs);
    const bodies: { prompt: unknown }[] = [];
    const counting: typeof fetch = (input, init) => {
      bodies.push(JSON.parse(String(init?.body)) as { prompt: unknown });
      return fetch(input, init);
    };
    const cache = openCache({ path: ":memory:" });
    const batched = recordedClient({ baseUrl: server.baseUrl, model: LM, batchInvariant: true }, { fetch: counting, cache });
    // Repeats within a call and a second call for the same pairs while the first is in flight share its one request.
    const [withRepeats, again] = await Promise.all([batched.continuationLogprobs([...pairs, pairs[0], pairs[2]]), batched.continuationLogprobs(pairs)]);
    expect(bodies.map((b) => b.prompt)).toEqual([pairs.map((p) => p.context + p.continuation)]);
    expect(withRepeats).toEqual([...alone, alone[0], alone[2]]);
    expect(again).toEqual(alone);
    expect(batched.calls.filter((c) => !c.cached).map((c) => c.params.n)).toEqual([pairs.length]);
    expect(
      batched.calls
        .filter((c) => c.cached)
        .map((c) => c.cachedItems)
        .sort(),
    ).toEqual([2, pairs.length]);
    // Without a cache, repeats within one call are still asked once.
    bodies.length = 0;
    const uncached = recordedClient({ baseUrl: server.baseUrl, model: LM, batchInvariant: true }, { fetch: counting });
    expect(await uncached.continuationLogprobs([pairs[1], pairs[1], pairs[3]])).toEqual([alone[1], alone[1], alone[3]]);
    expect(bodies.map((b) => b.prompt)).toEqual([[pairs[1], pairs[3]].map((p) => p.context + p.continuation)]);
    cache.close();
  });

  // Review findings on the batched path: without a cache two pairs whose texts joined at a NUL shared an
  // answer; a list that failed for one pair failed every pair in it, and every other call waiting on
  // one of them.
  it("keeps batched answers and errors per pair: NUL-joined look-alikes, one bad pair, a call waiting on a failed list", async () => {
    const a = { context: "He said x\u0000the", continuation: " cat laughed." };
    const b = { context: "He said x", continuation: "the\u0000 cat laughed." };
    const one = recordedClient({ baseUrl: server.baseUrl, model: LM });
    const alone = [...(await one.continuationLogprobs([a])), ...(await one.continuationLogprobs([b]))];
    expect(alone[0].tokens).not.toEqual(alone[1].tokens);
    const uncached = recordedClient({ baseUrl: server.baseUrl, model: LM, batchInvariant: true });
    expect(await uncached.continuationLogprobs([a, b])).toEqual(alone);
    // A server that refuses any list holding the bad prompt (as a 400 on one over-long prompt would).
    const refusing: typeof fetch = (input, init) => {
      const body = JSON.parse(String(init?.body)) as { prompt: unknown };
      const prompts = Array.isArray(body.prompt) ? body.prompt : [body.prompt];
      if (prompts.some((x) => String(x).includes("BAD"))) return Promise.resolve(new Response(JSON.stringify({ error: { message: "prompt refused" } }), { status: 400, headers: { "content-type": "application/json" } }));
      return fetch(input, init);
    };
    const cache = openCache({ path: ":memory:" });
    const client = recordedClient({ baseUrl: server.baseUrl, model: LM, batchInvariant: true }, { fetch: refusing, cache });
    const bad = { context: "BAD context", continuation: " here." };
    const [first, second] = await Promise.allSettled([client.continuationLogprobs([pairs[0], bad, pairs[1]]), client.continuationLogprobs([pairs[0], pairs[1]])]);
    expect(first.status).toBe("rejected");
    expect(second.status === "fulfilled" && second.value).toEqual(await one.continuationLogprobs([pairs[0], pairs[1]]));
    cache.close();
  });

  it("returns one 512-d finite embedding per input, identical for identical texts", async () => {
    const client = recordedClient({ baseUrl: server.baseUrl, model: EMBEDDER, embedBatchSize: 2 });
    const texts = ["The cat sat on the mat.", "Stock markets fell sharply.", "The cat sat on the mat."];
    const vectors = await client.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(512);
      expect(v.every(Number.isFinite)).toBe(true);
    }
    expect(vectors[2]).toEqual(vectors[0]);
    expect(vectors[1]).not.toEqual(vectors[0]);
    // Records are in completion order and the two batches race: compare as a multiset.
    expect(client.calls.map((c) => c.params.n).sort()).toEqual([1, 2]);
  });

  it("re-runs a scoring on a warm cache with zero HTTP requests and bit-identical results", async () => {
    const path = join(dir, "warm.sqlite");
    const run = async () => {
      let requests = 0;
      const counting: typeof fetch = (input, init) => {
        requests++;
        return fetch(input, init);
      };
      const cache = openCache({ path });
      const lm = recordedClient({ baseUrl: server.baseUrl, model: LM }, { fetch: counting, cache });
      const embedder = recordedClient({ baseUrl: server.baseUrl, model: EMBEDDER }, { fetch: counting, cache });
      const result = {
        continuations: await lm.continuationLogprobs(pairs),
        top: await Promise.all(pairs.map((p) => lm.topLogprobs(p.context, 5))),
        greedy: await lm.complete({ prompt: "Knock knock.", maxTokens: 6, temperature: 0 }),
        embeddings: await embedder.embed(pairs.map((p) => p.continuation)),
      };
      cache.close();
      return { result, requests, calls: [...lm.calls, ...embedder.calls] };
    };
    const cold = await run();
    expect(cold.requests).toBe(2 * pairs.length + 2);
    const warm = await run();
    expect(warm.requests).toBe(0);
    expect(warm.calls.every((c) => c.cached)).toBe(true);
    expect(JSON.stringify(warm.result)).toBe(JSON.stringify(cold.result));
    expect(warm.result).toStrictEqual(cold.result);
  });

  it("answers a request the server rejects with its own message as a non-retryable HTTP error", async () => {
    const client = recordedClient({ baseUrl: server.baseUrl, model: LM });
    const err = await client.complete({ prompt: "x", maxTokens: -5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(err).toMatchObject({ kind: "http", status: 400, attempts: 1 });
    expect((err as ModelError).message).toMatch(/\/completions: HTTP 400: .*max_tokens/);
  });
});

describe("model roles", () => {
  it('starts the embedded server for "embedded" roles, picks the right model per role, and stops it on close', async () => {
    const session = await buildModelRoles({ audience: { baseUrl: "embedded" }, embedder: { baseUrl: "embedded" } }, { need: ["audience", "embedder"] });
    const { audience, embedder } = session.roles as Record<string, ModelClient>;
    // Instruments name the embedded models by a stable identity and build, never by this run's port.
    expect(session.describe()).toEqual({
      audience: { baseUrl: "embedded", model: expect.stringMatching(new RegExp(`^${LM}@.+`)) },
      embedder: { baseUrl: "embedded", model: EMBEDDER },
    });
    // The n-gram LM is batch-invariant by construction (so its continuations go out as lists); the encoder is not declared so.
    expect(audience.spec.batchInvariant).toBe(true);
    expect(embedder.spec.batchInvariant).toBeUndefined();
    // The built-in LM answers echo with logprobs 0 (no alternatives); external servers keep the default 1.
    expect(audience.spec.echoLogprobs).toBe(0);
    expect(embedder.spec.echoLogprobs).toBeUndefined();
    const [lp] = await audience.continuationLogprobs([{ context: "Audience:", continuation: " Haha" }]);
    expect(lp.logprob).toBeLessThan(0);
    expect((await embedder.embed(["hello there"]))[0]).toHaveLength(512);
    expect(session.calls()).toHaveLength(2);
    expect(session.calls().every((c) => c.endpoint === "embedded")).toBe(true);
    await session.close();
    const err = await audience.topLogprobs("x", 1).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "unreachable" });
  });

  it("re-scores a bank through a stack on a warm cache with zero model calls and bit-identical scores, across server restarts", async () => {
    const cachePath = join(dir, "stack.sqlite");
    const rows = [
      { id: "a", prompt: "What do you call a herd of cows that tell jokes?", output: "<think>Cattle are livestock; jokes make you laugh.</think>Laughing stock.", meta: { punchline: "Laughing stock." } },
      { id: "b", prompt: "Why did the scarecrow win an award?", output: "<think>He is good in his field.</think>Outstanding in his field.", meta: { punchline: "Because he was outstanding in his field." } },
      { id: "c", prompt: "Why don't skeletons fight?", output: "<think>no guts</think>", meta: { punchline: "They don't have the guts." } },
    ];
    const scoreOnce = async () => {
      const calls: { cached: boolean }[] = [];
      const opened = await openScorer({ stack: "vrcli", cache: cachePath, onCall: (_role, record) => calls.push(record) });
      try {
        const scores = await opened.scorer.scoreRows(rows);
        return { scores, calls, instrument: opened.scorer.instrument.hash };
      } finally {
        await opened.close();
      }
    };
    const cold = await scoreOnce();
    expect(cold.calls.length).toBeGreaterThan(0);
    expect(cold.calls.some((c) => !c.cached)).toBe(true);
    expect(cold.scores.some((s) => s.value !== null)).toBe(true);
    const warm = await scoreOnce();
    expect(warm.calls.length).toBeGreaterThan(0);
    expect(warm.calls.filter((c) => !c.cached)).toEqual([]);
    expect(warm.instrument).toBe(cold.instrument);
    expect(JSON.stringify(warm.scores)).toBe(JSON.stringify(cold.scores));
    expect(warm.scores).toStrictEqual(cold.scores);
  });

  it("refuses a config that lacks a needed role, naming the file and the role", async () => {
    await expect(buildModelRoles({ audience: { baseUrl: "http://127.0.0.1:9/v1", model: "m" } }, { need: ["audience", "embedder"], file: "run.yaml" })).rejects.toThrow(
      /^run\.yaml: models: no backend for role embedder \(needed: audience, embedder\)/,
    );
  });
});
