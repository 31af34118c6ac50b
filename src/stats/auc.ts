// Area under the ROC curve as the Mann–Whitney probability AUC = P(X > Y) + ½·P(X = Y) for X a score
// of the positive class and Y of the negative class (Bamber 1975; = U / (n₁n₀) of
// scipy.stats.mannwhitneyu). The standard error is DeLong's nonparametric estimate (DeLong, DeLong &
// Clarke-Pearson 1988), computed in O(N log N) from ranks (Sun & Xu 2014); the CI is AUC ± z·SE, clipped
// to [0, 1]. Hanley & McNeil's (1982) exponential-model SE is reported beside it.
// Example (seed 000): the surprise gate's AUC(witty > shuffled) = 0.511 — a coin flip.
import { normalQuantile } from "./normal-distribution.js";
import { ranks } from "./rank.js";
import { checkLevel, checkSample } from "./validate.js";
import { variance } from "./variance.js";

export interface AucResult {
  auc: number;
  nPositive: number;
  nNegative: number;
  /** DeLong standard error. */
  se: number;
  level: number;
  /** AUC ± z·se (DeLong), clipped to [0, 1]. */
  ci: [number, number];
  seHanleyMcNeil: number;
}

/** `positives` should score higher than `negatives`; each needs ≥ 2 finite scores. */
export function auc(positives: readonly number[], negatives: readonly number[], level = 0.95): AucResult {
  checkSample("auc", positives, 2, "positive scores");
  checkSample("auc", negatives, 2, "negative scores");
  checkLevel("auc", level);
  const n1 = positives.length;
  const n0 = negatives.length;
  const all = ranks([...positives, ...negatives]);
  const rPos = ranks(positives);
  const rNeg = ranks(negatives);
  // V10ᵢ = share of negatives below positive i (ties ½); V01ⱼ = share of positives above negative j.
  const v10 = positives.map((_, i) => (all[i] - rPos[i]) / n0);
  const v01 = negatives.map((_, j) => 1 - (all[n1 + j] - rNeg[j]) / n1);
  let rankSum = 0;
  for (let i = 0; i < n1; i++) rankSum += all[i];
  const a = (rankSum - (n1 * (n1 + 1)) / 2) / (n1 * n0);
  const se = Math.sqrt(variance(v10) / n1 + variance(v01) / n0);
  const z = normalQuantile(1 - (1 - level) / 2);
  const q1 = a / (2 - a);
  const q2 = (2 * a * a) / (1 + a);
  const hmVar = (a * (1 - a) + (n1 - 1) * (q1 - a * a) + (n0 - 1) * (q2 - a * a)) / (n1 * n0);
  return {
    auc: a,
    nPositive: n1,
    nNegative: n0,
    se,
    level,
    ci: [Math.max(0, a - z * se), Math.min(1, a + z * se)],
    seHanleyMcNeil: Math.sqrt(Math.max(0, hmVar)),
  };
}
