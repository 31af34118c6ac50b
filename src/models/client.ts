// The OpenAI-compatible client (SPEC §2): one implementation of ModelClient for vLLM, SGLang,
// llama.cpp, Ollama, hosted APIs and the built-in embedded server. Layers, outside in: cache lookup →
// retry (exactly one layer) → per-endpoint limiter → one fetch with a per-attempt timeout. Every
// call, cached or not, failed or not, leaves a CallRecord.
import { InputError, errorMessage } from "../core/errors.js";
import { createRng } from "../core/random.js";
import { cacheKey, type ResponseCache } from "./cache.js";
import {
  AmbiguousPromptLogprobs,
  ContinuationProblem,
  echoTokens,
  promptLogprobTokens,
  splitAtBoundary,
  type PromptToken,
} from "./continuation.js";
import { ModelError, abortError, describeErrorBody } from "./errors.js";
import { limiterFor, type Limiter } from "./limiter.js";
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from "./retry.js";
import type {
  BackendSpec,
  CallOptions,
  CallRecord,
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
  tokenizeResponse,
  type ChatResponse,
  type CompletionResponse,
} from "./wire.js";

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
  /** Override the shared per-endpoint limiter. */
  limiter?: Limiter;
  /** Keep records in `calls` (default true); long-running servers pass false and use onCall. */
  keepCalls?: boolean;
}

/** Bumped whenever parsing of a cached operation changes, so stale entries are never reused. */
export const CLIENT_CACHE_VERSION = 1;
const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_EMBED_BATCH = 64;
/** Continuation prompts per echo request (a GRPO group's base and plus contexts fit in one). */
const CONTINUATION_BATCH = 32;

/** Cacheable requests in flight, per cache, so identical concurrent calls make one request. */
const inflightByCache = new WeakMap<ResponseCache, Map<string, Promise<unknown>>>();
function inflight(cache: ResponseCache): Map<string, Promise<unknown>> {
  let table = inflightByCache.get(cache);
  if (!table) inflightByCache.set(cache, (table = new Map()));
  return table;
}

/** Endpoints that rejected echo with max_tokens 0 and need 1 (remembered for the process). */
const echoNeedsOneToken = new Set<string>();

interface HttpResult {
  json: unknown;
  status: number;
  attempts: number;
}

interface OpOutcome<T> {
  value: T;
  attempts: number;
  status: number;
  usage?: { promptTokens: number; completionTokens?: number };
}

export function createOpenAIClient(spec: BackendSpec, deps: ClientDeps = {}): ModelClient {
  const base = checkBaseUrl(spec.baseUrl);
  // The server as a place (errors, limits, capabilities) and as an identity (records, cache keys).
  const endpoint = publicEndpoint(base);
  const identity = spec.endpointId ?? endpoint;
  const root = base.replace(/\/v1$/, "");
  const fetchFn = deps.fetch ?? globalThis.fetch;
  const limiter = deps.limiter ?? limiterFor(endpoint, spec.concurrency);
  const timeoutMs = spec.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Jitter only spreads retries out; seeding it per process keeps processes from retrying in lockstep.
  const jitter = createRng(`retry-jitter:${process.pid}:${process.hrtime.bigint()}`);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, random: jitter.next, ...deps.retry, maxRetries: spec.maxRetries ?? deps.retry?.maxRetries ?? DEFAULT_RETRY.maxRetries };
  const headers = requestHeaders(spec, deps.env ?? process.env);
  const calls: CallRecord[] = [];
  const baseDeterminism: Determinism = spec.batchInvariant === undefined ? {} : { batchInvariant: spec.batchInvariant };

  const record = (r: Omit<CallRecord, "endpoint" | "model">) => {
    const full: CallRecord = { endpoint: identity, model: spec.model, ...r };
    if (deps.keepCalls !== false) calls.push(full);
    deps.onCall?.(full);
  };

  async function sendOnce(url: string, path: string, body: unknown, signal?: AbortSignal): Promise<{ json: unknown; status: number }> {
    // One controller per attempt, fired by the timer or the caller. A plain timer plus a listener we
    // remove is cheaper than AbortSignal.timeout/any and leaves nothing behind on a long-lived signal.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timeout after ${timeoutMs} ms`));
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    const where = { endpoint, path };
    const failed = (err: unknown): ModelError => {
      if (signal?.aborted) return abortError(endpoint, path, signal.reason);
      if (timedOut) return new ModelError({ kind: "timeout", ...where, cause: err }, `no response within ${timeoutMs} ms`);
      const code = causeCode(err);
      return new ModelError(
        { kind: "unreachable", ...where, cause: err },
        `cannot reach the server${code ? ` (${code})` : ""}: ${errorMessage(err)}; is it running at ${endpoint}?`,
      );
    };
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await fetchFn(url, { method: "POST", headers, body: JSON.stringify(body), signal: controller.signal });
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (err) {
      throw failed(err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    if (!response.ok) {
      const text = new TextDecoder().decode(bytes);
      throw new ModelError(
        { kind: "http", ...where, status: response.status, body: text, headers: response.headers },
        `HTTP ${response.status}: ${describeErrorBody(text) || response.statusText}`,
      );
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (err) {
      throw new ModelError({ kind: "malformed", ...where, status: response.status, cause: err }, "malformed response: the body is not valid UTF-8");
    }
    try {
      return { json: JSON.parse(text), status: response.status };
    } catch (err) {
      throw new ModelError(
        { kind: "malformed", ...where, status: response.status, body: text.slice(0, 2000), cause: err },
        `malformed response: not JSON (${errorMessage(err)}); body starts ${JSON.stringify(text.slice(0, 80))}`,
      );
    }
  }

  /** POST with retry; each attempt waits for its own limiter slot, so backoff sleeps hold none. */
  async function post(path: string, body: unknown, signal?: AbortSignal, atRoot = false): Promise<HttpResult> {
    const url = (atRoot ? root : base) + path;
    const attempt = async () => {
      try {
        return await limiter.run(() => sendOnce(url, path, body, signal), signal);
      } catch (err) {
        if (!(err instanceof ModelError) && signal?.aborted) throw abortError(endpoint, path, signal.reason);
        throw err;
      }
    };
    const { value, attempts } = await withRetry(attempt, policy, signal);
    return { ...value, attempts };
  }

  /** Runs one logical operation through the cache and records it. */
  async function operation<T>(op: {
    path: string;
    params: Record<string, unknown>;
    determinism: Determinism;
    cacheable: boolean;
    options?: CallOptions;
    run: (signal?: AbortSignal) => Promise<OpOutcome<T>>;
  }): Promise<T> {
    const started = performance.now();
    const cache = deps.cache && op.cacheable && !op.options?.noCache ? deps.cache : undefined;
    const key = cache ? cacheKey({ endpoint: identity, model: spec.model, revision: spec.revision, path: op.path, params: op.params, epoch: cache.epoch }) : undefined;
    const determinism = { ...baseDeterminism, ...op.determinism };
    const params = recordedParams(op.params);
    if (cache && key) {
      const hit = cache.get(key);
      if (hit !== undefined) {
        record({ path: op.path, params, determinism, latencyMs: performance.now() - started, cached: true, attempts: 0, status: 200 });
        return hit as T;
      }
    }
    let pending = cache && key ? inflight(cache).get(key) : undefined;
    try {
      if (pending) {
        // An identical request is already on its way: share its answer rather than ask twice.
        try {
          const value = (await pending) as T;
          record({ path: op.path, params, determinism, latencyMs: performance.now() - started, cached: true, attempts: 0, status: 200 });
          return value;
        } catch (err) {
          // Another caller's abort is not ours: then ask for ourselves.
          if (!(err instanceof ModelError && err.kind === "abort") || op.options?.signal?.aborted) throw err;
          pending = undefined;
        }
      }
      const work = op.run(op.options?.signal).then((out) => ({
        out,
        value: cache && key ? (cache.set(key, out.value, { endpoint: identity, model: spec.model, path: op.path }) as T) : out.value,
      }));
      if (cache && key) {
        const shared = work.then((r) => r.value);
        shared.catch(() => undefined);
        const table = inflight(cache);
        table.set(key, shared);
        const forget = () => table.delete(key);
        work.then(forget, forget);
      }
      const { out, value } = await work;
      record({
        path: op.path,
        params,
        determinism,
        latencyMs: performance.now() - started,
        cached: false,
        attempts: out.attempts,
        status: out.status,
        ...(out.usage ? { promptTokens: out.usage.promptTokens, completionTokens: out.usage.completionTokens } : {}),
      });
      return value;
    } catch (err) {
      record({
        path: op.path,
        params,
        determinism,
        latencyMs: performance.now() - started,
        cached: false,
        attempts: pending ? 0 : err instanceof ModelError ? err.attempts : 1,
        status: err instanceof ModelError && err.status !== undefined ? err.status : "error",
        error: errorMessage(err),
      });
      throw err;
    }
  }

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
      messages: req.messages,
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

  /** One /completions request for many prompts (vLLM and the built-in server take a list), echoing each prompt's log-probs. */
  async function echoContinuations(pairs: { context: string; continuation: string }[], signal?: AbortSignal): Promise<OpOutcome<ContinuationLogprob[]>> {
    const texts = pairs.map((p) => p.context + p.continuation);
    const body = (maxTokens: number) => ({
      ...spec.extraBody,
      model: spec.model,
      prompt: texts.length === 1 ? texts[0] : texts,
      echo: true,
      logprobs: 1,
      max_tokens: maxTokens,
      temperature: 0,
    });
    let res: HttpResult;
    let attempts = 0;
    if (echoNeedsOneToken.has(endpoint)) {
      res = await post("/completions", body(1), signal);
    } else {
      try {
        res = await post("/completions", body(0), signal);
      } catch (err) {
        // Some servers refuse max_tokens 0; ask once with 1 and remember the answer for this endpoint.
        if (!(err instanceof ModelError && err.kind === "http" && (err.status === 400 || err.status === 422))) throw err;
        attempts += err.attempts;
        res = await post("/completions", body(1), signal);
        echoNeedsOneToken.add(endpoint);
      }
    }
    attempts += res.attempts;
    const where = { endpoint, path: "/completions" };
    const parsed = parseWire(completionResponse, res.json, where);
    if (parsed.choices.length !== texts.length) {
      throw new ModelError({ kind: "malformed", ...where }, `asked for ${texts.length} prompts, got ${parsed.choices.length} choices`);
    }
    const byIndex = parsed.choices.map((c, i) => ({ c, i: typeof c.index === "number" ? c.index : i }));
    const value = byIndex
      .sort((a, b) => a.i - b.i)
      .map(({ c }, i) => {
        if (!c.logprobs) throw new ModelError({ kind: "unsupported", ...where }, `the response has no choices[${i}].logprobs: the server ignored logprobs/echo`);
        const lp = c.logprobs;
        return continuationFrom(() => splitAtBoundary(echoTokens(lp, texts[i]), pairs[i].context.length), where);
      });
    return { value, attempts, status: res.status, usage: usageOf(parsed) };
  }

  async function echoContinuation(context: string, continuation: string, signal?: AbortSignal): Promise<OpOutcome<ContinuationLogprob>> {
    const res = await echoContinuations([{ context, continuation }], signal);
    return { ...res, value: res.value[0] };
  }

  async function promptLogprobsContinuation(context: string, continuation: string, signal?: AbortSignal): Promise<OpOutcome<ContinuationLogprob>> {
    const text = context + continuation;
    const body = { ...spec.extraBody, model: spec.model, prompt: text, max_tokens: 1, temperature: 0, prompt_logprobs: 0 };
    const res = await post("/completions", body, signal);
    let attempts = res.attempts;
    const where = { endpoint, path: "/completions" };
    const parsed = parseWire(completionResponse, res.json, where);
    const entries = parsed.choices[0].prompt_logprobs ?? parsed.prompt_logprobs;
    if (!entries) {
      throw new ModelError({ kind: "unsupported", ...where }, 'the response has no prompt_logprobs (not a vLLM server?); use continuationMethod "echo"');
    }
    let tokens: PromptToken[];
    try {
      tokens = continuationFrom(() => promptLogprobTokens(entries, text), where);
    } catch (err) {
      if (!(err instanceof AmbiguousPromptLogprobs)) throw err;
      const tok = await post("/tokenize", { model: spec.model, prompt: text }, signal, true);
      attempts += tok.attempts;
      const ids = parseWire(tokenizeResponse, tok.json, { endpoint, path: "/tokenize" }).tokens;
      tokens = continuationFrom(() => promptLogprobTokens(entries, text, ids), where);
    }
    const value = continuationFrom(() => splitAtBoundary(tokens, context.length), where);
    return { value, attempts, status: res.status, usage: usageOf(parsed) };
  }

  async function continuationLogprobs(pairs: { context: string; continuation: string }[], options?: CallOptions): Promise<ContinuationLogprob[]> {
    const method = spec.continuationMethod ?? "echo";
    pairs.forEach((p, i) => {
      assertWellFormed(p.context, `pairs[${i}].context`);
      assertWellFormed(p.continuation, `pairs[${i}].continuation`);
      if (p.continuation.length === 0) throw new InputError(`pairs[${i}].continuation`, "is empty; its log-probability would be 0 by definition");
    });
    const opFor = (p: { context: string; continuation: string }) => ({
      path: `/completions#continuation:${method}`,
      params: { context: p.context, continuation: p.continuation, method, version: CLIENT_CACHE_VERSION, extra: spec.extraBody },
    });
    if (method !== "echo" || !options?.batch) {
      const run = method === "echo" ? echoContinuation : promptLogprobsContinuation;
      return Promise.all(pairs.map((p) => operation({ ...opFor(p), determinism: { temperature: 0 }, cacheable: true, options, run: (signal) => run(p.context, p.continuation, signal) })));
    }
    // Echo: cached pairs are answered from the cache, the rest go out CONTINUATION_BATCH prompts per request.
    const cache = deps.cache && !options?.noCache ? deps.cache : undefined;
    const keyOf = (p: { context: string; continuation: string }) => {
      const op = opFor(p);
      return cacheKey({ endpoint: identity, model: spec.model, revision: spec.revision, path: op.path, params: op.params, epoch: cache!.epoch });
    };
    const out: (ContinuationLogprob | undefined)[] = pairs.map((p) => (cache ? (cache.get(keyOf(p)) as ContinuationLogprob | undefined) : undefined));
    const missing = pairs.flatMap((_, i) => (out[i] === undefined ? [i] : []));
    const hits = pairs.length - missing.length;
    if (hits > 0) {
      record({ path: "/completions#continuation:echo", params: { n: hits }, determinism: { ...baseDeterminism, temperature: 0 }, latencyMs: 0, cached: true, attempts: 0, status: 200, cachedItems: hits });
    }
    const batches: number[][] = [];
    for (let i = 0; i < missing.length; i += CONTINUATION_BATCH) batches.push(missing.slice(i, i + CONTINUATION_BATCH));
    await Promise.all(
      batches.map((batch) =>
        operation({
          path: "/completions#continuation:echo",
          params: { n: batch.length },
          determinism: { temperature: 0 },
          cacheable: false,
          options,
          run: async (signal) => {
            const res = await echoContinuations(batch.map((i) => pairs[i]), signal);
            res.value.forEach((v, j) => {
              const p = pairs[batch[j]];
              out[batch[j]] = cache ? (cache.set(keyOf(p), v, { endpoint: identity, model: spec.model, path: "/completions" }) as ContinuationLogprob) : v;
            });
            return { ...res, value: null };
          },
        }),
      ),
    );
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
            vectors.forEach((v, j) => {
              out[batch[j]] = cache ? (cache.set(keyOf(inputs[j]), v, { endpoint: identity, model: spec.model, path: "/embeddings" }) as number[]) : v;
            });
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

function checkBaseUrl(baseUrl: string): string {
  if (baseUrl === "embedded") {
    throw new InputError("baseUrl", '"embedded" must be started first: build clients with buildModelRoles (src/models/roles.ts)');
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InputError("baseUrl", `expected an http(s) URL such as http://127.0.0.1:8000/v1, got ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InputError("baseUrl", `expected an http(s) URL, got protocol ${url.protocol}`);
  }
  return baseUrl.replace(/\/+$/, "");
}

/** The endpoint as recorded and hashed: credentials in the URL never leave the process. */
function publicEndpoint(base: string): string {
  const url = new URL(base);
  url.username = "";
  url.password = "";
  return url.toString().replace(/\/+$/, "");
}

function requestHeaders(spec: BackendSpec, env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (spec.apiKeyEnv) {
    const key = env[spec.apiKeyEnv];
    if (!key) throw new InputError("apiKeyEnv", `environment variable ${spec.apiKeyEnv} is not set (needed for ${spec.baseUrl})`);
    headers.authorization = `Bearer ${key}`;
  }
  return headers;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Lone surrogates cannot be encoded as UTF-8: the server would see U+FFFD, not what the caller sent. */
function assertWellFormed(text: string, field: string): void {
  if (typeof text !== "string") throw new InputError(field, `expected a string, got ${text === null ? "null" : typeof text}`);
  if (LONE_SURROGATE.test(text)) throw new InputError(field, "is not valid Unicode (contains a lone surrogate), so it cannot be sent as UTF-8");
}

/** fetch says only "fetch failed"; the cause holds the reason (ECONNREFUSED, ENOTFOUND, "bad port"). */
function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  return typeof cause?.message === "string" && cause.message ? cause.message : undefined;
}

const TEXT_FIELDS = ["prompt", "messages", "context", "continuation", "input"];

/** Call records carry the request's settings, not its text: texts are replaced by their length. */
function recordedParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!TEXT_FIELDS.includes(name)) out[name] = value;
    else if (typeof value === "string") out[`${name}Chars`] = value.length;
    else if (Array.isArray(value)) out[`${name}Count`] = value.length;
  }
  return out;
}

function withoutModel(body: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, ...rest } = body;
  return rest;
}

function usageOf(parsed: ChatResponse | CompletionResponse): OpOutcome<unknown>["usage"] {
  return parsed.usage ? { promptTokens: parsed.usage.prompt_tokens, completionTokens: parsed.usage.completion_tokens } : undefined;
}

function usageField(parsed: ChatResponse | CompletionResponse): Pick<ChatResult, "usage"> {
  return parsed.usage ? { usage: { promptTokens: parsed.usage.prompt_tokens, completionTokens: parsed.usage.completion_tokens ?? 0 } } : {};
}

function chatResult(parsed: ChatResponse, endpoint: string): ChatResult {
  const choices = parsed.choices.map((c, i) => {
    if (c.message.content === null) {
      throw new ModelError(
        { kind: "malformed", endpoint, path: "/chat/completions" },
        `malformed response: choices.${i}.message.content is null (finish_reason ${c.finish_reason ?? "none"})`,
      );
    }
    const logprobs = c.logprobs?.content?.map((t) => ({ token: t.token, logprob: t.logprob, top: t.top_logprobs.map(({ token, logprob }) => ({ token, logprob })) }));
    return { text: c.message.content, finishReason: c.finish_reason ?? null, ...(logprobs ? { logprobs } : {}) };
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

function continuationFrom<T>(compute: () => T, where: { endpoint: string; path: string }): T {
  try {
    return compute();
  } catch (err) {
    if (!(err instanceof ContinuationProblem)) throw err;
    if (err.kind === "input") throw new InputError("continuation", err.message);
    throw new ModelError({ kind: err.kind, ...where }, err.kind === "malformed" ? `malformed response: ${err.message}` : err.message);
  }
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
