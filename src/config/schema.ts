// The foolsgold config file (YAML or JSON), as a zod schema. The same schema validates files and
// generates schemas/config.schema.json for editors (`npm run schema`). Stack options are checked
// later by the chosen stack's own schema (src/config/stack-options.ts).
import { z } from "zod";

const URL_EXPECTED = 'expected an http(s) URL such as "http://127.0.0.1:8000/v1", or "embedded"';
const httpUrl = z.url({ protocol: /^https?$/, error: URL_EXPECTED });

export const backendSpecSchema = z
  .strictObject({
    baseUrl: z.union([z.literal("embedded"), httpUrl], { error: URL_EXPECTED }).describe('OpenAI-compatible base URL (usually ending in /v1), or "embedded" for the built-in offline server'),
    model: z.string().min(1).optional().describe('Model name the server expects; defaults to the embedded model when baseUrl is "embedded"'),
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable name")
      .optional()
      .describe("Name of the environment variable holding the API key (keys never go in config files)"),
    concurrency: z.number().int().min(1).max(4096).optional().describe("Max requests in flight to this endpoint (default 8)"),
    timeoutMs: z.number().int().positive().optional().describe("Per-attempt timeout in ms (default 120000)"),
    maxRetries: z.number().int().min(0).max(20).optional().describe("Retries after the first attempt on 408/409/429/5xx/network errors (default 2)"),
    batchInvariant: z.boolean().optional().describe("Whether the server runs batch-invariant kernels (recorded in each call record; true also sends continuation pairs as lists of prompts)"),
    continuationMethod: z.enum(["echo", "prompt_logprobs"]).optional().describe("How continuation log-probs are requested (default echo)"),
    echoLogprobs: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .describe("logprobs of an echo continuation request: 1 (default, every server) or 0 (no alternatives, a smaller answer: vLLM and the built-in server; not SGLang); the embedded backend defaults to 0"),
    topLogprobsVia: z.enum(["completions", "chat"]).optional().describe("Next-token top-k via raw completions (default) or chat"),
    embedBatchSize: z.number().int().min(1).max(4096).optional().describe("Texts per /embeddings request (default 64)"),
    extraBody: z.record(z.string(), z.unknown()).optional().describe("Extra JSON fields sent with every generation request"),
    endpointId: z.string().min(1).optional().describe("Stable name for records, cache keys and instruments instead of baseUrl (e.g. one name for several replicas of one model)"),
    revision: z.string().min(1).optional().describe("What identifies the weights behind the endpoint (checkpoint hash, …); part of cache keys and instruments"),
  })
  .superRefine((spec, ctx) => {
    if (spec.baseUrl !== "embedded" && httpUrl.safeParse(spec.baseUrl).success && spec.model === undefined) {
      ctx.addIssue({ code: "custom", path: ["model"], message: "required for a server URL (the name the server knows the model by)" });
    }
  });
export type BackendSpecConfig = z.infer<typeof backendSpecSchema>;

export const cacheConfigSchema = z
  .strictObject({
    enabled: z.boolean().default(true).describe("Use the response cache (the CLI's --no-cache overrides)"),
    path: z.string().min(1).optional().describe("SQLite file (default $FOOLSGOLD_HOME/cache.sqlite, i.e. .foolsgold/cache.sqlite)"),
    cacheSampled: z.boolean().default(false).describe("Also cache sampled generations (temperature > 0 without a seed)"),
    epoch: z.number().int().min(0).default(0).describe("Bump to invalidate every cached response without deleting the file"),
  })
  .describe("Content-addressed response cache");
export type CacheConfig = z.infer<typeof cacheConfigSchema>;

export const configSchema = z
  .strictObject({
    $schema: z.string().optional().describe("Path or URL of this JSON Schema, for editors"),
    models: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "role names are letters, digits, _ and -"), backendSpecSchema)
      .default({})
      .describe('Model backends by role ("audience", "embedder", "judge", "reference", "policy", …)'),
    cache: cacheConfigSchema.default({ enabled: true, cacheSampled: false, epoch: 0 }),
    stack: z.string().min(1).optional().describe("Stack: a built-in or registered stack's name, or a stack file (a module such as ./my-stack.mjs, or a YAML composition of terms)"),
    options: z.record(z.string(), z.unknown()).default({}).describe("Stack options, validated by the chosen stack's schema"),
  })
  .describe("foolsgold configuration");
export type FoolsgoldConfig = z.infer<typeof configSchema>;

/** The JSON Schema editors use to validate and complete config files. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { io: "input", target: "draft-2020-12" }),
    $id: "https://foolsgold.dev/schemas/config.schema.json",
    title: "foolsgold config",
  };
}
