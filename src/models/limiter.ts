// Per-endpoint concurrency limits: a FIFO semaphore per base URL, shared by every client of that
// endpoint in a session (one EndpointRegistry), so two roles pointed at one vLLM replica never exceed
// its limit together.

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

export function createLimiter(limit: number): Limiter & { setLimit(to: number): void } {
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
    setLimit(to: number) {
      max = to;
      while (active < max && queue.length > 0) {
        active++;
        queue.shift()!.start();
      }
    },
  };
}

const DEFAULT_CONCURRENCY = 8;

/**
 * What a session knows about its endpoints, shared by every client given the same registry (model
 * roles built together share one): the concurrency limiter of each endpoint, and which endpoints
 * refuse echo with max_tokens 0. An explicit object rather than module state, so two sessions (or two
 * tests) never leak into each other.
 */
export interface EndpointRegistry {
  /**
   * The shared limiter of an endpoint. When clients ask for different limits for the same endpoint
   * the smallest explicit one wins (the most cautious setting is the one the server's owner meant);
   * a client that asks for none neither lowers nor raises it, and the default (8) holds only until
   * someone asks.
   */
  limiter(endpoint: string, concurrency?: number): Limiter;
  /** Endpoints that rejected echo with max_tokens 0 and need 1. */
  readonly echoNeedsOneToken: Set<string>;
}

export function createEndpointRegistry(): EndpointRegistry {
  const byEndpoint = new Map<string, { limiter: ReturnType<typeof createLimiter>; explicit: boolean }>();
  return {
    echoNeedsOneToken: new Set(),
    limiter(endpoint, concurrency) {
      const entry = byEndpoint.get(endpoint);
      if (!entry) {
        const limiter = createLimiter(concurrency ?? DEFAULT_CONCURRENCY);
        byEndpoint.set(endpoint, { limiter, explicit: concurrency !== undefined });
        return limiter;
      }
      if (concurrency !== undefined) {
        entry.limiter.setLimit(entry.explicit ? Math.min(entry.limiter.limit, concurrency) : concurrency);
        entry.explicit = true;
      }
      return entry.limiter;
    },
  };
}
