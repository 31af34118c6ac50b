// Percentile bootstrap confidence interval (Efron & Tibshirani 1993, ch. 13): resample the data with
// replacement B times, compute the statistic on each resample, and take the (α/2, 1 − α/2) type-7
// quantiles of the B replicates (as scipy.stats.bootstrap(method="percentile")). Resampling is seeded
// (src/core/random.ts), so the same call gives the same interval bit for bit.
// Example: bootstrapCi([1,2,3,4,5,6,7,8,9,10], mean, { seed: 1 }) ≈ { estimate: 5.5, ci: [3.8, 7.2] }.
import { InputError } from "../core/errors.js";
import { createRng } from "../core/random.js";
import { quantiles } from "./quantile.js";
import { checkLevel } from "./validate.js";
import { sd } from "./variance.js";

export interface BootstrapOptions {
  /** Number of resamples B (default 2000). */
  resamples?: number;
  /** Seed for the resampling stream (default 0). */
  seed?: number | string;
  /** Confidence level (default 0.95). */
  level?: number;
}

export interface BootstrapCi {
  /** The statistic on the original data. */
  estimate: number;
  ci: [number, number];
  /** Standard deviation of the bootstrap replicates (bootstrap standard error). */
  se: number;
  level: number;
  resamples: number;
  n: number;
  seed: number | string;
  method: "percentile";
}

/** Works on any rows (numbers, pairs, whole sessions): resampling keeps each row intact. */
export function bootstrapCi<T>(data: readonly T[], statistic: (sample: readonly T[]) => number, options: BootstrapOptions = {}): BootstrapCi {
  const { resamples = 2000, seed = 0, level = 0.95 } = options;
  if (data.length < 2) throw new InputError("bootstrapCi", `needs at least 2 rows, got ${data.length}`);
  if (!Number.isInteger(resamples) || resamples < 100) {
    throw new InputError("bootstrapCi", `resamples must be an integer ≥ 100, got ${resamples}`);
  }
  checkLevel("bootstrapCi", level);
  const estimate = statistic(data);
  const rng = createRng(seed);
  const n = data.length;
  const replicates = new Array<number>(resamples);
  const sample = new Array<T>(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) sample[i] = data[rng.int(n)];
    const value = statistic(sample);
    if (!Number.isFinite(value)) {
      throw new InputError("bootstrapCi", `the statistic returned ${value} on resample ${b}; it must be finite on every resample`);
    }
    replicates[b] = value;
  }
  const alpha = 1 - level;
  const [lo, hi] = quantiles(replicates, [alpha / 2, 1 - alpha / 2]);
  return { estimate, ci: [lo, hi], se: sd(replicates), level, resamples, n, seed, method: "percentile" };
}
