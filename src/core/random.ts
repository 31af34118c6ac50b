// Seeded pseudo-random numbers. Everything stochastic in foolsgold (schedules, bootstrap resamples,
// fuzzers, shuffles) takes a seed so a run is reproducible bit for bit.
import { createHash } from "node:crypto";

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

/** Seeds from a number or a string label (hashed), so derived streams ("seed:42/schedule") are independent. */
export function seedFrom(seed: number | string): number {
  if (typeof seed === "number" && Number.isInteger(seed)) return seed >>> 0;
  return createHash("sha256").update(String(seed)).digest().readUInt32LE(0);
}

/** mulberry32: small, fast, and good enough for simulation and resampling (not for cryptography). */
export function createRng(seed: number | string): Rng {
  let state = seedFrom(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new RangeError("pick from an empty list");
      return items[int(items.length)];
    },
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
