// Paired t test (Student 1908) on differences dᵢ = aᵢ − bᵢ: t = d̄ / (s_d/√n), df = n − 1, with the
// t-based 95% CI of the mean difference — the certification statistic of SPEC §6 (seed: +0.0593, t = 2.87).
// Matches scipy.stats.ttest_rel(a, b). Example: pairedT([2, 4, 6], [1, 2, 4]) → meanDiff 5/3, t = 5.
import { oneSampleT } from "./mean-ci.js";
import { checkSameLength } from "./validate.js";

export interface PairedT {
  n: number;
  meanDiff: number;
  /** sd of the differences. */
  sd: number;
  se: number;
  t: number;
  df: number;
  /** Two-sided p-value. */
  p: number;
  ci95: [number, number];
}

/** Needs n ≥ 2 pairs of finite values; zero-variance differences follow scipy (see oneSampleT). */
export function pairedT(a: readonly number[], b: readonly number[]): PairedT {
  checkSameLength("pairedT", a, b);
  const diffs = a.map((x, i) => x - b[i]);
  const r = oneSampleT(diffs, 0, 0.95);
  return { n: r.n, meanDiff: r.mean, sd: r.sd, se: r.se, t: r.t, df: r.df, p: r.p, ci95: r.ci };
}
