// Welch's unequal-variance t test (Welch 1947): t = (x̄a − x̄b)/√(sa²/na + sb²/nb), with
// Welch–Satterthwaite df = (va + vb)² / (va²/(na−1) + vb²/(nb−1)), vₓ = sₓ²/nₓ.
// Matches scipy.stats.ttest_ind(a, b, equal_var=False). Example: welchT([1,2,3,4], [2,4,6,8,10]).
import { mean } from "./mean.js";
import { tQuantile, tTwoSidedP } from "./t-distribution.js";
import { checkLevel, checkSample } from "./validate.js";
import { variance } from "./variance.js";

export interface WelchT {
  nA: number;
  nB: number;
  meanA: number;
  meanB: number;
  /** meanA − meanB */
  diff: number;
  se: number;
  t: number;
  df: number;
  p: number;
  level: number;
  ci: [number, number];
}

export function welchT(a: readonly number[], b: readonly number[], level = 0.95): WelchT {
  checkSample("welchT", a, 2, "a values");
  checkSample("welchT", b, 2, "b values");
  checkLevel("welchT", level);
  const va = variance(a) / a.length;
  const vb = variance(b) / b.length;
  const meanA = mean(a);
  const meanB = mean(b);
  const diff = meanA - meanB;
  const se = Math.sqrt(va + vb);
  // Two constant groups leave df = 0/0; scipy reports df = 1 there (t = ±∞, p = 0), and so do we.
  const df = se === 0 ? 1 : (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const t = se === 0 ? (diff === 0 ? Number.NaN : Math.sign(diff) * Number.POSITIVE_INFINITY) : diff / se;
  const half = se === 0 ? 0 : tQuantile(1 - (1 - level) / 2, df) * se;
  return { nA: a.length, nB: b.length, meanA, meanB, diff, se, t, df, p: tTwoSidedP(t, df), level, ci: [diff - half, diff + half] };
}
