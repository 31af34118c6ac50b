// Student's t distribution (cdf, quantile, two-sided p) via the @stdlib implementations, bundled at build
// time into vendor/stdlib-dists.js (one file, ≈ 40 CPU-ms to load with the other four functions, where the
// packages themselves took ≈ 0.13 CPU-s). Example: tQuantile(0.975, 10) = 2.228139 (scipy.stats.t.ppf(0.975, 10)).
// The 95 % quantile a score summary prints comes from a table of @stdlib's own values (t-quantile-table.ts).
import { tabledTQuantile } from "./t-quantile-table.js";
import { tCdf as stdlibCdf, tQuantile as stdlibQuantile } from "./vendor/stdlib-dists.js";

export function tCdf(t: number, df: number): number {
  return stdlibCdf(t, df);
}

export function tQuantile(p: number, df: number): number {
  return tabledTQuantile(p, df) ?? stdlibQuantile(p, df);
}

/** @stdlib's quantile itself, never the table (for checking the table against it). */
export function computedTQuantile(p: number, df: number): number {
  return stdlibQuantile(p, df);
}

/**
 * Two-sided p-value P(|T| ≥ |t|) for T ~ t(df). Computed from the lower tail of −|t| so that tiny
 * p-values keep their precision instead of rounding 1 − cdf to 0. t = ±∞ gives 0; NaN gives NaN.
 */
export function tTwoSidedP(t: number, df: number): number {
  if (Number.isNaN(t)) return Number.NaN;
  return Math.min(1, 2 * stdlibCdf(-Math.abs(t), df));
}
