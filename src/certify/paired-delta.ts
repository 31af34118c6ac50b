// The paired A/B statistics of SPEC §6: per-arm means, the mean paired difference (trained − base)
// with its paired t, two-sided p and 95% CI, and the win/loss/tie decomposition.
import tCdf from "@stdlib/stats-base-dists-t-cdf";
import tQuantile from "@stdlib/stats-base-dists-t-quantile";

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

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Student's paired t-test of trained − base (scipy.stats.ttest_rel): t = mean(d) / (sd(d)/√n),
 * df = n − 1, two-sided p, CI mean ± t_{0.975,df}·se. Needs n ≥ 2; zero-variance differences give
 * t = ±Infinity (or NaN when every difference is 0).
 */
export function pairedDelta(base: readonly number[], trained: readonly number[]): PairedDelta {
  if (base.length !== trained.length) throw new RangeError(`paired arms differ in length (${base.length} vs ${trained.length})`);
  const n = base.length;
  if (n < 2) throw new RangeError(`a paired t needs at least 2 pairs, got ${n}`);
  const d = base.map((b, i) => trained[i] - b);
  const delta = mean(d);
  const sd = Math.sqrt(d.reduce((a, x) => a + (x - delta) ** 2, 0) / (n - 1));
  const se = sd / Math.sqrt(n);
  const df = n - 1;
  const t = delta / se;
  const half = tQuantile(0.975, df) * se;
  return {
    n,
    mean_base: mean(base),
    mean_trained: mean(trained),
    delta,
    sd,
    se,
    t,
    df,
    p: Number.isNaN(t) ? NaN : 2 * tCdf(-Math.abs(t), df),
    ci95: [delta - half, delta + half],
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
