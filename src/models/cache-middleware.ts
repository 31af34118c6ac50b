// The response cache as middleware, for every call kind alike: a call is a list of items (one for
// chat, completions and top-k; one per pair or text for continuations and embeddings), each keyed by
// the request that asks for it (requests.ts). An item is answered from the cache, or by the same item
// earlier in the call, or by an identical request already in flight (shared through the cache, so
// through any client using it); the rest go to the client in one call, which batches them as its
// server allows, and are stored. What is stored is what every later run gets back.
import { cacheKey, type ResponseCache } from "./cache.js";
import { endpointIdentity, type CallInput, type CallKind, type CallOutput, type ModelCall, type ModelMiddleware } from "./middleware.js";
import { chatRequest, checkContinuationPairs, checkEmbeddingInputs, completionRequest, continuationKey, embeddingKey, generationDeterminism, isDeterministic, topLogprobsRequest, withoutModel, type RequestKey } from "./requests.js";
import { assertOneDimension } from "./responses.js";
import type { BackendSpec, Determinism } from "./spec.js";

/** How the cache sees one call kind. */
interface CachedKind<K extends CallKind> {
  /** The key of each item, or undefined where this call's answer must not be reused (a sampled generation). */
  keys(spec: BackendSpec, input: CallInput<K>, cache: ResponseCache): RequestKey[] | undefined;
  determinism(input: CallInput<K>): Determinism;
  /** The call for some of its items, and the answer as one per item, and back. */
  subset(input: CallInput<K>, items: readonly number[]): CallInput<K>;
  items(output: CallOutput<K>): unknown[];
  assemble(items: unknown[], spec: BackendSpec): CallOutput<K>;
  /** One item per call: a hit is recorded with the request's settings instead of a count. */
  single: boolean;
}

function singleKind<K extends "chat" | "complete" | "topLogprobs">(keys: CachedKind<K>["keys"], determinism: CachedKind<K>["determinism"]): CachedKind<K> {
  return { keys, determinism, subset: (input) => input, items: (output) => [output], assemble: (items) => items[0] as CallOutput<K>, single: true };
}

function listKind<K extends "continuationLogprobs" | "embed">(keys: CachedKind<K>["keys"], determinism: Determinism, check: (answers: CallOutput<K>, spec: BackendSpec) => void = () => {}): CachedKind<K> {
  return {
    keys,
    determinism: () => determinism,
    subset: (input, items) => items.map((i) => input[i]) as CallInput<K>,
    items: (output) => output,
    assemble: (items, spec) => {
      check(items as CallOutput<K>, spec);
      return items as CallOutput<K>;
    },
    single: false,
  };
}

const generationKey = (request: { path: string; body: Record<string, unknown> }): RequestKey[] => [{ path: request.path, params: withoutModel(request.body) }];

const KINDS: { [K in CallKind]: CachedKind<K> } = {
  chat: singleKind((spec, req, cache) => (isDeterministic(req) || cache.cacheSampled ? generationKey(chatRequest(spec, req)) : undefined), generationDeterminism),
  complete: singleKind((spec, req, cache) => (isDeterministic(req) || cache.cacheSampled ? generationKey(completionRequest(spec, req)) : undefined), generationDeterminism),
  topLogprobs: singleKind(
    (spec, { prompt, k }) => generationKey(topLogprobsRequest(spec, prompt, k)),
    () => ({ temperature: 0 }),
  ),
  continuationLogprobs: listKind(
    (spec, pairs) => {
      checkContinuationPairs(pairs);
      return pairs.map((p) => continuationKey(spec, p));
    },
    { temperature: 0 },
  ),
  embed: listKind(
    (_spec, texts) => {
      checkEmbeddingInputs(texts);
      return texts.map(embeddingKey);
    },
    {},
    (vectors, spec) => assertOneDimension(vectors, { endpoint: endpointIdentity(spec), path: "/embeddings" }),
  ),
};

export function cacheResponses(cache: ResponseCache): ModelMiddleware {
  return {
    wrapCall: ({ call, next, spec }) => (call.options.noCache ? next(call) : cachedCall(cache, spec, call, next)),
  };
}

async function cachedCall<K extends CallKind>(cache: ResponseCache, spec: BackendSpec, call: ModelCall<K>, next: <J extends CallKind>(call: ModelCall<J>) => Promise<CallOutput<J>>): Promise<CallOutput<K>> {
  const kind = KINDS[call.kind] as unknown as CachedKind<K>;
  const requests = kind.keys(spec, call.input, cache);
  if (!requests || requests.length === 0) return next(call);
  const started = performance.now();
  const identity = { endpoint: endpointIdentity(spec), model: spec.model, revision: spec.revision };
  const keys = requests.map((r) => cacheKey({ ...identity, path: r.path, params: r.params, epoch: cache.epoch }));
  const out: unknown[] = keys.map((key) => cache.get(key));
  const first = new Map<string, number>();
  const repeats: { i: number; of: number }[] = [];
  const joined: { i: number; answer: Promise<unknown> }[] = [];
  const missing: number[] = [];
  keys.forEach((key, i) => {
    if (out[i] !== undefined) return;
    const earlier = first.get(key);
    const pending = cache.inflight.get(key);
    if (earlier !== undefined) repeats.push({ i, of: earlier });
    else if (pending) joined.push({ i, answer: pending });
    else {
      first.set(key, i);
      missing.push(i);
    }
  });
  const shared = keys.length - missing.length;
  if (shared > 0) {
    const params = kind.single ? requests[0].params : { n: shared };
    call.options.report?.({ path: requests[0].path, params, determinism: kind.determinism(call.input), latencyMs: performance.now() - started, cached: true, attempts: 0, status: 200, ...(kind.single ? {} : { cachedItems: shared }) });
  }
  /** Asks the client for `items` in one call and stores the answers (the stored ones are returned: an earlier writer wins). */
  const ask = async (items: number[]): Promise<void> => {
    const answers = kind.items(await next({ ...call, input: kind.subset(call.input, items) }));
    // The file's path column names the server endpoint ("/completions" for continuations, as stored since the first build).
    const stored = cache.setMany(items.map((i, j) => ({ key: keys[i], value: answers[j], meta: { endpoint: identity.endpoint, model: spec.model, path: requests[i].path.split("#")[0] } })));
    items.forEach((i, j) => (out[i] = stored[j]));
  };
  const sending = missing.length > 0 ? ask(missing) : undefined;
  if (sending) {
    sending.catch(() => undefined);
    for (const i of missing) {
      const answer = sending.then(() => out[i]);
      answer.catch(() => undefined);
      cache.inflight.set(keys[i], answer);
      const forget = () => cache.inflight.get(keys[i]) === answer && cache.inflight.delete(keys[i]);
      answer.then(forget, forget);
    }
  }
  // Another call's failure is not ours (its abort, its time limit, another item of its batch): an item
  // whose shared answer failed is then asked for here, so its error, if any, is its own.
  const retry: number[] = [];
  await Promise.all([
    sending,
    ...joined.map(({ i, answer }) =>
      answer.then(
        (value) => void (out[i] = value),
        (err: unknown) => {
          if (call.options.signal?.aborted) throw err;
          retry.push(i);
        },
      ),
    ),
  ]);
  if (retry.length > 0) await ask(retry);
  for (const { i, of } of repeats) out[i] = structuredClone(out[of]);
  return kind.assemble(out, spec);
}
