// The OpenAI-compatible wire shapes foolsgold reads, validated with zod. A response that does not
// match is a ModelError of kind "malformed" naming the first missing or invalid field, so a broken
// server shows up as a clear error on the score instead of a NaN three functions later.
import { z } from "zod";
import { ModelError } from "./errors.js";

const usage = z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative().optional() }).loose();

/** A log-probability: finite and at most 0 (a positive one is a broken server, not a likely token). */
const logprob = z.number().max(0, "a log-probability must be ≤ 0");

/**
 * An array checked item by item in one loop and passed on as it came: an echo answer has four of
 * these, each one entry per prompt token, and a zod schema per entry (which copies it) cost more than
 * the scoring behind it. The issue names the first bad entry, as a zod array's would.
 */
function arrayEach<T>(isItem: (item: unknown) => boolean, message: string): z.ZodType<T[]> {
  return z
    .custom<T[]>((value) => Array.isArray(value), { message: "expected an array" })
    .superRefine((value, ctx) => {
      for (let i = 0; i < value.length; i++) {
        if (!isItem(value[i])) {
          ctx.addIssue({ code: "custom", message, path: [i], input: value[i] });
          return;
        }
      }
    });
}

const isNumberMap = (item: unknown): boolean => {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return false;
  for (const key in item) if (typeof (item as Record<string, unknown>)[key] !== "number") return false;
  return true;
};

/**
 * Completions `logprobs`: parallel arrays, one entry per token (first token of an echo has null).
 * SGLang sends `text_offset: -1` for every token (offsets unknown): callers align by tokens instead.
 */
const parallelLogprobs = z
  .object({
    tokens: arrayEach<string>((t) => typeof t === "string", "expected a string"),
    // Checked where they are read: echo continuations (continuation.ts), top-k (the client).
    token_logprobs: arrayEach<number | null>((lp) => lp === null || typeof lp === "number", "expected a number or null"),
    // Top-k maps are checked where they are read (the client names the offending token).
    top_logprobs: arrayEach<Record<string, number> | null>((m) => m === null || isNumberMap(m), "expected null or a map of token to number")
      .nullable()
      .optional(),
    text_offset: arrayEach<number>((o) => Number.isInteger(o) && (o as number) >= -1, "text_offset must be ≥ 0, or -1 for unknown"),
  })
  .loose();

/**
 * llama.cpp's server answers completions log-probs in the chat shape, `{content: [{token, logprob,
 * top_logprobs: [{token, logprob}]}]}`, without offsets; it is read into the parallel arrays with
 * every offset unknown (-1).
 */
const contentLogprobs = z
  .object({
    content: z.array(z.object({ token: z.string(), logprob: z.number(), top_logprobs: z.array(z.object({ token: z.string(), logprob: z.number() }).loose()).optional() }).loose()),
  })
  .loose()
  .transform((lp) => ({
    tokens: lp.content.map((t) => t.token),
    token_logprobs: lp.content.map((t) => t.logprob),
    top_logprobs: lp.content.map((t) => (t.top_logprobs ? Object.fromEntries(t.top_logprobs.map((e) => [e.token, e.logprob])) : null)),
    text_offset: lp.content.map(() => -1),
  }));

export const completionLogprobs = z.union([parallelLogprobs, contentLogprobs]);
export type CompletionLogprobs = z.infer<typeof completionLogprobs>;

/** vLLM prompt_logprobs: one map per prompt token (first null), token id → {logprob, rank, decoded_token}. */
export const promptLogprobs = z.array(z.record(z.string(), z.object({ logprob, rank: z.number().nullable().optional(), decoded_token: z.string().nullable().optional() }).loose()).nullable());
export type PromptLogprobs = z.infer<typeof promptLogprobs>;

export const completionResponse = z
  .object({
    choices: z
      .array(
        z
          .object({
            text: z.string(),
            finish_reason: z.string().nullable().optional(),
            logprobs: completionLogprobs.nullable().optional(),
            prompt_logprobs: promptLogprobs.nullable().optional(),
          })
          .loose(),
      )
      .min(1),
    prompt_logprobs: promptLogprobs.nullable().optional(),
    usage: usage.nullable().optional(),
  })
  .loose();
export type CompletionResponse = z.infer<typeof completionResponse>;

/** vLLM and llama.cpp send `arguments` as a JSON string, as OpenAI does; some servers send the object itself. */
const wireToolCall = z
  .object({
    id: z.string().optional(),
    type: z.string().optional(),
    function: z.object({ name: z.string(), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional() }).loose(),
  })
  .loose();

const chatTopLogprob = z.object({ token: z.string(), logprob: z.number() }).loose();

export const chatResponse = z
  .object({
    choices: z
      .array(
        z
          .object({
            message: z.object({ content: z.string().nullable().optional(), tool_calls: z.array(wireToolCall).nullable().optional() }).loose(),
            finish_reason: z.string().nullable().optional(),
            logprobs: z
              .object({
                content: z.array(z.object({ token: z.string(), logprob: z.number(), top_logprobs: z.array(chatTopLogprob) }).loose()).nullable(),
              })
              .loose()
              .nullable()
              .optional(),
          })
          .loose(),
      )
      .min(1),
    usage: usage.nullable().optional(),
  })
  .loose();
export type ChatResponse = z.infer<typeof chatResponse>;

export const embeddingResponse = z
  .object({
    data: z.array(z.object({ embedding: z.array(z.number()), index: z.number().int().nonnegative() }).loose()),
    usage: z.object({ prompt_tokens: z.number().optional() }).loose().nullable().optional(),
  })
  .loose();

/** vLLM /tokenize: token ids (and, when asked, the raw token strings). */
export const tokenizeResponse = z.object({ tokens: z.array(z.number().int()), count: z.number().int().optional() }).loose();

/** Validates `json` against `schema`; on failure names the first offending field of the response. */
export function parseWire<S extends z.ZodType>(schema: S, json: unknown, where: { endpoint: string; path: string }): z.infer<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const serverError = errorField(json);
  if (serverError !== undefined) {
    throw new ModelError({ kind: "malformed", endpoint: where.endpoint, path: where.path, body: clip(JSON.stringify(json)) }, `the server answered 2xx with an error instead of a result: ${serverError}`);
  }
  const issue = result.error.issues[0];
  const field = issue.path.length ? issue.path.map(String).join(".") : "(body)";
  throw new ModelError({ kind: "malformed", endpoint: where.endpoint, path: where.path, body: clip(JSON.stringify(json)) }, `malformed response: ${field}: ${issue.message}`);
}

/** Some servers send `{"error": …}` with status 200; say that rather than "choices: expected array". */
function errorField(json: unknown): string | undefined {
  if (!json || typeof json !== "object" || !("error" in json)) return undefined;
  const error = (json as { error: unknown }).error;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") return (error as { message: string }).message;
  return JSON.stringify(error);
}

function clip(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
