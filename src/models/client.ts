// The OpenAI-compatible client (SPEC §2): one implementation of ModelClient for vLLM, SGLang,
// llama.cpp, Ollama, hosted APIs and the built-in embedded server. A small core — each operation's
// request and response parsing (continuations in continuation-ops.ts) — over the transport (limiter → exactly one retry layer → one fetch
// with a per-attempt timeout), with removable layers around every operation: call records (outermost:
// every call, cached or not, failed or not, leaves a CallRecord), then the cache with in-flight dedupe.
import { InputError } from "../core/errors.js";
import { callRecordLayer, createCallLog } from "./call-records.js";
import { cacheKey, type ResponseCache } from "./cache.js";
import { cacheLayer } from "./cache-layer.js";
import { echoContinuation, echoContinuations, promptLogprobsContinuation } from "./continuation-ops.js";
import { ModelError } from "./errors.js";
import { createEndpointRegistry, type EndpointRegistry, type Limiter } from "./limiter.js";
import { layered, usageOf, type Operation } from "./operation.js";
import type { RetryPolicy } from "./retry.js";
import type {
  BackendSpec,
  CallOptions,
  CallRecord,
  ChatMessage,
  ChatRequest,
  ChatResult,
  CompletionRequest,
  ContinuationLogprob,
  Determinism,
  ModelClient,
  TopLogprobs,
} from "./spec.js";
import {
  chatResponse,
  completionResponse,
  embeddingResponse,
  parseWire,
  type ChatResponse,
  type CompletionResponse,
} from "./wire.js";
import { createTransport, publicEndpoint } from "./transport.js";

export interface ClientDeps {
  /** Injected fetch (tests, proxies); defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  cache?: ResponseCache;
  /** Called with every CallRecord as it is made (journals, metrics). */
  onCall?: (record: CallRecord) => void;
  /** Where `apiKeyEnv` is looked up (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Retry backoff knobs; tests pass a no-op sleep. */
  retry?: Partial<RetryPolicy>;
  /** Override the endpoint's limiter. */
  limiter?: Limiter;
  /** Per-endpoint state shared with other clients of the session (limiters, echo quirks); a fresh one by default. */
  endpoints?: EndpointRegistry;
  /** Keep records in `calls` (default true); long-running servers pass false and use onCall. */
  keepCalls?: boolean;
}

/** Bumped whenever parsing of a cached operation changes, so stale entries are never reused. */
export const CLIENT_CACHE_VERSION = 1;
const DEFAULT_EMBED_BATCH = 64;
/** Continuation prompts per echo request (a GRPO group's base and plus contexts fit in one). */
const CONTINUATION_BATCH = 32;

export function createOpenAIClient(spec: BackendSpec, deps: ClientDeps = {}): ModelClient {
  const endpoints = deps.endpoints ?? createEndpointRegistry();
  const limiterKey = publicEndpoint(spec.baseUrl);
  const transport = createTransport(spec, { fetch: deps.fetch, env: deps.env, retry: deps.retry, limiter: deps.limiter ?? endpoints.limiter(limiterKey, spec.concurrency) });
  const { endpoint, post } = transport;
  // The server as a place (errors, limits, capabilities) and as an identity (records, cache keys).
  const identity = spec.endpointId ?? endpoint;
  const baseDeterminism: Determinism = spec.batchInvariant === undefined ? {} : { batchInvariant: spec.batchInvariant };
  const log = createCallLog({ endpoint: identity, model: spec.model }, deps);
  const run = layered([callRecordLayer(log, baseDeterminism), ...(deps.cache ? [cacheLayer(deps.cache, { endpoint: identity, model: spec.model, revision: spec.revision })] : [])]);
  const operation = async <T>(op: Operation<T>): Promise<T> => (await run(op)).value;
  const record = log.record;
  const calls = log.calls;

  const generationCacheable = (temperature: number | undefined, seed: number | undefined) =>
    temperature === 0 || seed !== undefined || (deps.cache?.cacheSampled ?? false);

  /** A generation call (chat or completions): cached only when deterministic, its determinism recorded. */
  function generation<T>(
    path: "/chat/completions" | "/completions",
    body: Record<string, unknown>,
    req: { temperature?: number; seed?: number },
    options: CallOptions | undefined,
    parse: (json: unknown) => { value: T; usage: ReturnType<typeof usageOf> },
  ): Promise<T> {
    return operation({
      path,
      params: withoutModel(body),
      determinism: { seed: req.seed, temperature: req.temperature },
      cacheable: generationCacheable(req.temperature, req.seed),
      options,
      run: async (signal) => {
        const res = await post(path, body, signal);
        return { ...parse(res.json), attempts: res.attempts, status: res.status };
      },
    });
  }

  async function chat(req: ChatRequest, options?: CallOptions): Promise<ChatResult> {
    req.messages.forEach((m, i) => assertWellFormed(m.content, `messages[${i}].content`));
    const body = {
      ...spec.extraBody,
      model: spec.model,
      messages: req.messages.map(wireMessage),
      ...(req.tools ? { tools: req.tools.map((t) => ({ type: "function", function: t })), tool_choice: req.toolChoice ?? "auto" } : {}),
      temperature: req.temperature,
      top_p: req.topP,
      max_tokens: req.maxTokens,
      seed: req.seed,
      n: req.n,
      stop: req.stop,
      ...(req.topLogprobs ? { logprobs: true, top_logprobs: req.topLogprobs } : {}),
    };
    return generation("/chat/completions", body, req, options, (json) => {
      const parsed = parseWire(chatResponse, json, { endpoint, path: "/chat/completions" });
      return { value: chatResult(parsed, endpoint), usage: usageOf(parsed) };
    });
  }

  async function complete(req: CompletionRequest, options?: CallOptions): Promise<ChatResult> {
    assertWellFormed(req.prompt, "prompt");
    const body = {
      ...spec.extraBody,
      model: spec.model,
      prompt: req.prompt,
      temperature: req.temperature,
      max_tokens: req.maxTokens,
      seed: req.seed,
      n: req.n,
      stop: req.stop,
    };
    return generation("/completions", body, req, options, (json) => {
      const parsed = parseWire(completionResponse, json, { endpoint, path: "/completions" });
      const choices = parsed.choices.map((c) => ({ text: c.text, finishReason: c.finish_reason ?? null }));
      return { value: { choices, ...usageField(parsed) }, usage: usageOf(parsed) };
    });
  }

  async function topLogprobs(prompt: string, k: number, options?: CallOptions): Promise<TopLogprobs> {
    assertWellFormed(prompt, "prompt");
    if (!Number.isInteger(k) || k < 1) throw new InputError("topLogprobs.k", `must be an integer ≥ 1, got ${k}`);
    const viaChat = spec.topLogprobsVia === "chat";
    const path = viaChat ? "/chat/completions" : "/completions";
    const body = viaChat
      ? { model: spec.model, messages: [{ role: "user", content: prompt }], max_tokens: 1, temperature: 0, logprobs: true, top_logprobs: k }
      : { model: spec.model, prompt, max_tokens: 1, temperature: 0, logprobs: k };
    return operation({
      path,
      params: withoutModel(body),
      determinism: { temperature: 0 },
      cacheable: true,
      options,
      run: async (signal) => {
        const res = await post(path, body, signal);
        const where = { endpoint, path };
        const entries = viaChat ? chatTopEntries(parseWire(chatResponse, res.json, where), where) : completionTopEntries(parseWire(completionResponse, res.json, where), where);
        for (const e of entries) {
          if (!(e.logprob <= 0)) throw new ModelError({ kind: "malformed", ...where }, `malformed response: top log-prob of ${JSON.stringify(e.token)} is ${e.logprob}, not ≤ 0`);
        }
        const tokens = entries.sort((a, b) => b.logprob - a.logprob).slice(0, k);
        return { value: { tokens }, attempts: res.attempts, status: res.status };
      },
    });
  }

  async function continuationLogprobs(pairs: { context: string; continuation: string }[], options?: CallOptions): Promise<ContinuationLogprob[]> {
    const method = spec.continuationMethod ?? "echo";
    pairs.forEach((p, i) => {
      assertWellFormed(p.context, `pairs[${i}].context`);
      assertWellFormed(p.continuation, `pairs[${i}].continuation`);
      if (p.continuation.length === 0) throw new InputError(`pairs[${i}].continuation`, "is empty; its log-probability would be 0 by definition");
    });
    const continuation = { spec, transport, endpoints };
    const opFor = (p: { context: string; continuation: string }) => ({
      path: `/completions#continuation:${method}`,
      params: { context: p.context, continuation: p.continuation, method, version: CLIENT_CACHE_VERSION, extra: spec.extraBody },
    });
    // Lists of prompts when asked, or always where the server is declared batch-invariant (a list's
    // answers are then what each prompt gets alone): one request per pair costs the server and the
    // client far more than the scoring itself on a fast model.
    if (method !== "echo" || !(options?.batch ?? spec.batchInvariant === true)) {
      const run = method === "echo" ? echoContinuation : promptLogprobsContinuation;
      return Promise.all(pairs.map((p) => operation({ ...opFor(p), determinism: { temperature: 0 }, cacheable: true, options, run: (signal) => run(continuation, p.context, p.continuation, signal) })));
    }
    // Batched echo: each pair keeps its own cache entry (the same key as one at a time). A pair the
    // cache lacks is asked once: a repeat within the call, or a pair another call has on its way,
    // waits for that answer (as the cache layer's in-flight dedupe does for single calls); the rest
    // go out CONTINUATION_BATCH prompts per request.
    const cache = deps.cache && !options?.noCache ? deps.cache : undefined;
    const keyOf = (p: { context: string; continuation: string }) => {
      const op = opFor(p);
      // Without a cache, a key no two different pairs share (NUL is a legal character in either field).
      return cache ? cacheKey({ endpoint: identity, model: spec.model, revision: spec.revision, path: op.path, params: op.params, epoch: cache.epoch }) : JSON.stringify([p.context, p.continuation]);
    };
    const keys = pairs.map(keyOf);
    const out: (ContinuationLogprob | undefined)[] = keys.map((key) => (cache ? (cache.get(key) as ContinuationLogprob | undefined) : undefined));
    const hits = out.filter((v) => v !== undefined).length;
    const first = new Map<string, number>();
    const repeats: { i: number; of: number }[] = [];
    const joined: { i: number; answer: Promise<unknown> }[] = [];
    const missing: number[] = [];
    keys.forEach((key, i) => {
      if (out[i] !== undefined) return;
      const earlier = first.get(key);
      const pending = cache?.inflight.get(key);
      if (earlier !== undefined) repeats.push({ i, of: earlier });
      else if (pending) joined.push({ i, answer: pending });
      else {
        first.set(key, i);
        missing.push(i);
      }
    });
    const shared = hits + repeats.length + joined.length;
    if (shared > 0) {
      record({ path: "/completions#continuation:echo", params: { n: shared }, determinism: { ...baseDeterminism, temperature: 0 }, latencyMs: 0, cached: true, attempts: 0, status: 200, cachedItems: shared });
    }
    const ask = (indices: number[], size = CONTINUATION_BATCH): Promise<void>[] => {
      const batches: number[][] = [];
      for (let i = 0; i < indices.length; i += size) batches.push(indices.slice(i, i + size));
      return batches.map((batch) => {
        const once = operation({
          path: "/completions#continuation:echo",
          params: { n: batch.length },
          determinism: { temperature: 0 },
          cacheable: false,
          options,
          run: async (signal) => {
            const res = await echoContinuations(continuation, batch.map((i) => pairs[i]), signal);
            const stored = cache ? cache.setMany(res.value.map((value, j) => ({ key: keys[batch[j]], value, meta: { endpoint: identity, model: spec.model, path: "/completions" } }))) : res.value;
            batch.forEach((i, j) => (out[i] = stored[j] as ContinuationLogprob));
            return { ...res, value: null };
          },
        });
        // A request of several pairs can fail for one of them (a 400 on one prompt) or for the list (a
        // timeout, a 413): each pair is then asked alone, so the error a pair gets is its own.
        const sent = batch.length === 1 ? once : once.catch(async (err: unknown) => {
          if (options?.signal?.aborted) throw err;
          await Promise.all(ask(batch, 1));
        });
        sent.catch(() => undefined);
        if (cache) {
          for (const i of batch) {
            const answer = sent.then(() => out[i] as ContinuationLogprob);
            answer.catch(() => undefined);
            cache.inflight.set(keys[i], answer);
            const forget = () => cache.inflight.delete(keys[i]);
            answer.then(forget, forget);
          }
        }
        return sent.then(() => undefined);
      });
    };
    const sending = ask(missing);
    // Another call's failure is not ours (its abort, its time limit): a pair whose shared answer failed
    // is then asked for here, alone, so its error, if any, is its own.
    const retry: number[] = [];
    await Promise.all([
      ...sending,
      ...joined.map(({ i, answer }) =>
        answer.then(
          (v) => void (out[i] = v as ContinuationLogprob),
          (err: unknown) => {
            if (options?.signal?.aborted) throw err;
            retry.push(i);
          },
        ),
      ),
    ]);
    if (retry.length > 0) await Promise.all(ask(retry, 1));
    for (const { i, of } of repeats) out[i] = structuredClone(out[of]);
    return out as ContinuationLogprob[];
  }

  async function embed(texts: string[], options?: CallOptions): Promise<number[][]> {
    texts.forEach((t, i) => assertWellFormed(t, `texts[${i}]`));
    const started = performance.now();
    const cache = deps.cache && !options?.noCache ? deps.cache : undefined;
    const keyOf = (input: string) =>
      cacheKey({ endpoint: identity, model: spec.model, revision: spec.revision, path: "/embeddings", params: { input, version: CLIENT_CACHE_VERSION }, epoch: cache!.epoch });
    const out: (number[] | undefined)[] = texts.map((t) => (cache ? (cache.get(keyOf(t)) as number[] | undefined) : undefined));
    const missing = texts.flatMap((_, i) => (out[i] === undefined ? [i] : []));
    const hits = texts.length - missing.length;
    if (hits > 0) {
      record({ path: "/embeddings", params: { n: hits }, determinism: baseDeterminism, latencyMs: performance.now() - started, cached: true, attempts: 0, status: 200, cachedItems: hits });
    }
    const batchSize = spec.embedBatchSize ?? DEFAULT_EMBED_BATCH;
    const batches: number[][] = [];
    for (let i = 0; i < missing.length; i += batchSize) batches.push(missing.slice(i, i + batchSize));
    await Promise.all(
      batches.map((batch) =>
        operation({
          path: "/embeddings",
          params: { n: batch.length },
          determinism: {},
          cacheable: false,
          options,
          run: async (signal) => {
            const inputs = batch.map((i) => texts[i]);
            const res = await post("/embeddings", { model: spec.model, input: inputs }, signal);
            const vectors = embeddingVectors(parseWire(embeddingResponse, res.json, { endpoint, path: "/embeddings" }), inputs.length, endpoint);
            const stored = cache ? cache.setMany(vectors.map((value, j) => ({ key: keyOf(inputs[j]), value, meta: { endpoint: identity, model: spec.model, path: "/embeddings" } }))) : vectors;
            batch.forEach((i, j) => (out[i] = stored[j] as number[]));
            return { value: null, attempts: res.attempts, status: res.status };
          },
        }),
      ),
    );
    const dims = new Set(out.map((v) => v!.length));
    if (dims.size > 1) {
      throw new ModelError({ kind: "malformed", endpoint, path: "/embeddings" }, `embeddings differ in dimension (${[...dims].join(", ")}); was the model changed under a warm cache? bump cache.epoch`);
    }
    return out as number[][];
  }

  return { spec, calls, chat, complete, topLogprobs, continuationLogprobs, embed };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Lone surrogates cannot be encoded as UTF-8: the server would see U+FFFD, not what the caller sent. */
function assertWellFormed(text: string, field: string): void {
  if (typeof text !== "string") throw new InputError(field, `expected a string, got ${text === null ? "null" : typeof text}`);
  if (LONE_SURROGATE.test(text)) throw new InputError(field, "is not valid Unicode (contains a lone surrogate), so it cannot be sent as UTF-8");
}

function withoutModel(body: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, ...rest } = body;
  return rest;
}


/** Our message shape → the OpenAI wire shape (snake_case tool fields). */
function wireMessage(m: ChatMessage): Record<string, unknown> {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
  if (m.role === "assistant" && m.toolCalls?.length) {
    return { role: "assistant", content: m.content || null, tool_calls: m.toolCalls.map((t) => ({ id: t.id, type: "function", function: { name: t.name, arguments: t.arguments } })) };
  }
  return { role: m.role, content: m.content };
}

function usageField(parsed: ChatResponse | CompletionResponse): Pick<ChatResult, "usage"> {
  return parsed.usage ? { usage: { promptTokens: parsed.usage.prompt_tokens, completionTokens: parsed.usage.completion_tokens ?? 0 } } : {};
}

function chatResult(parsed: ChatResponse, endpoint: string): ChatResult {
  const choices = parsed.choices.map((c, i) => {
    const toolCalls = c.message.tool_calls?.map((t, j) => ({
      id: t.id ?? `call_${i}_${j}`,
      name: t.function.name,
      arguments: typeof t.function.arguments === "string" ? t.function.arguments : JSON.stringify(t.function.arguments ?? {}),
    }));
    const content = c.message.content ?? (toolCalls?.length ? "" : null);
    if (content === null) {
      throw new ModelError(
        { kind: "malformed", endpoint, path: "/chat/completions" },
        `malformed response: choices.${i}.message.content is null (finish_reason ${c.finish_reason ?? "none"})`,
      );
    }
    const logprobs = c.logprobs?.content?.map((t) => ({ token: t.token, logprob: t.logprob, top: t.top_logprobs.map(({ token, logprob }) => ({ token, logprob })) }));
    return { text: content, finishReason: c.finish_reason ?? null, ...(logprobs ? { logprobs } : {}), ...(toolCalls?.length ? { toolCalls } : {}) };
  });
  return { choices, ...usageField(parsed) };
}

function completionTopEntries(parsed: CompletionResponse, where: { endpoint: string; path: string }) {
  const top = parsed.choices[0].logprobs?.top_logprobs?.[0];
  if (!top) throw new ModelError({ kind: "malformed", ...where }, "malformed response: choices.0.logprobs.top_logprobs.0 is missing");
  return Object.entries(top).map(([token, logprob]) => ({ token, logprob }));
}

function chatTopEntries(parsed: ChatResponse, where: { endpoint: string; path: string }) {
  const first = parsed.choices[0].logprobs?.content?.[0];
  if (!first) throw new ModelError({ kind: "malformed", ...where }, "malformed response: choices.0.logprobs.content.0 is missing");
  return first.top_logprobs.map(({ token, logprob }) => ({ token, logprob }));
}

function embeddingVectors(parsed: { data: { embedding: number[]; index: number }[] }, expected: number, endpoint: string): number[][] {
  const where = { kind: "malformed" as const, endpoint, path: "/embeddings" };
  if (parsed.data.length !== expected) throw new ModelError(where, `malformed response: data has ${parsed.data.length} embeddings for ${expected} inputs`);
  const out: number[][] = new Array(expected);
  for (const item of parsed.data) {
    if (item.index >= expected || out[item.index]) throw new ModelError(where, `malformed response: data index ${item.index} is out of range or repeated`);
    if (item.embedding.length === 0) throw new ModelError(where, `malformed response: data[${item.index}].embedding is empty`);
    out[item.index] = item.embedding;
  }
  return out;
}
