// Request bodies of the built-in OpenAI-compatible server, validated with zod so every 400 names the
// offending field.
import { z } from "zod";

const stop = z.union([z.string(), z.array(z.string()).max(16)]).optional();
const k = z.number().int().min(0).max(20);

export const completionRequest = z.object({
  model: z.string().optional(),
  prompt: z.union([z.string(), z.array(z.string()).min(1).max(256)], { error: "expected a string or an array of 1 to 256 strings (token-id prompts are not supported)" }),
  max_tokens: z.number().int().min(0).max(4096).nullable().optional(),
  temperature: z.number().min(0).max(5).nullable().optional(),
  top_p: z.number().gt(0).max(1).nullable().optional(),
  n: z.number().int().min(1).max(32).nullable().optional(),
  seed: z.number().int().nullable().optional(),
  stop: stop.nullable(),
  echo: z.boolean().nullable().optional(),
  logprobs: k.nullable().optional(),
  prompt_logprobs: k.nullable().optional(),
  stream: z.boolean().nullable().optional(),
});
export type CompletionBody = z.infer<typeof completionRequest>;

export const chatRequest = z.object({
  model: z.string().optional(),
  messages: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() })).min(1),
  max_tokens: z.number().int().min(0).max(4096).nullable().optional(),
  max_completion_tokens: z.number().int().min(0).max(4096).nullable().optional(),
  temperature: z.number().min(0).max(5).nullable().optional(),
  top_p: z.number().gt(0).max(1).nullable().optional(),
  n: z.number().int().min(1).max(32).nullable().optional(),
  seed: z.number().int().nullable().optional(),
  stop: stop.nullable(),
  logprobs: z.boolean().nullable().optional(),
  top_logprobs: k.nullable().optional(),
  stream: z.boolean().nullable().optional(),
});
export type ChatBody = z.infer<typeof chatRequest>;

export const embeddingRequest = z.object({
  model: z.string().optional(),
  input: z.union([z.string(), z.array(z.string()).min(1).max(2048)], { error: "expected a string or an array of 1 to 2048 strings" }),
  // openai-node asks for base64 unless told otherwise.
  encoding_format: z.enum(["float", "base64"]).optional(),
});

export const tokenizeRequest = z.union([
  z.object({ model: z.string().optional(), prompt: z.string(), add_special_tokens: z.boolean().optional() }),
  z.object({ model: z.string().optional(), messages: chatRequest.shape.messages, add_generation_prompt: z.boolean().optional() }),
]);

export const detokenizeRequest = z.object({
  model: z.string().optional(),
  tokens: z.array(z.number().int()),
});

/** "field.path: problem" for the first issue, as the 400 message. */
export function describeIssue(error: z.ZodError): { param: string; message: string } {
  const issue = error.issues[0];
  const param = issue.path.length ? issue.path.join(".") : "body";
  return { param, message: `${param}: ${issue.message}` };
}
