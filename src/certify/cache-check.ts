// certify never trusts a writable cache (issue 37): a response cache is a file anyone can edit, and
// rescoring reads the models' answers from it. So either nothing is read from it (every answer
// recomputed), or a random share of at least 10% of the answers it would serve is recomputed and
// compared, and any mismatch refuses the certificate. The wrapper sits on the cache's interface, so
// every path that reads the cache (operations, embeddings, batched continuations) is sampled alike.
import { randomBytes } from "node:crypto";
import { canonicalJson, sha256 } from "../core/hash.js";
import { FoolsgoldError, InputError } from "../core/errors.js";
import type { CacheEntryMeta, ResponseCache } from "../models/cache.js";

export const MIN_CACHE_CHECK_FRACTION = 0.1;

/** What the certificate states about the model answers it used. */
export type ModelAnswers = { mode: "recomputed" } | { mode: "cache-checked"; fraction: number; seed: string; cache_hits: number; checked: number; mismatches: number };

export interface CacheMismatch {
  key: string;
  model: string;
  path: string;
}

/** The cache served answers the models do not give. */
export class CacheDisagrees extends FoolsgoldError {
  constructor(
    readonly mismatches: CacheMismatch[],
    checked: number,
  ) {
    const shown = mismatches
      .slice(0, 3)
      .map((m) => `${m.model} ${m.path} ${m.key.slice(0, 12)}`)
      .join("; ");
    super(
      "cache_disagrees",
      `the response cache disagrees with the models on ${mismatches.length} of ${checked} recomputed answer(s) (${shown}${mismatches.length > 3 ? "; …" : ""}); the cache was edited or comes from other models: certify refuses (rerun with --no-cache to recompute every answer)`,
    );
    this.name = "CacheDisagrees";
  }
}

export function cacheCheckFraction(value: string | undefined): number {
  if (value === undefined) return MIN_CACHE_CHECK_FRACTION;
  const f = Number(value);
  if (!(f >= MIN_CACHE_CHECK_FRACTION && f <= 1)) throw new InputError("--cache-check", `expected a fraction in [${MIN_CACHE_CHECK_FRACTION}, 1] of cached answers to recompute, got "${value}"`);
  return f;
}

// Answers equal up to float noise of one backend (1e-9 relative), not a tolerance for edits.
function sameAnswer(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameAnswer(x, b[i]));
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return canonicalJson(ka) === canonicalJson(kb) && ka.every((k) => sameAnswer((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return canonicalJson(a) === canonicalJson(b);
}

export interface CheckedCache {
  cache: ResponseCache;
  /** Throws CacheDisagrees on any mismatch; else what the certificate states. */
  finish(): ModelAnswers;
}

/**
 * Wraps `cache`: a hit whose key falls in the sample (sha256(seed, key) below `fraction`) is not
 * served; the model answers, and the fresh answer is compared with the stored one (and not written).
 */
export function checkedCache(cache: ResponseCache, fraction: number, seed = randomBytes(8).toString("hex")): CheckedCache {
  const held = new Map<string, unknown>();
  const mismatches: CacheMismatch[] = [];
  let hits = 0;
  let checked = 0;
  const sampled = (key: string) => parseInt(sha256(`${seed}:${key}`).slice(0, 8), 16) / 0x1_0000_0000 < fraction;
  const compare = (key: string, value: unknown, meta: CacheEntryMeta): unknown => {
    if (!held.has(key)) return cache.set(key, value, meta);
    const stored = held.get(key);
    held.delete(key);
    checked++;
    if (!sameAnswer(stored, value)) mismatches.push({ key, model: meta.model, path: meta.path });
    return value;
  };
  const wrapped: ResponseCache = {
    get cacheSampled() {
      return cache.cacheSampled;
    },
    get epoch() {
      return cache.epoch;
    },
    get stats() {
      return cache.stats;
    },
    get inflight() {
      return cache.inflight;
    },
    get(key) {
      const hit = cache.get(key);
      if (hit === undefined) return undefined;
      hits++;
      if (!sampled(key)) return hit;
      held.set(key, hit);
      return undefined;
    },
    set: compare,
    setMany: (entries) => entries.map((e) => compare(e.key, e.value, e.meta)),
    close: () => cache.close(),
  };
  return {
    cache: wrapped,
    finish() {
      if (mismatches.length > 0) throw new CacheDisagrees(mismatches, checked);
      return { mode: "cache-checked", fraction, seed, cache_hits: hits, checked, mismatches: 0 };
    },
  };
}
