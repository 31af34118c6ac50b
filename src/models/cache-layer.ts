// The response cache as a removable layer around model operations: a cacheable operation is answered
// from the cache, or by an identical request already in flight (shared through the cache, so through
// any client using it), or sent and stored. What is stored is what every later run gets back.
import { cacheKey, type ResponseCache } from "./cache.js";
import { ModelError } from "./errors.js";
import type { OperationLayer } from "./operation.js";

export interface CacheIdentity {
  endpoint: string;
  model: string;
  revision?: string;
}

export function cacheLayer(cache: ResponseCache, id: CacheIdentity): OperationLayer {
  return (next) =>
    async function cached(op) {
      if (!op.cacheable || op.options?.noCache) return next(op);
      const key = cacheKey({ ...id, path: op.path, params: op.params, epoch: cache.epoch });
      const hit = cache.get(key);
      if (hit !== undefined) return { value: hit as never, attempts: 0, status: 200, cached: true };
      const pending = cache.inflight.get(key);
      if (pending) {
        try {
          return { value: (await pending) as never, attempts: 0, status: 200, cached: true };
        } catch (err) {
          // Another caller's abort is not ours: then ask for ourselves.
          if (!(err instanceof ModelError && err.kind === "abort") || op.options?.signal?.aborted) throw err;
        }
      }
      const work = next(op).then((out) => ({ ...out, value: cache.set(key, out.value, { endpoint: id.endpoint, model: id.model, path: op.path }) as typeof out.value }));
      const shared = work.then((r) => r.value);
      shared.catch(() => undefined);
      cache.inflight.set(key, shared);
      const forget = () => cache.inflight.delete(key);
      work.then(forget, forget);
      return work;
    };
}
