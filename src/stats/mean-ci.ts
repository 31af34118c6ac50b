// One-sample t inference: the t-based confidence interval for a mean and the one-sample t test
// (Student 1908). CI = x̄ ± t₍1−α/2, n−1₎ · s/√n; t = (x̄ − μ₀)/(s/√n), df = n − 1.
// Example: meanCi([1, 2, 3, 4, 5]) → mean 3, ci [1.036757, 4.963243] (scipy.stats.t.interval(0.95, 4,
// loc=3, scale=sem)).
import { mean } from "./mean.js";
import { tQuantile, tTwoSidedP } from "./t-distribution.js";
import { checkLevel, checkSample } from "./validate.js";
import { sd } from "./variance.js";

export interface MeanCi {
  n: number;
  mean: number;
  sd: number;
  se: number;
  df: number;
  level: number;
  ci: [number, number];
}

export interface OneSampleT extends MeanCi {
  mu0: number;
  t: number;
  /** Two-sided p-value. */
  p: number;
}

/** t-based CI of a mean; needs n ≥ 2. With zero spread the interval collapses to the mean. */
export function meanCi(xs: readonly number[], level = 0.95): MeanCi {
  checkSample("meanCi", xs, 2);
  checkLevel("meanCi", level);
  const n = xs.length;
  const m = mean(xs);
  const s = sd(xs);
  const se = s / Math.sqrt(n);
  const half = tQuantile(1 - (1 - level) / 2, n - 1) * se;
  return { n, mean: m, sd: s, se, df: n - 1, level, ci: [m - half, m + half] };
}

/**
 * One-sample t test of H₀: mean = mu0, two-sided (scipy.stats.ttest_1samp). With zero spread, t is
 * ±Infinity (p = 0) when the mean differs from mu0 and NaN (p = NaN) when it equals it, as in scipy.
 */
export function oneSampleT(xs: readonly number[], mu0 = 0, level = 0.95): OneSampleT {
  const base = meanCi(xs, level);
  const diff = base.mean - mu0;
  const t = base.se === 0 ? (diff === 0 ? Number.NaN : Math.sign(diff) * Number.POSITIVE_INFINITY) : diff / base.se;
  return { ...base, mu0, t, p: tTwoSidedP(t, base.df) };
}

export interface MeanDescription {
  n: number;
  /** NaN when n = 0 (serialized as null). */
  mean: number;
  /** NaN when n < 2. */
  sd: number;
  /** The t interval; null when n < 2. */
  ci: [number, number] | null;
}

/**
 * For reports that print whatever n they have: the mean with its t interval when n ≥ 2, the bare mean
 * when n = 1, nothing when n = 0 — instead of an error.
 */
export function describeMean(xs: readonly number[], level = 0.95): MeanDescription {
  if (xs.length === 0) return { n: 0, mean: NaN, sd: NaN, ci: null };
  if (xs.length === 1) return { n: 1, mean: xs[0], sd: NaN, ci: null };
  const m = meanCi(xs, level);
  return { n: m.n, mean: m.mean, sd: m.sd, ci: m.ci };
}
