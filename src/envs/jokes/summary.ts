// Summaries every jokes command prints: a mean with its Student-t 95% interval, and a share with
// its Wilson interval. Kept here, small and tested against scipy, so the jokes artifacts do not
// depend on the order in which the shared statistics module lands.
import tQuantile from "@stdlib/stats-base-dists-t-quantile";

export interface MeanSummary {
  n: number;
  mean: number;
  sd: number;
  /** Two-sided 95% t interval for the mean; null when n < 2. */
  ci: [number, number] | null;
}

/** Mean, sample sd (n − 1) and mean ± t(0.975, n − 1)·sd/√n (scipy.stats.t.interval). */
export function meanWithCi(values: readonly number[], level = 0.95): MeanSummary {
  const n = values.length;
  if (n === 0) return { n: 0, mean: NaN, sd: NaN, ci: null };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, sd: NaN, ci: null };
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
  const half = tQuantile(1 - (1 - level) / 2, n - 1) * (sd / Math.sqrt(n));
  return { n, mean, sd, ci: [mean - half, mean + half] };
}

export interface ShareSummary {
  k: number;
  n: number;
  share: number;
  /** Wilson score 95% interval (scipy.stats.binomtest(k, n).proportion_ci(method="wilson")). */
  ci: [number, number] | null;
}

export function shareWithCi(k: number, n: number): ShareSummary {
  if (n === 0) return { k, n, share: NaN, ci: null };
  const z = 1.959963984540054;
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return { k, n, share: p, ci: [Math.max(0, centre - half), Math.min(1, centre + half)] };
}
