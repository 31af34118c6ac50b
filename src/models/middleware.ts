// Middleware around any model client, the way the AI SDK's wrapLanguageModel wraps a model: a call
// of any kind is one value ({kind, input, options}); a middleware gets it with the next runner and
// may answer it, change it or watch it. The response cache, call records and cancellation are
// middleware (cache-middleware.ts, call-records.ts, with-signal.ts), so they wrap a user's own
// client as they wrap the OpenAI-compatible one.
import { InputError } from "../core/errors.js";
import { failureRecord } from "./errors.js";
import type { BackendSpec, CallOptions, CallReport, ChatRequest, ChatResult, CompletionRequest, ContinuationLogprob, ContinuationPair, ModelClient, TopLogprobs } from "./spec.js";
import { publicEndpoint } from "./transport.js";

/** Each call kind's input and answer. */
export interface CallKinds {
  chat: { input: ChatRequest; output: ChatResult };
  complete: { input: CompletionRequest; output: ChatResult };
  topLogprobs: { input: { prompt: string; k: number }; output: TopLogprobs };
  continuationLogprobs: { input: ContinuationPair[]; output: ContinuationLogprob[] };
  embed: { input: string[]; output: number[][] };
}

export type CallKind = keyof CallKinds;
export type CallInput<K extends CallKind> = CallKinds[K]["input"];
export type CallOutput<K extends CallKind> = CallKinds[K]["output"];

export interface ModelCall<K extends CallKind = CallKind> {
  kind: K;
  input: CallInput<K>;
  options: CallOptions;
}

/** Runs a call through what is left of the chain (the next middleware, finally the client). */
export type CallRunner = <K extends CallKind>(call: ModelCall<K>) => Promise<CallOutput<K>>;

export interface ModelMiddleware {
  /** `spec` is the wrapped client's: what identifies its answers (cache keys, call records). */
  wrapCall<K extends CallKind>(args: { call: ModelCall<K>; next: CallRunner; spec: BackendSpec }): Promise<CallOutput<K>>;
}

/** `client` with `middleware` around every call, the first outermost. */
export function wrapModelClient({ client, middleware }: { client: ModelClient; middleware: ModelMiddleware | readonly ModelMiddleware[] }): ModelClient {
  const layers: readonly ModelMiddleware[] = Array.isArray(middleware) ? middleware : [middleware as ModelMiddleware];
  const spec = client.spec;
  const run = layers.reduceRight<CallRunner>(
    (next, layer) => (call) => layer.wrapCall({ call, next, spec }),
    (call) => callClient(client, call),
  );
  return {
    spec,
    chat: (input, options) => run({ kind: "chat", input, options: options ?? {} }),
    complete: (input, options) => run({ kind: "complete", input, options: options ?? {} }),
    topLogprobs: (prompt, k, options) => run({ kind: "topLogprobs", input: { prompt, k }, options: options ?? {} }),
    continuationLogprobs: (input, options) => run({ kind: "continuationLogprobs", input, options: options ?? {} }),
    embed: (input, options) => run({ kind: "embed", input, options: options ?? {} }),
  };
}

type AnyCall = { [K in CallKind]: ModelCall<K> }[CallKind];

/**
 * The innermost step: calls the client. Where someone listens for reports (the records middleware)
 * and the client reports nothing of its own (a user's client), the call is reported as one request.
 */
async function callClient<K extends CallKind>(client: ModelClient, call: ModelCall<K>): Promise<CallOutput<K>> {
  const listener = call.options.report;
  const items = Array.isArray(call.input) ? call.input.length : undefined;
  // An empty batch asks nothing of anyone.
  if (!listener || items === 0) return dispatch(client, call);
  let reported = false;
  const report = (r: CallReport) => {
    reported = true;
    listener(r);
  };
  const started = performance.now();
  const asOneRequest = { path: call.kind, params: items === undefined ? {} : { n: items }, determinism: {}, cached: false };
  try {
    const out = await dispatch(client, { ...call, options: { ...call.options, report } });
    if (!reported) listener({ ...asOneRequest, latencyMs: performance.now() - started, attempts: 1, status: 200 });
    return out;
  } catch (err) {
    // Bad input asked nothing of the model.
    if (!reported && !(err instanceof InputError)) listener({ ...asOneRequest, latencyMs: performance.now() - started, ...failureRecord(err) });
    throw err;
  }
}

function dispatch<K extends CallKind>(client: ModelClient, call: ModelCall<K>): Promise<CallOutput<K>> {
  const c = call as AnyCall;
  switch (c.kind) {
    case "chat":
      return client.chat(c.input, c.options) as Promise<CallOutput<K>>;
    case "complete":
      return client.complete(c.input, c.options) as Promise<CallOutput<K>>;
    case "topLogprobs":
      return client.topLogprobs(c.input.prompt, c.input.k, c.options) as Promise<CallOutput<K>>;
    case "continuationLogprobs":
      return client.continuationLogprobs(c.input, c.options) as Promise<CallOutput<K>>;
    case "embed":
      return client.embed(c.input, c.options) as Promise<CallOutput<K>>;
  }
}

/** The name call records and cache keys give the client's server: its endpointId, else its URL without credentials. */
export function endpointIdentity(spec: BackendSpec): string {
  if (spec.endpointId) return spec.endpointId;
  try {
    return publicEndpoint(spec.baseUrl);
  } catch {
    // A user's own client may name its model anything; it is then its own identity.
    return spec.baseUrl;
  }
}
