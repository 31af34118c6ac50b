// Summaries every jokes command prints: a mean with its Student-t 95% interval, and a share with its
// Wilson interval — the shared statistics, shaped for the jokes artifacts.
import { describeMean, type MeanDescription } from "../../stats/mean-ci.js";
import { wilsonCi } from "../../stats/proportion.js";

export type MeanSummary = MeanDescription;

export const meanWithCi = describeMean;

export interface ShareSummary {
  k: number;
  n: number;
  share: number;
  /** Wilson score 95% interval (scipy.stats.binomtest(k, n).proportion_ci(method="wilson")). */
  ci: [number, number] | null;
}

export function shareWithCi(k: number, n: number): ShareSummary {
  if (n === 0) return { k, n, share: NaN, ci: null };
  const w = wilsonCi(k, n);
  return { k, n, share: w.p, ci: w.ci };
}
