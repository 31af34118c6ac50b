// Pearson product-moment correlation r = Σ(x−x̄)(y−ȳ) / √(Σ(x−x̄)² Σ(y−ȳ)²), with the t test
// t = r√((n−2)/(1−r²)), df = n − 2 (the p-value of scipy.stats.pearsonr) and the Fisher-z interval
// tanh(atanh(r) ± z/√(n−3)) (scipy's PearsonRResult.confidence_interval()).
// Example (seed 000): partner laughter tokens vs taste spread, r = +0.261, t = 30.6.
import { mean } from "./mean.js";
import { normalQuantile } from "./normal-distribution.js";
import { tTwoSidedP } from "./t-distribution.js";
import { checkLevel, checkSameLength, checkSample } from "./validate.js";

export interface PearsonResult {
  n: number;
  r: number;
  t: number;
  df: number;
  p: number;
  level: number;
  /** Fisher-z interval; [−1, 1] when n = 3. */
  ci: [number, number];
}

/**
 * Needs n ≥ 3 pairs. When x or y is constant the correlation is undefined and r, t, p and ci are NaN
 * (scipy returns NaN with a warning); callers that scan many features can skip those.
 */
export function pearson(x: readonly number[], y: readonly number[], level = 0.95): PearsonResult {
  checkSameLength("pearson", x, y, ["x", "y"]);
  checkSample("pearson", x, 3, "x values");
  checkSample("pearson", y, 3, "y values");
  checkLevel("pearson", level);
  const n = x.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const df = n - 2;
  if (sxx === 0 || syy === 0) {
    return { n, r: Number.NaN, t: Number.NaN, df, p: Number.NaN, level, ci: [Number.NaN, Number.NaN] };
  }
  const r = Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  const t = Math.abs(r) === 1 ? Math.sign(r) * Number.POSITIVE_INFINITY : r * Math.sqrt(df / (1 - r * r));
  const p = Math.abs(r) === 1 ? 0 : tTwoSidedP(t, df);
  let ci: [number, number] = [-1, 1];
  if (n > 3) {
    const z = Math.atanh(r);
    const half = normalQuantile(1 - (1 - level) / 2) / Math.sqrt(n - 3);
    ci = [Math.tanh(z - half), Math.tanh(z + half)];
  }
  return { n, r, t, df, p, level, ci };
}
