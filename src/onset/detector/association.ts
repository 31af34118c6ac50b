// Step-stratified association of a binary feature with the visible score: a Mantel–Haenszel-style
// weighted mean difference, Δ = Σ w_t (m1_t − m0_t) / Σ w_t with w_t = n1·n0/(n1+n0), and its
// z-statistic from the pooled within-step variance. Stratifying by step keeps a feature that merely
// becomes common late (when scores are higher for any reason) from looking associated with score.

export interface Association {
  delta: number;
  se: number;
  z: number;
  /** Steps where both groups had ≥ 2 rows. */
  strata: number;
}

export function stratifiedDifference(groups: Iterable<{ withFeature: number[]; without: number[] }>): Association {
  let num = 0;
  let den = 0;
  let varNum = 0;
  let strata = 0;
  for (const g of groups) {
    const n1 = g.withFeature.length;
    const n0 = g.without.length;
    if (n1 < 2 || n0 < 2) continue;
    const m1 = g.withFeature.reduce((s, x) => s + x, 0) / n1;
    const m0 = g.without.reduce((s, x) => s + x, 0) / n0;
    const ss = g.withFeature.reduce((s, x) => s + (x - m1) ** 2, 0) + g.without.reduce((s, x) => s + (x - m0) ** 2, 0);
    const pooled = ss / (n1 + n0 - 2);
    const w = (n1 * n0) / (n1 + n0);
    num += w * (m1 - m0);
    den += w;
    varNum += w * w * pooled * (1 / n1 + 1 / n0);
    strata++;
  }
  if (den === 0) return { delta: 0, se: Number.POSITIVE_INFINITY, z: 0, strata };
  const delta = num / den;
  const se = Math.sqrt(varNum) / den;
  return { delta, se, z: se > 0 ? delta / se : delta > 0 ? Number.POSITIVE_INFINITY : 0, strata };
}

/**
 * Fallback when a feature never varies within a step (it switches on for every row at once, so no
 * stratum has both groups): the across-step Pearson correlation of the feature's per-step share with
 * the step's mean score, as z = r·√((n−2)/(1−r²)). Confounded with time, so it is only used when the
 * within-step comparison is impossible, and reported as such.
 */
export function acrossStepAssociation(points: readonly { share: number; meanScore: number }[]): Association & { r: number } {
  const n = points.length;
  if (n < 3) return { delta: 0, se: Number.POSITIVE_INFINITY, z: 0, strata: 0, r: 0 };
  const mx = points.reduce((s, p) => s + p.share, 0) / n;
  const my = points.reduce((s, p) => s + p.meanScore, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of points) {
    sxy += (p.share - mx) * (p.meanScore - my);
    sxx += (p.share - mx) ** 2;
    syy += (p.meanScore - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return { delta: 0, se: Number.POSITIVE_INFINITY, z: 0, strata: 0, r: 0 };
  const r = sxy / Math.sqrt(sxx * syy);
  const slope = sxy / sxx;
  // capped: a perfect correlation would give an infinite z
  const z = Math.max(-1000, Math.min(1000, Math.abs(r) >= 1 ? Math.sign(r) * 1000 : r * Math.sqrt((n - 2) / (1 - r * r))));
  return { delta: slope, se: z !== 0 ? slope / z : Number.POSITIVE_INFINITY, z, strata: 0, r };
}
