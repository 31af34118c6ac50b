// The standard normal distribution via the @stdlib implementations (bundled at build time into
// vendor/stdlib-dists.js), for large-sample intervals (AUC, Fisher z, Wilson).
// Example: normalQuantile(0.975) = 1.959964 (scipy.stats.norm.ppf(0.975)).
import { normalCdf as normalCdfImpl, normalQuantile as normalQuantileImpl } from "./vendor/stdlib-dists.js";

/** Standard normal cdf Φ(z). */
export function normalCdf(z: number): number {
  return normalCdfImpl(z, 0, 1);
}

/** Standard normal quantile Φ⁻¹(p). */
export function normalQuantile(p: number): number {
  return normalQuantileImpl(p, 0, 1);
}
