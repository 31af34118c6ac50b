// Student's t distribution (cdf, quantile, two-sided p) via the @stdlib implementations.
// Example: tQuantile(0.975, 10) = 2.228139 (scipy.stats.t.ppf(0.975, 10)).
// @stdlib is loaded on first use, not on import (≈ 410 CommonJS modules, 0.13 CPU-s): a score summary
// needs only the 95 % quantile, which comes from a table of @stdlib's own values (t-quantile-table.ts).
import { createRequire } from "node:module";
import { tabledTQuantile } from "./t-quantile-table.js";

type TCdf = typeof import("@stdlib/stats-base-dists-t-cdf");
type TQuantile = typeof import("@stdlib/stats-base-dists-t-quantile");

const require = createRequire(import.meta.url);
let cdfImpl: TCdf | undefined;
let quantileImpl: TQuantile | undefined;
const stdlibCdf = (): TCdf => (cdfImpl ??= require("@stdlib/stats-base-dists-t-cdf") as TCdf);
const stdlibQuantile = (): TQuantile => (quantileImpl ??= require("@stdlib/stats-base-dists-t-quantile") as TQuantile);

export function tCdf(t: number, df: number): number {
  return stdlibCdf()(t, df);
}

export function tQuantile(p: number, df: number): number {
  return tabledTQuantile(p, df) ?? stdlibQuantile()(p, df);
}

/** @stdlib's quantile itself, never the table (for checking the table against it). */
export function computedTQuantile(p: number, df: number): number {
  return stdlibQuantile()(p, df);
}

/**
 * Two-sided p-value P(|T| ≥ |t|) for T ~ t(df). Computed from the lower tail of −|t| so that tiny
 * p-values keep their precision instead of rounding 1 − cdf to 0. t = ±∞ gives 0; NaN gives NaN.
 */
export function tTwoSidedP(t: number, df: number): number {
  if (Number.isNaN(t)) return Number.NaN;
  return Math.min(1, 2 * stdlibCdf()(-Math.abs(t), df));
}
