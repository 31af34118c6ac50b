// Typed model-call errors. Every failure of a backend call is one ModelError whose kind says what
// went wrong and whose message names the endpoint, so a score can carry it as an explicit error.
import { FoolsgoldError, errorMessage } from "../core/errors.js";

export type ModelErrorKind =
  /** The server answered with a non-2xx status. */
  | "http"
  /** The per-attempt timeout fired. */
  | "timeout"
  /** The caller's AbortSignal fired; never retried. */
  | "abort"
  /** No connection could be made (refused, DNS, reset). */
  | "unreachable"
  /** The server answered 2xx but the body is not what the protocol promises. */
  | "malformed"
  /** The server cannot do what was asked (e.g. no echo support). */
  | "unsupported";

export interface ModelErrorInit {
  kind: ModelErrorKind;
  endpoint: string;
  path: string;
  status?: number;
  body?: string;
  /** Response headers of an HTTP error (retry-after lives here). */
  headers?: Headers;
  cause?: unknown;
}

const RETRYABLE_STATUSES = new Set([408, 409, 429]);

export class ModelError extends FoolsgoldError {
  readonly kind: ModelErrorKind;
  readonly endpoint: string;
  readonly path: string;
  readonly status?: number;
  readonly body?: string;
  readonly headers?: Headers;
  /** Attempts made before giving up (set by the retry layer). */
  attempts = 1;

  constructor(init: ModelErrorInit, problem: string) {
    const refusal = init.kind === "http" ? refusedCall(init.body) : undefined;
    const kind = refusal ? "unsupported" : init.kind;
    super(`model_${kind}`, `${init.endpoint}${init.path}: ${problem}${refusal ? ` — ${refusal}` : ""}`, { cause: init.cause });
    this.name = "ModelError";
    this.kind = kind;
    this.endpoint = init.endpoint;
    this.path = init.path;
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
  }

  /**
   * 408/409/429/5xx, timeouts and connection failures are worth another attempt; aborts never. A
   * server's explicit `x-should-retry: true|false` header overrides the status (as in openai-node).
   */
  get isRetryable(): boolean {
    switch (this.kind) {
      case "http": {
        const told = this.headers?.get("x-should-retry");
        if (told === "true") return true;
        if (told === "false") return false;
        return this.status !== undefined && (RETRYABLE_STATUSES.has(this.status) || this.status >= 500);
      }
      case "timeout":
      case "unreachable":
        return true;
      default:
        return false;
    }
  }
}

/**
 * Error bodies of servers refusing a call they can never serve, whatever the status (llama.cpp answers
 * echo with HTTP 500): retrying is pointless, so such an error is "unsupported" and says what to use.
 */
const REFUSALS: { pattern: RegExp; advice: string }[] = [
  {
    pattern: /only no echo is supported/i,
    advice:
      'this server (llama.cpp) cannot echo the prompt, so it cannot give continuation log-probs: serve the model with vLLM or SGLang (continuationMethod "echo", or "prompt_logprobs" on vLLM); top-k next-token log-probs (logprobs with max_tokens 1) do work on it',
  },
];

function refusedCall(body: string | undefined): string | undefined {
  if (!body) return undefined;
  return REFUSALS.find((r) => r.pattern.test(body))?.advice;
}

/** The error for a call the caller aborted (while queued, sending, or waiting to retry). */
export function abortError(endpoint: string, path: string, reason?: unknown): ModelError {
  const why = reason instanceof Error && reason.message ? `: ${reason.message}` : "";
  return new ModelError({ kind: "abort", endpoint, path, cause: reason }, `aborted by the caller${why}`);
}

/** What a call record says of a failed request: its attempts, its HTTP status (or "error") and the message. */
export function failureRecord(err: unknown): { attempts: number; status: number | "error"; error: string } {
  const model = err instanceof ModelError ? err : undefined;
  return { attempts: model?.attempts ?? 1, status: model?.status ?? "error", error: errorMessage(err) };
}

export function isModelError(err: unknown): err is ModelError {
  return err instanceof ModelError;
}

/** Short server error text for messages: OpenAI-style `{error:{message}}` when present, else the body head. */
export function describeErrorBody(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") {
      const error = (parsed as { error?: unknown; message?: unknown; detail?: unknown }).error;
      if (typeof error === "string") return error;
      if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
        return (error as { message: string }).message;
      }
      const { message, detail } = parsed as { message?: unknown; detail?: unknown };
      if (typeof message === "string") return message;
      if (typeof detail === "string") return detail;
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
