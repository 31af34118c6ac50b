// Student's t distribution (cdf, quantile, two-sided p) via the @stdlib implementations.
// Example: tQuantile(0.975, 10) = 2.228139 (scipy.stats.t.ppf(0.975, 10)).
import tCdfImpl from "@stdlib/stats-base-dists-t-cdf";
import tQuantileImpl from "@stdlib/stats-base-dists-t-quantile";

export function tCdf(t: number, df: number): number {
  return tCdfImpl(t, df);
}

export function tQuantile(p: number, df: number): number {
  return tQuantileImpl(p, df);
}

/**
 * Two-sided p-value P(|T| ≥ |t|) for T ~ t(df). Computed from the lower tail of −|t| so that tiny
 * p-values keep their precision instead of rounding 1 − cdf to 0. t = ±∞ gives 0; NaN gives NaN.
 */
export function tTwoSidedP(t: number, df: number): number {
  if (Number.isNaN(t)) return Number.NaN;
  return Math.min(1, 2 * tCdfImpl(-Math.abs(t), df));
}
