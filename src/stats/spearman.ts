// Spearman rank correlation ρ: Pearson's r on average ranks (ties share ranks), with the t-approximation
// p-value t = ρ√((n−2)/(1−ρ²)), df = n − 2, as scipy.stats.spearmanr.
// Example: spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) → ρ = 0.820783.
import { pearson } from "./pearson.js";
import { ranks } from "./rank.js";
import { checkSameLength } from "./validate.js";

export interface SpearmanResult {
  n: number;
  rho: number;
  t: number;
  df: number;
  p: number;
}

/** Needs n ≥ 3 pairs; a constant variable gives NaN (as in scipy). */
export function spearman(x: readonly number[], y: readonly number[]): SpearmanResult {
  checkSameLength("spearman", x, y, ["x", "y"]);
  const r = pearson(ranks(x), ranks(y));
  return { n: r.n, rho: r.r, t: r.t, df: r.df, p: r.p };
}
