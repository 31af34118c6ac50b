// What each call kind sends to an OpenAI-compatible server (SPEC §2), as pure functions of the spec
// and the call: the client posts these bodies, and the cache middleware keys each answer by the same
// request (so a cache written by earlier builds stays readable: bump CLIENT_CACHE_VERSION when the
// parsing of a cached answer changes). Inputs are checked here, before anything is sent or looked up.
import { InputError } from "../core/errors.js";
import type { BackendSpec, ChatMessage, ChatRequest, CompletionRequest, ContinuationPair, Determinism } from "./spec.js";

/** Bumped whenever parsing of a cached operation changes, so stale entries are never reused. */
export const CLIENT_CACHE_VERSION = 1;

/** One request as the cache keys it: its logical path and its settings (the model is part of the key apart). */
export interface RequestKey {
  path: string;
  params: Record<string, unknown>;
}

export function chatRequest(spec: BackendSpec, req: ChatRequest): { path: "/chat/completions"; body: Record<string, unknown> } {
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
  return { path: "/chat/completions", body };
}

export function completionRequest(spec: BackendSpec, req: CompletionRequest): { path: "/completions"; body: Record<string, unknown> } {
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
  return { path: "/completions", body };
}

/** Next-token top-k: one greedy token from raw-prompt completions, or from chat on chat-only servers. */
export function topLogprobsRequest(spec: BackendSpec, prompt: string, k: number): { path: "/completions" | "/chat/completions"; body: Record<string, unknown>; viaChat: boolean } {
  assertWellFormed(prompt, "prompt");
  if (!Number.isInteger(k) || k < 1) throw new InputError("topLogprobs.k", `must be an integer ≥ 1, got ${k}`);
  const viaChat = spec.topLogprobsVia === "chat";
  return viaChat
    ? { path: "/chat/completions", viaChat, body: { model: spec.model, messages: [{ role: "user", content: prompt }], max_tokens: 1, temperature: 0, logprobs: true, top_logprobs: k } }
    : { path: "/completions", viaChat, body: { model: spec.model, prompt, max_tokens: 1, temperature: 0, logprobs: k } };
}

/** A generation is answered the same way twice only when greedy or seeded (or when the cache is told to keep samples anyway). */
export function generationDeterminism(req: { temperature?: number; seed?: number }): Determinism {
  return { seed: req.seed, temperature: req.temperature };
}

export function isDeterministic(req: { temperature?: number; seed?: number }): boolean {
  return req.temperature === 0 || req.seed !== undefined;
}

export function continuationMethod(spec: BackendSpec): "echo" | "prompt_logprobs" {
  return spec.continuationMethod ?? "echo";
}

export function checkContinuationPairs(pairs: readonly ContinuationPair[]): void {
  pairs.forEach((p, i) => {
    assertWellFormed(p.context, `pairs[${i}].context`);
    assertWellFormed(p.continuation, `pairs[${i}].continuation`);
    if (p.continuation.length === 0) throw new InputError(`pairs[${i}].continuation`, "is empty; its log-probability would be 0 by definition");
  });
}

/** One pair's continuation log-prob as the cache keys it, whichever requests carried it (alone or in a list). */
export function continuationKey(spec: BackendSpec, pair: ContinuationPair): RequestKey {
  const method = continuationMethod(spec);
  return { path: `/completions#continuation:${method}`, params: { context: pair.context, continuation: pair.continuation, method, version: CLIENT_CACHE_VERSION, extra: spec.extraBody } };
}

export function checkEmbeddingInputs(texts: readonly string[]): void {
  texts.forEach((t, i) => assertWellFormed(t, `texts[${i}]`));
}

/** One text's embedding as the cache keys it, whichever batch carried it. */
export function embeddingKey(text: string): RequestKey {
  return { path: "/embeddings", params: { input: text, version: CLIENT_CACHE_VERSION } };
}

/** The request's settings without the model, which cache keys and call records name apart. */
export function withoutModel(body: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, ...rest } = body;
  return rest;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Lone surrogates cannot be encoded as UTF-8: the server would see U+FFFD, not what the caller sent. */
function assertWellFormed(text: string, field: string): void {
  if (typeof text !== "string") throw new InputError(field, `expected a string, got ${text === null ? "null" : typeof text}`);
  if (LONE_SURROGATE.test(text)) throw new InputError(field, "is not valid Unicode (contains a lone surrogate), so it cannot be sent as UTF-8");
}

/** Our message shape → the OpenAI wire shape (snake_case tool fields). */
function wireMessage(m: ChatMessage): Record<string, unknown> {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
  if (m.role === "assistant" && m.toolCalls?.length) {
    return { role: "assistant", content: m.content || null, tool_calls: m.toolCalls.map((t) => ({ id: t.id, type: "function", function: { name: t.name, arguments: t.arguments } })) };
  }
  return { role: m.role, content: m.content };
}
