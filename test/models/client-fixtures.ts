// Hand-written OpenAI-protocol fixtures for parsing, retry and error tests: an injected fetch that
// answers from a script and records what the client sent. These are protocol fixtures, not a model;
// model behaviour is tested over real HTTP against the embedded server.
import type { ResponseCache } from "../../src/models/cache.js";
import { cacheResponses } from "../../src/models/cache-middleware.js";
import { recordCalls } from "../../src/models/call-records.js";
import { createOpenAIClient, type ClientDeps } from "../../src/models/client.js";
import { wrapModelClient } from "../../src/models/middleware.js";
import type { BackendSpec, CallRecord, ModelClient } from "../../src/models/spec.js";

/** An OpenAI-compatible client with the records middleware (and the cache's, given one) around it, as buildModelRoles builds each role; its records at hand. */
export function recordedClient(spec: BackendSpec, deps: ClientDeps & { cache?: ResponseCache } = {}): ModelClient & { readonly calls: readonly CallRecord[] } {
  const { cache, ...clientDeps } = deps;
  const records = recordCalls();
  const client = wrapModelClient({ client: createOpenAIClient(spec, clientDeps), middleware: [records.middleware, ...(cache ? [cacheResponses(cache)] : [])] });
  return Object.defineProperty(client, "calls", { get: () => records.calls(), enumerable: true }) as ModelClient & { readonly calls: readonly CallRecord[] };
}

export interface SentRequest {
  url: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export type Reply = (req: SentRequest, signal?: AbortSignal) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function openAiError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ error: { message, type: "invalid_request_error" } }, status, headers);
}

/** A fetch that answers each request with the next reply (the last one repeats). */
export function scriptedFetch(...replies: Reply[]): { fetch: NonNullable<ClientDeps["fetch"]>; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const req: SentRequest = { url: String(input), body: JSON.parse(String(init?.body ?? "{}")), headers };
    sent.push(req);
    const reply = replies[Math.min(sent.length - 1, replies.length - 1)];
    return reply(req, init?.signal ?? undefined);
  }) as NonNullable<ClientDeps["fetch"]>;
  return { fetch, sent };
}

/** Echo-mode completions body for the given tokens (first log-prob null, as servers send it). */
export function echoBody(tokens: [string, number | null][], extra: Record<string, unknown> = {}) {
  let offset = 0;
  const text_offset = tokens.map(([t]) => {
    const at = offset;
    offset += t.length;
    return at;
  });
  return {
    id: "cmpl-fixture",
    object: "text_completion",
    choices: [
      {
        index: 0,
        text: tokens.map(([t]) => t).join(""),
        finish_reason: "length",
        logprobs: {
          tokens: tokens.map(([t]) => t),
          token_logprobs: tokens.map(([, lp]) => lp),
          top_logprobs: tokens.map(([t, lp]) => (lp === null ? null : { [t]: lp })),
          text_offset,
        },
        ...extra,
      },
    ],
    usage: { prompt_tokens: tokens.length, completion_tokens: 0, total_tokens: tokens.length },
  };
}

/** No-wait retry settings so retry tests run instantly; `slept` collects the requested delays. */
export function instantRetry(): { retry: NonNullable<ClientDeps["retry"]>; slept: number[] } {
  const slept: number[] = [];
  return {
    slept,
    retry: {
      random: () => 0.5,
      sleep: async (ms: number, signal?: AbortSignal) => {
        slept.push(ms);
        if (signal?.aborted) throw signal.reason;
      },
    },
  };
}

let endpointCounter = 0;
/** A fresh base URL per test, so per-endpoint state (limiters, max_tokens memory) never leaks between tests. */
export function freshBaseUrl(): string {
  endpointCounter++;
  return `http://fixture-${process.pid}-${endpointCounter}.test/v1`;
}
