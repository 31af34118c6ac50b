// A model client whose every call also stops when `signal` aborts: how a stack hands its scoring
// call's AbortSignal to every term's backend requests, including terms that never pass one.
import type { CallOptions, ModelClient } from "./spec.js";

export function withSignal(client: ModelClient, signal: AbortSignal): ModelClient {
  const merged = (options?: CallOptions): CallOptions => ({ ...options, signal: options?.signal ? AbortSignal.any([signal, options.signal]) : signal });
  return {
    get spec() {
      return client.spec;
    },
    get calls() {
      return client.calls;
    },
    chat: (req, options) => client.chat(req, merged(options)),
    complete: (req, options) => client.complete(req, merged(options)),
    topLogprobs: (prompt, k, options) => client.topLogprobs(prompt, k, merged(options)),
    continuationLogprobs: (pairs, options) => client.continuationLogprobs(pairs, merged(options)),
    embed: (texts, options) => client.embed(texts, merged(options)),
  };
}
