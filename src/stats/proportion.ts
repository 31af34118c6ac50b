// A proportion with its Wilson score interval (Wilson 1927; Agresti & Coull 1998 recommend it over the
// Wald interval for small n or p near 0/1): centre (p̂ + z²/2n)/(1 + z²/n), half-width
// z/(1 + z²/n)·√(p̂(1−p̂)/n + z²/4n²). Matches scipy.stats.binomtest(k, n).proportion_ci(method="wilson").
// Example: wilsonCi(13, 50) → p 0.26, ci [0.158715, 0.395532].
import { InputError } from "../core/errors.js";
import { normalQuantile } from "./normal-distribution.js";
import { checkLevel } from "./validate.js";

export interface Proportion {
  successes: number;
  n: number;
  p: number;
  level: number;
  ci: [number, number];
}

export function wilsonCi(successes: number, n: number, level = 0.95): Proportion {
  if (!Number.isInteger(n) || n < 1) throw new InputError("wilsonCi", `n must be a positive integer, got ${n}`);
  if (!Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new InputError("wilsonCi", `successes must be an integer in [0, ${n}], got ${successes}`);
  }
  checkLevel("wilsonCi", level);
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = successes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { successes, n, p, level, ci: [Math.max(0, centre - half), Math.min(1, centre + half)] };
}
