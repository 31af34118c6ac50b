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
  return fromSorted(xs.slice().sort((a, b) => a - b), p);
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
