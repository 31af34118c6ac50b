// Middleware around any model client, against the real embedded model server: a user-written client
// (its own request functions, no foolsgold client inside) wrapped with the cache and call records;
// the cache keyed as earlier builds keyed it; concurrent identical batched calls sent once; records;
// cancellation as middleware.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheKey, openCache } from "../../src/models/cache.js";
import { cacheResponses } from "../../src/models/cache-middleware.js";
import { recordCalls } from "../../src/models/call-records.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { wrapModelClient, type ModelMiddleware } from "../../src/models/middleware.js";
import type { BackendSpec, CallOptions, CallRecord, ContinuationPair, ModelClient } from "../../src/models/spec.js";
import { withSignal } from "../../src/models/with-signal.js";

const LM = "foolsgold-embedded-lm";
const EMBEDDER = "use-lite-512";
let server: EmbeddedServer;

beforeAll(async () => {
  server = await startEmbeddedServer({ port: 0 });
});
afterAll(async () => server?.close());

const pairs: ContinuationPair[] = [
  { context: "The comedian walked on stage and the audience", continuation: " laughed." },
  { context: "Why did the chicken cross the road? To get to", continuation: " the other side." },
  { context: "It was a dark and stormy", continuation: " night" },
];

/**
 * A client as a user would write it: plain fetch against the server's OpenAI-compatible API, no
 * foolsgold client inside. It sums echoed token log-probs itself and reports nothing to the records
 * middleware. `asked` logs what each call asked for.
 */
function userClient(spec: BackendSpec, asked: string[][]): ModelClient {
  const post = async (path: string, body: unknown, options?: CallOptions) => {
    const res = await fetch(`${spec.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: spec.model, ...(body as object) }), signal: options?.signal });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const unused = () => Promise.reject(new Error("not part of this client"));
  return {
    spec,
    chat: unused,
    complete: unused,
    topLogprobs: unused,
    async continuationLogprobs(input, options) {
      asked.push(input.map((p) => p.continuation));
      return Promise.all(
        input.map(async ({ context, continuation }) => {
          const json = (await post("/completions", { prompt: context + continuation, echo: true, logprobs: 0, max_tokens: 0, temperature: 0 }, options)) as {
            choices: { logprobs: { tokens: string[]; token_logprobs: (number | null)[]; text_offset: number[] } }[];
          };
          const lp = json.choices[0].logprobs;
          const tokens = lp.tokens.flatMap((token, i) => (lp.text_offset[i] >= context.length ? [{ token, logprob: lp.token_logprobs[i]!, offset: lp.text_offset[i] }] : []));
          return { logprob: tokens.reduce((s, t) => s + t.logprob, 0), tokens, contextTokenCount: lp.tokens.length - tokens.length };
        }),
      );
    },
    async embed(texts, options) {
      asked.push([...texts]);
      const json = (await post("/embeddings", { input: texts }, options)) as { data: { embedding: number[]; index: number }[] };
      return json.data.sort((a, b) => a.index - b.index).map((d) => d.embedding);
    },
  };
}

describe("a user-written client wrapped with the cache and call records (embedded server)", () => {
  it("asks its client only for what the cache lacks, records every call, and answers warm calls bit-identically", async () => {
    const asked: string[][] = [];
    const cache = openCache({ path: ":memory:" });
    const records = recordCalls();
    const spec = { baseUrl: server.baseUrl, model: EMBEDDER };
    const client = wrapModelClient({ client: userClient(spec, asked), middleware: [records.middleware, cacheResponses(cache)] });
    const first = await client.embed(["a cat sat", "stocks fell", "a cat sat"]);
    // The repeat within the call is asked once; the vectors are the server's.
    expect(asked).toEqual([["a cat sat", "stocks fell"]]);
    expect(first[2]).toStrictEqual(first[0]);
    expect(first[0]).toHaveLength(512);
    const second = await client.embed(["stocks fell", "rain tomorrow", "a cat sat"]);
    expect(asked).toEqual([["a cat sat", "stocks fell"], ["rain tomorrow"]]);
    expect(second[0]).toStrictEqual(first[1]);
    expect(second[2]).toStrictEqual(first[0]);
    // The user's client reports nothing, so each call it answered is one record; the cache's answers are records of their own.
    const summary = (r: CallRecord) => ({ path: r.path, cached: r.cached, params: r.params, cachedItems: r.cachedItems, endpoint: r.endpoint, model: r.model });
    const endpoint = server.baseUrl;
    expect(records.calls().map(summary)).toEqual([
      { path: "/embeddings", cached: true, params: { n: 1 }, cachedItems: 1, endpoint, model: EMBEDDER },
      { path: "embed", cached: false, params: { n: 2 }, cachedItems: undefined, endpoint, model: EMBEDDER },
      { path: "/embeddings", cached: true, params: { n: 2 }, cachedItems: 2, endpoint, model: EMBEDDER },
      { path: "embed", cached: false, params: { n: 1 }, cachedItems: undefined, endpoint, model: EMBEDDER },
    ]);
    const warm = await client.embed(["rain tomorrow", "a cat sat"]);
    expect(asked).toHaveLength(2);
    expect(warm).toStrictEqual([second[1], first[0]]);
    cache.close();
  });

  it("keys answers by the request, as the OpenAI client does: one fills the cache, the other reads it with no request", async () => {
    const asked: string[][] = [];
    const cache = openCache({ path: ":memory:" });
    const spec = { baseUrl: server.baseUrl, model: LM };
    const mine = wrapModelClient({ client: userClient(spec, asked), middleware: cacheResponses(cache) });
    const filled = await mine.continuationLogprobs(pairs);
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests++;
      return fetch(input, init);
    };
    const records = recordCalls();
    const theirs = wrapModelClient({ client: createOpenAIClient(spec, { fetch: counting }), middleware: [records.middleware, cacheResponses(cache)] });
    expect(await theirs.continuationLogprobs(pairs)).toStrictEqual(filled);
    expect(requests).toBe(0);
    expect(records.calls()).toEqual([expect.objectContaining({ cached: true, cachedItems: pairs.length, attempts: 0 })]);
    // The key is the one earlier builds wrote (path, settings and version as before), so their cache files stay readable.
    const key = cacheKey({ endpoint: server.baseUrl, model: LM, path: "/completions#continuation:echo", params: { context: pairs[0].context, continuation: pairs[0].continuation, method: "echo", version: 1 }, epoch: 0 });
    expect(cache.get(key)).toStrictEqual(filled[0]);
    // The user's sum of echoed log-probs is the OpenAI client's, uncached, to the bit.
    expect(await createOpenAIClient(spec).continuationLogprobs(pairs)).toStrictEqual(filled);
    cache.close();
  });

  it("keys embeddings and top-k as earlier builds did", async () => {
    const cache = openCache({ path: ":memory:" });
    const lm = wrapModelClient({ client: createOpenAIClient({ baseUrl: server.baseUrl, model: LM }), middleware: cacheResponses(cache) });
    const embedder = wrapModelClient({ client: createOpenAIClient({ baseUrl: server.baseUrl, model: EMBEDDER }), middleware: cacheResponses(cache) });
    const top = await lm.topLogprobs("Knock knock.", 3);
    const [vector] = await embedder.embed(["hello there"]);
    const key = (model: string, path: string, params: Record<string, unknown>) => cacheKey({ endpoint: server.baseUrl, model, path, params, epoch: 0 });
    expect(cache.get(key(LM, "/completions", { prompt: "Knock knock.", max_tokens: 1, temperature: 0, logprobs: 3 }))).toStrictEqual(top);
    expect(cache.get(key(EMBEDDER, "/embeddings", { input: "hello there", version: 1 }))).toStrictEqual(vector);
    cache.close();
  });
});

describe("in-flight dedupe of batched calls (embedded server)", () => {
  it("sends each distinct pair of two concurrent overlapping continuation calls once, answers equal to one at a time", async () => {
    const alone = await createOpenAIClient({ baseUrl: server.baseUrl, model: LM }).continuationLogprobs(pairs);
    const prompts: unknown[] = [];
    const counting: typeof fetch = (input, init) => {
      prompts.push((JSON.parse(String(init?.body)) as { prompt: unknown }).prompt);
      return fetch(input, init);
    };
    const cache = openCache({ path: ":memory:" });
    const spec = { baseUrl: server.baseUrl, model: LM, batchInvariant: true };
    // Two clients on one cache share its in-flight table, as every role of a session does.
    const a = wrapModelClient({ client: createOpenAIClient(spec, { fetch: counting }), middleware: cacheResponses(cache) });
    const b = wrapModelClient({ client: createOpenAIClient(spec, { fetch: counting }), middleware: cacheResponses(cache) });
    const [first, second] = await Promise.all([a.continuationLogprobs([pairs[0], pairs[1]]), b.continuationLogprobs([pairs[1], pairs[2], pairs[0]])]);
    expect(first).toStrictEqual([alone[0], alone[1]]);
    expect(second).toStrictEqual([alone[1], alone[2], alone[0]]);
    expect(prompts.flat().sort()).toEqual(pairs.map((p) => p.context + p.continuation).sort());
    cache.close();
  });

  it("sends each distinct text of two concurrent overlapping embed calls once", async () => {
    const inputs: string[][] = [];
    const counting: typeof fetch = (input, init) => {
      inputs.push((JSON.parse(String(init?.body)) as { input: string[] }).input);
      return fetch(input, init);
    };
    const cache = openCache({ path: ":memory:" });
    const records = recordCalls();
    const client = wrapModelClient({ client: createOpenAIClient({ baseUrl: server.baseUrl, model: EMBEDDER }, { fetch: counting }), middleware: [records.middleware, cacheResponses(cache)] });
    const [x, y] = await Promise.all([client.embed(["one fish", "two fish"]), client.embed(["two fish", "red fish", "one fish"])]);
    expect(inputs).toEqual([["one fish", "two fish"], ["red fish"]]);
    expect(y[0]).toStrictEqual(x[1]);
    expect(y[2]).toStrictEqual(x[0]);
    expect(records.calls().filter((r) => r.cached)).toEqual([expect.objectContaining({ path: "/embeddings", cachedItems: 2, attempts: 0 })]);
    expect(
      records
        .calls()
        .filter((r) => !r.cached)
        .map((r) => r.params.n)
        .sort(),
    ).toEqual([1, 2]);
    cache.close();
  });
});

describe("call records and cancellation as middleware", () => {
  it("records each request the OpenAI client reports, hands records to onCall, and keeps none when told", async () => {
    const seen: CallRecord[] = [];
    const records = recordCalls({ keep: false, onCall: (r) => seen.push(r) });
    const client = wrapModelClient({ client: createOpenAIClient({ baseUrl: server.baseUrl, model: LM, batchInvariant: true }), middleware: records.middleware });
    await client.continuationLogprobs(pairs);
    await client.topLogprobs("Audience:", 2);
    expect(records.calls()).toEqual([]);
    expect(seen.map((r) => [r.path, r.params, r.status, r.attempts, r.cached, r.determinism])).toEqual([
      ["/completions#continuation:echo", { n: pairs.length }, 200, 1, false, { batchInvariant: true, temperature: 0 }],
      ["/completions", { promptChars: "Audience:".length, max_tokens: 1, temperature: 0, logprobs: 2 }, 200, 1, false, { batchInvariant: true, temperature: 0 }],
    ]);
  });

  it("records a failed call of a user's client with its error, and an empty batch not at all", async () => {
    const records = recordCalls();
    const client = wrapModelClient({ client: userClient({ baseUrl: "http://127.0.0.1:9/v1", model: "m" }, []), middleware: records.middleware });
    await expect(client.embed(["x"])).rejects.toThrow(/fetch failed/);
    expect(records.calls()).toEqual([expect.objectContaining({ path: "embed", params: { n: 1 }, cached: false, status: "error", error: expect.stringMatching(/fetch failed/) })]);
    const theirs = wrapModelClient({ client: createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "m" }), middleware: records.middleware });
    expect(await theirs.embed([])).toEqual([]);
    expect(await theirs.continuationLogprobs([])).toEqual([]);
    expect(records.calls()).toHaveLength(1);
  });

  it("runs middleware outermost first, and withSignal stops a user client's call", async () => {
    const order: string[] = [];
    const tag = (name: string): ModelMiddleware => ({
      wrapCall: async ({ call, next }) => {
        order.push(`${name}>`);
        const out = await next(call);
        order.push(`<${name}`);
        return out;
      },
    });
    const client = wrapModelClient({ client: userClient({ baseUrl: server.baseUrl, model: EMBEDDER }, []), middleware: [tag("a"), tag("b")] });
    await client.embed(["x"]);
    expect(order).toEqual(["a>", "b>", "<b", "<a"]);
    const controller = new AbortController();
    controller.abort(new Error("stopped by the scorer"));
    const stopped = wrapModelClient({ client, middleware: withSignal(controller.signal) });
    await expect(stopped.embed(["y"])).rejects.toThrow(/stopped by the scorer/);
  });
});
