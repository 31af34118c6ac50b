// What an OpenAI-compatible server's answers mean (SPEC §2): the wire JSON, checked by its schema
// (wire.ts), turned into our result types, with one sentence naming the endpoint and the field where
// an answer is malformed. Pure: the client hands each parsed answer to these.
import { ModelError } from "./errors.js";
import type { ChatResult, TopLogprobs } from "./spec.js";
import { chatResponse, completionResponse, embeddingResponse, parseWire, type ChatResponse, type CompletionResponse } from "./wire.js";

/** One request's answer with what the call record says of it. */
export interface OpOutcome<T> {
  value: T;
  attempts: number;
  status: number;
  usage?: { promptTokens: number; completionTokens?: number };
}

interface Where {
  endpoint: string;
  path: string;
}

export function chatAnswer(json: unknown, where: Where): { value: ChatResult; usage: OpOutcome<unknown>["usage"] } {
  const parsed = parseWire(chatResponse, json, where);
  return { value: chatResult(parsed, where.endpoint), usage: usageOf(parsed) };
}

export function completionAnswer(json: unknown, where: Where): { value: ChatResult; usage: OpOutcome<unknown>["usage"] } {
  const parsed = parseWire(completionResponse, json, where);
  const choices = parsed.choices.map((c) => ({ text: c.text, finishReason: c.finish_reason ?? null }));
  return { value: { choices, ...usageField(parsed) }, usage: usageOf(parsed) };
}

/** The k most probable next tokens, sorted, each log-prob checked to be ≤ 0. */
export function topLogprobsAnswer(json: unknown, viaChat: boolean, k: number, where: Where): TopLogprobs {
  const entries = viaChat ? chatTopEntries(parseWire(chatResponse, json, where), where) : completionTopEntries(parseWire(completionResponse, json, where), where);
  for (const e of entries) {
    if (!(e.logprob <= 0)) throw new ModelError({ kind: "malformed", ...where }, `malformed response: top log-prob of ${JSON.stringify(e.token)} is ${e.logprob}, not ≤ 0`);
  }
  return { tokens: entries.sort((a, b) => b.logprob - a.logprob).slice(0, k) };
}

/** One vector per input, in input order, by each item's `index`. */
export function embeddingsAnswer(json: unknown, expected: number, where: Where): number[][] {
  const parsed = parseWire(embeddingResponse, json, where);
  const malformed = { kind: "malformed" as const, ...where };
  if (parsed.data.length !== expected) throw new ModelError(malformed, `malformed response: data has ${parsed.data.length} embeddings for ${expected} inputs`);
  const out: number[][] = new Array(expected);
  for (const item of parsed.data) {
    if (item.index >= expected || out[item.index]) throw new ModelError(malformed, `malformed response: data index ${item.index} is out of range or repeated`);
    if (item.embedding.length === 0) throw new ModelError(malformed, `malformed response: data[${item.index}].embedding is empty`);
    out[item.index] = item.embedding;
  }
  return out;
}

/** Vectors of one call come from one model: differing dimensions mean the model changed (under a warm cache, or mid-call). */
export function assertOneDimension(vectors: readonly number[][], where: Where): void {
  const dims = new Set(vectors.map((v) => v.length));
  if (dims.size > 1) {
    throw new ModelError({ kind: "malformed", ...where }, `embeddings differ in dimension (${[...dims].join(", ")}); was the model changed under a warm cache? bump cache.epoch`);
  }
}

/** The token counts a chat or completions response reports, for the call record. */
export function usageOf(parsed: ChatResponse | CompletionResponse): OpOutcome<unknown>["usage"] {
  return parsed.usage ? { promptTokens: parsed.usage.prompt_tokens, completionTokens: parsed.usage.completion_tokens } : undefined;
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
      throw new ModelError({ kind: "malformed", endpoint, path: "/chat/completions" }, `malformed response: choices.${i}.message.content is null (finish_reason ${c.finish_reason ?? "none"})`);
    }
    const logprobs = c.logprobs?.content?.map((t) => ({ token: t.token, logprob: t.logprob, top: t.top_logprobs.map(({ token, logprob }) => ({ token, logprob })) }));
    return { text: content, finishReason: c.finish_reason ?? null, ...(logprobs ? { logprobs } : {}), ...(toolCalls?.length ? { toolCalls } : {}) };
  });
  return { choices, ...usageField(parsed) };
}

function completionTopEntries(parsed: CompletionResponse, where: Where) {
  const top = parsed.choices[0].logprobs?.top_logprobs?.[0];
  if (!top) throw new ModelError({ kind: "malformed", ...where }, "malformed response: choices.0.logprobs.top_logprobs.0 is missing");
  return Object.entries(top).map(([token, logprob]) => ({ token, logprob }));
}

function chatTopEntries(parsed: ChatResponse, where: Where) {
  const first = parsed.choices[0].logprobs?.content?.[0];
  if (!first) throw new ModelError({ kind: "malformed", ...where }, "malformed response: choices.0.logprobs.content.0 is missing");
  return first.top_logprobs.map(({ token, logprob }) => ({ token, logprob }));
}
