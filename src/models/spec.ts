// The small backend spec (SPEC §2): what foolsgold needs from a model server, as plain types.
// Production servers are OpenAI-compatible (vLLM, SGLang, llama.cpp, Ollama); the embedded
// defaults speak the same protocol through the built-in server, so one client serves both.

/** Where a model lives and how to talk to it. `apiKeyEnv` names an env var; keys never enter hashes. */
export interface BackendSpec {
  /** e.g. "http://127.0.0.1:8000/v1", or "embedded" for the built-in server. */
  baseUrl: string;
  model: string;
  apiKeyEnv?: string;
  /** Max requests in flight to this endpoint. */
  concurrency?: number;
  timeoutMs?: number;
  maxRetries?: number;
  /**
   * What the server is declared to run with, recorded in each call record. Declared true, a list of prompts
   * gets the answers each prompt gets alone, so continuationLogprobs sends lists (see CallOptions.batch).
   */
  batchInvariant?: boolean;
  /** Which continuation-log-prob mechanism the server supports. */
  continuationMethod?: "echo" | "prompt_logprobs";
  /**
   * `logprobs` of an echo continuation request: 1 (default; every server) or 0, each token's own
   * log-prob without alternatives (a smaller answer; vLLM and the built-in server honour it, the
   * embedded backend declares it; current SGLang then leaves the prompt out).
   */
  echoLogprobs?: 0 | 1;
  /** Extra body fields sent with every generation/completions request (e.g. vLLM sampling extras). */
  extraBody?: Record<string, unknown>;
  /** Where next-token top-k comes from: raw-prompt completions (default) or chat (chat-only servers). */
  topLogprobsVia?: "completions" | "chat";
  /** Texts per /embeddings request (default 64). */
  embedBatchSize?: number;
  /**
   * Stable name of the endpoint for call records, cache keys and instruments, used instead of
   * baseUrl: "embedded" for the built-in server (whose port changes every run), or one name for
   * several replicas of the same model so they share a cache.
   */
  endpointId?: string;
  /** What identifies the weights/build behind the endpoint (a checkpoint hash, a builder version); part of cache keys. */
  revision?: string;
}

/** How an instrument names a model: stable across runs, revision included, no secrets. */
export function instrumentModel(spec: BackendSpec): { baseUrl: string; model: string } {
  return {
    baseUrl: spec.endpointId ?? stripCredentials(spec.baseUrl),
    model: spec.revision ? `${spec.model}@${spec.revision}` : spec.model,
  };
}

function stripCredentials(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = "";
    url.password = "";
    return url.toString().replace(/\/+$/, "");
  } catch {
    return baseUrl;
  }
}

export interface Determinism {
  seed?: number;
  temperature?: number;
  batchInvariant?: boolean;
}

/** One model call as recorded for artifacts and metrics. */
export interface CallRecord {
  endpoint: string;
  path: string;
  model: string;
  params: Record<string, unknown>;
  determinism: Determinism;
  latencyMs: number;
  cached: boolean;
  attempts: number;
  status: number | "error";
  promptTokens?: number;
  completionTokens?: number;
  error?: string;
  /** For batched calls (embeddings, continuations): how many items of the call were answered from the cache. */
  cachedItems?: number;
}

/**
 * One request a client sent, or one set of answers the cache served, as reported through
 * `CallOptions.report`: a CallRecord before the records middleware names the endpoint and model and
 * replaces the request's texts by their lengths.
 */
export type CallReport = Omit<CallRecord, "endpoint" | "model">;

/** A tool call as the model sent it; `arguments` is the JSON text the model wrote (possibly malformed). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A function the model may call (OpenAI `tools` entry); `parameters` is a JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type ChatMessage = { role: "system" | "user"; content: string } | { role: "assistant"; content: string; toolCalls?: ToolCall[] } | { role: "tool"; content: string; toolCallId: string };

export interface ChatRequest {
  messages: ChatMessage[];
  /** Functions offered to the model; its calls come back in `ChatChoice.toolCalls`. */
  tools?: ToolSpec[];
  toolChoice?: "auto" | "required" | "none";
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  seed?: number;
  n?: number;
  stop?: string[];
  /** Ask for top-k logprobs of generated tokens. */
  topLogprobs?: number;
}

export interface ChatChoice {
  text: string;
  finishReason: string | null;
  /** Per generated token, when the request asked for `topLogprobs`. */
  logprobs?: { token: string; logprob: number; top: { token: string; logprob: number }[] }[];
  /** The tool calls of the reply, when the request offered `tools` and the model called some. */
  toolCalls?: ToolCall[];
}

export interface ChatResult {
  choices: ChatChoice[];
  usage?: { promptTokens: number; completionTokens: number };
}

export interface CompletionRequest {
  prompt: string;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
  n?: number;
  stop?: string[];
}

/** Next-token distribution head: the k most probable next tokens with natural-log probabilities. */
export interface TopLogprobs {
  tokens: { token: string; logprob: number }[];
}

export interface TokenLogprob {
  token: string;
  logprob: number;
  /** Character offset of the token in context + continuation. */
  offset: number;
}

/**
 * Log-probability (nats) of `continuation` given `context`: the sum over the tokens whose text
 * offset falls at or after the start of the continuation. A token that straddles the boundary
 * belongs to the continuation (documented in docs/models.md).
 */
export interface ContinuationLogprob {
  logprob: number;
  tokens: TokenLogprob[];
  /** Tokens of the context alone (useful for perplexities of the whole prompt). */
  contextTokenCount: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Bypass the cache for this call. */
  noCache?: boolean;
  /** continuationLogprobs (echo method): send up to 32 pairs per request as a list of prompts (vLLM, the built-in server); default: the spec's batchInvariant. */
  batch?: boolean;
  /**
   * Where a client reports each request it sends (attempts, status, tokens) and the cache each answer
   * it serves; the records middleware (recordCalls) listens here. A client that reports nothing gets
   * one record per call.
   */
  report?: (report: CallReport) => void;
}

/** A (context, continuation) pair whose continuation log-probability is asked for. */
export interface ContinuationPair {
  context: string;
  continuation: string;
}

/**
 * The client every term talks to: one request function per call kind, implemented for
 * OpenAI-compatible HTTP servers (createOpenAIClient) or by any object of this shape. Caching, call
 * records and cancellation are middleware around it (wrapModelClient, src/models/middleware.ts).
 */
export interface ModelClient {
  readonly spec: BackendSpec;
  chat(req: ChatRequest, options?: CallOptions): Promise<ChatResult>;
  complete(req: CompletionRequest, options?: CallOptions): Promise<ChatResult>;
  topLogprobs(prompt: string, k: number, options?: CallOptions): Promise<TopLogprobs>;
  /** One request per (context, continuation) pair, issued concurrently within the endpoint limit; with `batch` (or a batch-invariant spec), lists of prompts. */
  continuationLogprobs(pairs: ContinuationPair[], options?: CallOptions): Promise<ContinuationLogprob[]>;
  embed(texts: string[], options?: CallOptions): Promise<number[][]>;
}

/** Model clients by role ("audience", "embedder", "reference", "judge", …). */
export type ModelRoles = Record<string, ModelClient>;
