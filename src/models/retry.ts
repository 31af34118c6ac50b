// The one retry layer (after openai-node's shouldRetry/retryRequest): retry 408/409/429/5xx,
// timeouts and connection failures; honour retry-after-ms / retry-after (seconds or HTTP date);
// otherwise exponential backoff with full jitter. Aborts and other errors are thrown at once.
import { ModelError, abortError } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt (default 2, so at most 3 attempts). */
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** A server-requested wait above this is ignored in favour of backoff (as openai-node does). */
  maxRetryAfterMs: number;
  /** Uniform [0, 1) source for jitter. */
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_RETRY: Omit<RetryPolicy, "random"> = {
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  sleep: abortableSleep,
};

/** The wait a server asked for, in ms, or undefined when it asked for none (or nonsense). */
export function retryAfterMs(headers: Headers | undefined, nowMs: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "") {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get("retry-after");
  if (after === null || after.trim() === "") return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Delay before retry number `retryIndex` (0-based): the server's wish if sane, else full-jitter backoff. */
export function retryDelayMs(retryIndex: number, policy: RetryPolicy, headers?: Headers, nowMs?: number): number {
  const asked = retryAfterMs(headers, nowMs);
  if (asked !== undefined && asked <= policy.maxRetryAfterMs) return asked;
  const cap = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retryIndex);
  return policy.random() * cap;
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error, or retries run out. The
 * number of attempts made is returned with the value and written onto a thrown ModelError.
 */
export async function withRetry<T>(attempt: (attemptNumber: number) => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<{ value: T; attempts: number }> {
  for (let retries = 0; ; retries++) {
    try {
      return { value: await attempt(retries + 1), attempts: retries + 1 };
    } catch (err) {
      if (err instanceof ModelError) err.attempts = retries + 1;
      const retryable = err instanceof ModelError && err.isRetryable && !signal?.aborted;
      if (!retryable || retries >= policy.maxRetries) throw err;
      try {
        await policy.sleep(retryDelayMs(retries, policy, err.headers), signal);
      } catch (reason) {
        const aborted = abortError(err.endpoint, err.path, reason);
        aborted.attempts = retries + 1;
        throw aborted;
      }
    }
  }
}

/** setTimeout as a promise that rejects when the signal fires. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
