// Sample variance and standard deviation (Bessel-corrected, n − 1 in the denominator), computed in two
// passes around the mean for numerical stability. Definition: s² = Σ(xᵢ − x̄)² / (n − 1).
// Example: variance([2, 4, 4, 4, 5, 5, 7, 9]) = 32/7 ≈ 4.571429 (numpy.var(x, ddof=1)).
import { mean } from "./mean.js";
import { checkSample } from "./validate.js";

/** Sample variance; needs n ≥ 2 (one value has no spread to estimate). */
export function variance(xs: readonly number[]): number {
  checkSample("variance", xs, 2);
  const m = mean(xs);
  let ss = 0;
  let comp = 0;
  for (let i = 0; i < xs.length; i++) {
    const d = xs[i] - m;
    ss += d * d;
    comp += d;
  }
  // Second-order correction (Chan, Golub & LeVeque 1983): removes the rounding error left in m.
  return (ss - (comp * comp) / xs.length) / (xs.length - 1);
}

/** Sample standard deviation, √variance. */
export function sd(xs: readonly number[]): number {
  return Math.sqrt(variance(xs));
}
