// The paired A/B statistics of SPEC §6: per-arm means, the mean paired difference (trained − base)
// with its paired t, two-sided p and 95% CI, and the win/loss/tie decomposition.
import { mean } from "../stats/mean.js";
import { pairedT } from "../stats/paired-t.js";

export interface PairedDelta {
  /** Pairs used. */
  n: number;
  mean_base: number;
  mean_trained: number;
  /** Mean of trained − base. */
  delta: number;
  /** Sample sd of the differences (n − 1). */
  sd: number;
  se: number;
  t: number;
  df: number;
  /** Two-sided p of the paired t-test. */
  p: number;
  ci95: [number, number];
}

/** Student's paired t of trained − base (src/stats/paired-t, = scipy.stats.ttest_rel); needs n ≥ 2. */
export function pairedDelta(base: readonly number[], trained: readonly number[]): PairedDelta {
  const r = pairedT(trained, base);
  return {
    n: r.n,
    mean_base: mean(base),
    mean_trained: mean(trained),
    delta: r.meanDiff,
    sd: r.sd,
    se: r.se,
    t: r.t,
    df: r.df,
    p: r.p,
    ci95: r.ci95,
  };
}

export interface WinLossTie {
  /** Pairs where trained scored higher. */
  wins: number;
  losses: number;
  ties: number;
}

/** A pair ties when |trained − base| ≤ tolerance (default exact equality, e.g. both arms at C = 0). */
export function winLossTie(base: readonly number[], trained: readonly number[], tolerance = 0): WinLossTie {
  const out = { wins: 0, losses: 0, ties: 0 };
  for (let i = 0; i < base.length; i++) {
    const d = trained[i] - base[i];
    if (Math.abs(d) <= tolerance) out.ties++;
    else if (d > 0) out.wins++;
    else out.losses++;
  }
  return out;
}
