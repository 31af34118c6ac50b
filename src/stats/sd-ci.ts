// Confidence interval of a standard deviation under normality (e.g. Sheskin, Handbook of Parametric
// and Nonparametric Statistical Procedures, test 3): (n−1)s²/σ² ~ χ²₍n−1₎, so
// σ ∈ [ s·√((n−1)/χ²₍1−α/2₎), s·√((n−1)/χ²₍α/2₎) ]. The χ² quantile is found by bisection on @stdlib's
// cdf (scipy.stats.chi2.ppf). Example: x = [0.3, −1.2, 0.8, 2.1, −0.4, 0, 1.5, −0.9] → s = 1.146111,
// CI [0.757779, 2.332649].
import { chisquareCdf } from "./vendor/stdlib-dists.js";
import { checkLevel, checkSample } from "./validate.js";
import { sd } from "./variance.js";

export interface SdCi {
  n: number;
  sd: number;
  level: number;
  ci: [number, number];
}

/** The p-quantile of χ² with k degrees of freedom, to ~1e-12 relative. */
export function chiSquareQuantile(p: number, k: number): number {
  let lo = 0;
  let hi = Math.max(1, k);
  while (chisquareCdf(hi, k) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (chisquareCdf(mid, k) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Needs n ≥ 2. */
export function sdCi(xs: readonly number[], level = 0.95): SdCi {
  checkSample("sdCi", xs, 2);
  checkLevel("sdCi", level);
  const n = xs.length;
  const s = sd(xs);
  const a = (1 - level) / 2;
  return { n, sd: s, level, ci: [s * Math.sqrt((n - 1) / chiSquareQuantile(1 - a, n - 1)), s * Math.sqrt((n - 1) / chiSquareQuantile(a, n - 1))] };
}
