// Token ids and masks for scored groups, from the policy server's vLLM-style /tokenize endpoint
// (vLLM and the built-in server have it; hosted APIs do not, and then groups carry messages only).
// Prompt ids come from the server's own chat template (add_generation_prompt), completion ids from
// the completion text without special tokens; masks are −100 on the prompt, the id on the completion.
import { errorMessage } from "../../core/errors.js";
import type { Message } from "./scored-group.js";

export interface TrainerTokenizer {
  encodeGroup(prompt: Message[], completions: string[], signal?: AbortSignal): Promise<{ tokens: number[][]; masks: number[][] }>;
}

export class TokenizeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TokenizeError";
  }
}

/** vLLM serves /tokenize at the server root, beside /v1. */
function tokenizeUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "")}/tokenize`;
}

async function tokenize(url: string, body: Record<string, unknown>, fetchFn: typeof fetch, signal?: AbortSignal): Promise<number[]> {
  let response: Response;
  try {
    response = await fetchFn(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });
  } catch (err) {
    throw new TokenizeError(`${url}: ${errorMessage(err)}`, { cause: err });
  }
  const text = await response.text();
  if (!response.ok) throw new TokenizeError(`${url}: HTTP ${response.status} ${text.slice(0, 200)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TokenizeError(`${url}: response is not JSON`);
  }
  const tokens = (parsed as { tokens?: unknown }).tokens;
  if (!Array.isArray(tokens) || !tokens.every((t) => Number.isInteger(t))) throw new TokenizeError(`${url}: response has no integer "tokens" array`);
  return tokens as number[];
}

export function createTrainerTokenizer(baseUrl: string, model: string, fetchFn: typeof fetch = globalThis.fetch): TrainerTokenizer {
  const url = tokenizeUrl(baseUrl);
  return {
    async encodeGroup(prompt, completions, signal) {
      const promptIds = await tokenize(url, { model, messages: prompt, add_generation_prompt: true }, fetchFn, signal);
      const completionIds = await Promise.all(completions.map((c) => tokenize(url, { model, prompt: c, add_special_tokens: false }, fetchFn, signal)));
      return {
        tokens: completionIds.map((ids) => [...promptIds, ...ids]),
        masks: completionIds.map((ids) => [...promptIds.map(() => -100), ...ids]),
      };
    },
  };
}

/** The tokenizer when the server answers /tokenize, otherwise why not (recorded in the artifact). */
export async function probeTrainerTokenizer(baseUrl: string, model: string, fetchFn: typeof fetch = globalThis.fetch): Promise<{ tokenizer: TrainerTokenizer } | { unavailable: string }> {
  try {
    await tokenize(tokenizeUrl(baseUrl), { model, messages: [{ role: "user", content: "Why?" }], add_generation_prompt: true }, fetchFn);
    return { tokenizer: createTrainerTokenizer(baseUrl, model, fetchFn) };
  } catch (err) {
    return { unavailable: errorMessage(err) };
  }
}
