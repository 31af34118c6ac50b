// The OpenAI-compatible client (SPEC §2): one implementation of ModelClient for vLLM, SGLang,
// llama.cpp, Ollama, hosted APIs and the built-in embedded server, in named steps: build each
// endpoint's request (requests.ts), send it over the transport (limiter → exactly one retry layer →
// one fetch with a per-attempt timeout; transport.ts, retry.ts), parse the answer (responses.ts,
// continuation-ops.ts), and report each request sent through CallOptions.report. The cache, call
// records and cancellation are middleware around it (wrapModelClient): this client keeps no state
// but its endpoint's limiter and quirks.
import { echoContinuation, echoContinuations, promptLogprobsContinuation, type ContinuationDeps } from "./continuation-ops.js";
import { failureRecord } from "./errors.js";
import { createEndpointRegistry, type EndpointRegistry, type Limiter } from "./limiter.js";
import { CLIENT_CACHE_VERSION, chatRequest, checkContinuationPairs, checkEmbeddingInputs, completionRequest, continuationMethod, generationDeterminism, topLogprobsRequest, withoutModel } from "./requests.js";
import { assertOneDimension, chatAnswer, completionAnswer, embeddingsAnswer, topLogprobsAnswer, type OpOutcome } from "./responses.js";
import type { RetryPolicy } from "./retry.js";
import type { BackendSpec, CallOptions, ChatResult, ContinuationLogprob, ContinuationPair, Determinism, ModelClient } from "./spec.js";
import { createTransport, publicEndpoint } from "./transport.js";

export { CLIENT_CACHE_VERSION };

export interface ClientDeps {
  /** Injected fetch (tests, proxies); defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  /** Where `apiKeyEnv` is looked up (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Retry backoff knobs; tests pass a no-op sleep. */
  retry?: Partial<RetryPolicy>;
  /** Override the endpoint's limiter. */
  limiter?: Limiter;
  /** Per-endpoint state shared with other clients of the session (limiters, echo quirks); a fresh one by default. */
  endpoints?: EndpointRegistry;
}

const DEFAULT_EMBED_BATCH = 64;
/** Continuation prompts per echo request (a GRPO group's base and plus contexts fit in one). */
const CONTINUATION_BATCH = 32;

export function createOpenAIClient(spec: BackendSpec, deps: ClientDeps = {}): ModelClient {
  const endpoints = deps.endpoints ?? createEndpointRegistry();
  const transport = createTransport(spec, {
    fetch: deps.fetch,
    env: deps.env,
    retry: deps.retry,
    limiter: deps.limiter ?? endpoints.limiter(publicEndpoint(spec.baseUrl), spec.concurrency),
  });
  const { endpoint, post } = transport;
  const continuation: ContinuationDeps = { spec, transport, endpoints };

  async function chat(req: Parameters<ModelClient["chat"]>[0], options?: CallOptions): Promise<ChatResult> {
    const { path, body } = chatRequest(spec, req);
    return sent(options, path, withoutModel(body), generationDeterminism(req), async (signal) => {
      const res = await post(path, body, signal);
      return { ...chatAnswer(res.json, { endpoint, path }), attempts: res.attempts, status: res.status };
    });
  }

  async function complete(req: Parameters<ModelClient["complete"]>[0], options?: CallOptions): Promise<ChatResult> {
    const { path, body } = completionRequest(spec, req);
    return sent(options, path, withoutModel(body), generationDeterminism(req), async (signal) => {
      const res = await post(path, body, signal);
      return { ...completionAnswer(res.json, { endpoint, path }), attempts: res.attempts, status: res.status };
    });
  }

  async function topLogprobs(prompt: string, k: number, options?: CallOptions) {
    const { path, body, viaChat } = topLogprobsRequest(spec, prompt, k);
    return sent(options, path, withoutModel(body), { temperature: 0 }, async (signal) => {
      const res = await post(path, body, signal);
      return { value: topLogprobsAnswer(res.json, viaChat, k, { endpoint, path }), attempts: res.attempts, status: res.status };
    });
  }

  async function continuationLogprobs(pairs: ContinuationPair[], options?: CallOptions): Promise<ContinuationLogprob[]> {
    checkContinuationPairs(pairs);
    const method = continuationMethod(spec);
    // Lists of prompts when asked, or always where the server is declared batch-invariant (a list's
    // answers are then what each prompt gets alone): one request per pair costs the server and the
    // client far more than the scoring itself on a fast model.
    if (method === "echo" && (options?.batch ?? spec.batchInvariant === true)) return echoInLists(pairs, options);
    const ask = method === "echo" ? echoContinuation : promptLogprobsContinuation;
    return Promise.all(
      pairs.map((p) =>
        sent(options, `/completions#continuation:${method}`, { context: p.context, continuation: p.continuation, method, version: CLIENT_CACHE_VERSION, extra: spec.extraBody }, { temperature: 0 }, (signal) =>
          ask(continuation, p.context, p.continuation, signal),
        ),
      ),
    );
  }

  /**
   * Batched echo: each distinct pair once, CONTINUATION_BATCH prompts per request. A request of several
   * pairs can fail for one of them (a 400 on one prompt) or for the list (a timeout, a 413): each pair
   * is then asked alone, so the error a pair gets is its own.
   */
  async function echoInLists(pairs: ContinuationPair[], options?: CallOptions): Promise<ContinuationLogprob[]> {
    // Keyed by both fields as a list: NUL is a legal character in either, so no separator is safe.
    const slotOf = new Map<string, number>();
    const distinct: ContinuationPair[] = [];
    const slots = pairs.map((p) => {
      const key = JSON.stringify([p.context, p.continuation]);
      let slot = slotOf.get(key);
      if (slot === undefined) {
        slot = distinct.push(p) - 1;
        slotOf.set(key, slot);
      }
      return slot;
    });
    const answers: ContinuationLogprob[] = new Array(distinct.length);
    const ask = async (batch: number[]): Promise<void> => {
      try {
        const value = await sent(options, "/completions#continuation:echo", { n: batch.length }, { temperature: 0 }, (signal) =>
          echoContinuations(
            continuation,
            batch.map((i) => distinct[i]),
            signal,
          ),
        );
        batch.forEach((i, j) => (answers[i] = value[j]));
      } catch (err) {
        if (batch.length === 1 || options?.signal?.aborted) throw err;
        await Promise.all(batch.map((i) => ask([i])));
      }
    };
    await Promise.all(
      inBatches(
        distinct.map((_, i) => i),
        CONTINUATION_BATCH,
      ).map(ask),
    );
    const seen = new Set<number>();
    return slots.map((slot) => (seen.has(slot) ? structuredClone(answers[slot]) : (seen.add(slot), answers[slot])));
  }

  async function embed(texts: string[], options?: CallOptions): Promise<number[][]> {
    checkEmbeddingInputs(texts);
    const where = { endpoint, path: "/embeddings" };
    const out: number[][] = new Array(texts.length);
    await Promise.all(
      inBatches(
        texts.map((_, i) => i),
        spec.embedBatchSize ?? DEFAULT_EMBED_BATCH,
      ).map(async (batch) => {
        const inputs = batch.map((i) => texts[i]);
        const vectors = await sent(options, "/embeddings", { n: batch.length }, {}, async (signal) => {
          const res = await post("/embeddings", { model: spec.model, input: inputs }, signal);
          return { value: embeddingsAnswer(res.json, inputs.length, where), attempts: res.attempts, status: res.status };
        });
        batch.forEach((i, j) => (out[i] = vectors[j]));
      }),
    );
    assertOneDimension(out, where);
    return out;
  }

  return { spec, chat, complete, topLogprobs, continuationLogprobs, embed };
}

/** Sends one request (retries included) and reports it, answered or failed, through `options.report`. */
async function sent<T>(options: CallOptions | undefined, path: string, params: Record<string, unknown>, determinism: Determinism, send: (signal?: AbortSignal) => Promise<OpOutcome<T>>): Promise<T> {
  const started = performance.now();
  const request = { path, params, determinism, cached: false };
  try {
    const out = await send(options?.signal);
    const usage = out.usage ? { promptTokens: out.usage.promptTokens, completionTokens: out.usage.completionTokens } : {};
    options?.report?.({ ...request, latencyMs: performance.now() - started, attempts: out.attempts, status: out.status, ...usage });
    return out.value;
  } catch (err) {
    options?.report?.({ ...request, latencyMs: performance.now() - started, ...failureRecord(err) });
    throw err;
  }
}

function inBatches(items: number[], size: number): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
