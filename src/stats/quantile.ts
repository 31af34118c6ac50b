// Sample quantiles, Hyndman & Fan (1996) type 7 — the default of R's quantile() and numpy.quantile:
// h = (n − 1)p, Q(p) = x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎) on the sorted sample (0-based).
// Example: quantile([1, 2, 3, 4], 0.25) = 1.75.
import { InputError } from "../core/errors.js";
import { checkSample } from "./validate.js";

function fromSorted(sorted: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 1)) throw new InputError("quantile", `probability must be in [0, 1], got ${p}`);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export function quantile(xs: readonly number[], p: number): number {
  checkSample("quantile", xs, 1);
  return fromSorted(
    xs.slice().sort((a, b) => a - b),
    p,
  );
}

/** Several quantiles with one sort. */
export function quantiles(xs: readonly number[], ps: readonly number[]): number[] {
  checkSample("quantiles", xs, 1);
  const sorted = xs.slice().sort((a, b) => a - b);
  return ps.map((p) => fromSorted(sorted, p));
}

export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

/**
 * Weighted quantile by the inverted CDF: the smallest value whose cumulative weight reaches p of the
 * total (numpy.quantile(x, p, weights=w, method="inverted_cdf")). Example:
 * weightedQuantile([5, 1, 3], [1, 1, 1], 0.5) = 3.
 */
export function weightedQuantile(values: readonly number[], weights: readonly number[], p: number): number {
  checkSample("weightedQuantile", values, 1);
  if (weights.length !== values.length) throw new InputError("weightedQuantile", `needs one weight per value (${values.length} values, ${weights.length} weights)`);
  if (!(p >= 0 && p <= 1)) throw new InputError("weightedQuantile", `probability must be in [0, 1], got ${p}`);
  if (weights.some((w) => !(w >= 0))) throw new InputError("weightedQuantile", "weights must be non-negative numbers");
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const total = weights.reduce((a, b) => a + b, 0);
  let cum = 0;
  for (const i of order) {
    cum += weights[i];
    if (cum >= p * total) return values[i];
  }
  return values[order[order.length - 1]];
}
