// The client's transport: POST a JSON body to an OpenAI-compatible endpoint and get JSON back, through
// the endpoint's limiter and exactly one retry layer, each attempt with its own timeout and the
// caller's AbortSignal. Everything above it (operations, cache, call records) speaks in its terms.
import { InputError, errorMessage } from "../core/errors.js";
import { createRng } from "../core/random.js";
import { ModelError, abortError, describeErrorBody } from "./errors.js";
import type { Limiter } from "./limiter.js";
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from "./retry.js";
import type { BackendSpec } from "./spec.js";

const DEFAULT_TIMEOUT_MS = 120_000;

export interface HttpResult {
  json: unknown;
  status: number;
  attempts: number;
}

export interface Transport {
  /** The server as a place: named in errors and limits, credentials stripped. */
  readonly endpoint: string;
  /** `read` turns the answer's text into `json` (default JSON.parse; it must throw as JSON.parse does on a text that is not JSON). */
  post(path: string, body: unknown, signal?: AbortSignal, atRoot?: boolean, read?: (text: string) => unknown): Promise<HttpResult>;
}

export interface TransportDeps {
  fetch?: typeof globalThis.fetch;
  env?: NodeJS.ProcessEnv;
  retry?: Partial<RetryPolicy>;
  limiter: Limiter;
}

export function createTransport(spec: BackendSpec, deps: TransportDeps): Transport {
  const base = checkBaseUrl(spec.baseUrl);
  const endpoint = publicEndpoint(base);
  const root = base.replace(/\/v1$/, "");
  const fetchFn = deps.fetch ?? globalThis.fetch;
  const timeoutMs = spec.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Jitter only spreads retries out; seeding it per process keeps processes from retrying in lockstep.
  const jitter = createRng(`retry-jitter:${process.pid}:${process.hrtime.bigint()}`);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, random: jitter.next, ...deps.retry, maxRetries: spec.maxRetries ?? deps.retry?.maxRetries ?? DEFAULT_RETRY.maxRetries };
  const headers = requestHeaders(spec, deps.env ?? process.env);

  async function sendOnce(url: string, path: string, body: unknown, signal: AbortSignal | undefined, read: (text: string) => unknown): Promise<{ json: unknown; status: number }> {
    // One controller per attempt, fired by the timer or the caller. A plain timer plus a listener we
    // remove is cheaper than AbortSignal.timeout/any and leaves nothing behind on a long-lived signal.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timeout after ${timeoutMs} ms`));
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    const where = { endpoint, path };
    const failed = (err: unknown): ModelError => {
      if (signal?.aborted) return abortError(endpoint, path, signal.reason);
      if (timedOut) return new ModelError({ kind: "timeout", ...where, cause: err }, `no response within ${timeoutMs} ms`);
      const code = causeCode(err);
      return new ModelError({ kind: "unreachable", ...where, cause: err }, `cannot reach the server${code ? ` (${code})` : ""}: ${errorMessage(err)}; is it running at ${endpoint}?`);
    };
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await fetchFn(url, { method: "POST", headers, body: JSON.stringify(body), signal: controller.signal });
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (err) {
      throw failed(err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    if (!response.ok) {
      const text = new TextDecoder().decode(bytes);
      throw new ModelError({ kind: "http", ...where, status: response.status, body: text, headers: response.headers }, `HTTP ${response.status}: ${describeErrorBody(text) || response.statusText}`);
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (err) {
      throw new ModelError({ kind: "malformed", ...where, status: response.status, cause: err }, "malformed response: the body is not valid UTF-8");
    }
    try {
      return { json: read(text), status: response.status };
    } catch (err) {
      throw new ModelError({ kind: "malformed", ...where, status: response.status, body: text.slice(0, 2000), cause: err }, `malformed response: not JSON (${errorMessage(err)}); body starts ${JSON.stringify(text.slice(0, 80))}`);
    }
  }

  /** POST with retry; each attempt waits for its own limiter slot, so backoff sleeps hold none. */
  async function post(path: string, body: unknown, signal?: AbortSignal, atRoot = false, read: (text: string) => unknown = JSON.parse): Promise<HttpResult> {
    const url = (atRoot ? root : base) + path;
    const attempt = async () => {
      try {
        return await deps.limiter.run(() => sendOnce(url, path, body, signal, read), signal);
      } catch (err) {
        if (!(err instanceof ModelError) && signal?.aborted) throw abortError(endpoint, path, signal.reason);
        throw err;
      }
    };
    const { value, attempts } = await withRetry(attempt, policy, signal);
    return { ...value, attempts };
  }

  return { endpoint, post };
}

function checkBaseUrl(baseUrl: string): string {
  if (baseUrl === "embedded") {
    throw new InputError("baseUrl", '"embedded" must be started first: build clients with buildModelRoles (src/models/roles.ts)');
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InputError("baseUrl", `expected an http(s) URL such as http://127.0.0.1:8000/v1, got ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InputError("baseUrl", `expected an http(s) URL, got protocol ${url.protocol}`);
  }
  return baseUrl.replace(/\/+$/, "");
}

/** The endpoint as recorded and hashed: credentials in the URL never leave the process. */
export function publicEndpoint(baseUrl: string): string {
  const url = new URL(checkBaseUrl(baseUrl));
  url.username = "";
  url.password = "";
  return url.toString().replace(/\/+$/, "");
}

function requestHeaders(spec: BackendSpec, env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (spec.apiKeyEnv) {
    const key = env[spec.apiKeyEnv];
    if (!key) throw new InputError("apiKeyEnv", `environment variable ${spec.apiKeyEnv} is not set (needed for ${spec.baseUrl})`);
    headers.authorization = `Bearer ${key}`;
  }
  return headers;
}

/** fetch says only "fetch failed"; the cause holds the reason (ECONNREFUSED, ENOTFOUND, "bad port"). */
function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  return typeof cause?.message === "string" && cause.message ? cause.message : undefined;
}
