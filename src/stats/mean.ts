// Arithmetic mean, with Neumaier-compensated summation so long sums of rewards do not drift.
// Definition: mean = (1/n) Σ xᵢ. Example: mean([1, 2, 3, 4]) = 2.5.
import { checkSample } from "./validate.js";

/** Compensated sum (Neumaier 1974): exact to within one rounding for sums of mixed magnitude. */
export function sum(xs: readonly number[]): number {
  let s = 0;
  let c = 0;
  // Indexed, not for…of: a summary runs this cold, where the iterator costs several times the sum.
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    s = t;
  }
  return s + c;
}

/** Mean of at least one finite value (throws InputError otherwise). */
export function mean(xs: readonly number[]): number {
  checkSample("mean", xs, 1);
  return sum(xs) / xs.length;
}
