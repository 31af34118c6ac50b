// Per-endpoint concurrency limits: a FIFO semaphore per base URL, shared by every client of that
// endpoint in the process, so two roles pointed at one vLLM replica never exceed its limit together.

export interface Limiter {
  readonly limit: number;
  readonly active: number;
  readonly queued: number;
  /** Runs `task` once a slot is free (first come, first served); a queued task leaves on abort. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

interface Waiter {
  start: () => void;
}

export function createLimiter(limit: number): Limiter & { lower(to: number): void } {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be an integer ≥ 1, got ${limit}`);
  let max = limit;
  let active = 0;
  const queue: Waiter[] = [];

  const release = () => {
    active--;
    while (active < max && queue.length > 0) {
      active++;
      queue.shift()!.start();
    }
  };

  const acquire = (signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (active < max && queue.length === 0) {
      active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      queue.push(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  };

  return {
    get limit() {
      return max;
    },
    get active() {
      return active;
    },
    get queued() {
      return queue.length;
    },
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    lower(to: number) {
      max = Math.min(max, to);
    },
  };
}

const DEFAULT_CONCURRENCY = 8;
const byEndpoint = new Map<string, ReturnType<typeof createLimiter>>();

/**
 * The shared limiter of an endpoint. When clients ask for different limits for the same endpoint
 * the smallest wins: the most cautious setting is the one the server's owner meant.
 */
export function limiterFor(endpoint: string, concurrency: number = DEFAULT_CONCURRENCY): Limiter {
  const existing = byEndpoint.get(endpoint);
  if (existing) {
    existing.lower(concurrency);
    return existing;
  }
  const created = createLimiter(concurrency);
  byEndpoint.set(endpoint, created);
  return created;
}
