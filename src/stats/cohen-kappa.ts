// Cohen's kappa for two raters on k ordered categories, unweighted or with linear/quadratic
// disagreement weights (Cohen 1968; Fleiss, Levin & Paik, Statistical Methods for Rates and
// Proportions, §18.1). κ_w = 1 − Σ w_ij O_ij / Σ w_ij E_ij, with O the observed joint proportions,
// E the product of the marginals and w_ij = |i−j|^p / (k−1)^p (p = 1 linear, 2 quadratic; unweighted:
// w_ij = 1 off the diagonal).

export type KappaWeights = "none" | "linear" | "quadratic";

/**
 * `a` and `b` are the two raters' labels as category indices 0..k−1 for the same units.
 * Returns NaN when the raters' marginals leave no room for disagreement by chance (E has no weight).
 */
export function cohenKappa(a: readonly number[], b: readonly number[], k: number, weights: KappaWeights = "none"): number {
  if (a.length !== b.length) throw new RangeError(`cohen kappa: raters have ${a.length} and ${b.length} labels`);
  if (a.length === 0) throw new RangeError("cohen kappa: no units");
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`cohen kappa: k must be an integer ≥ 2, got ${k}`);
  const n = a.length;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const rowMargin = new Array<number>(k).fill(0);
  const colMargin = new Array<number>(k).fill(0);
  for (let u = 0; u < n; u++) {
    const i = a[u];
    const j = b[u];
    if (!Number.isInteger(i) || i < 0 || i >= k || !Number.isInteger(j) || j < 0 || j >= k) {
      throw new RangeError(`cohen kappa: unit ${u} has labels (${i}, ${j}) outside 0..${k - 1}`);
    }
    observed[i][j] += 1 / n;
    rowMargin[i] += 1 / n;
    colMargin[j] += 1 / n;
  }
  let wObserved = 0;
  let wExpected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = disagreementWeight(i, j, k, weights);
      wObserved += w * observed[i][j];
      wExpected += w * rowMargin[i] * colMargin[j];
    }
  }
  return wExpected === 0 ? Number.NaN : 1 - wObserved / wExpected;
}

function disagreementWeight(i: number, j: number, k: number, weights: KappaWeights): number {
  if (weights === "none") return i === j ? 0 : 1;
  const p = weights === "linear" ? 1 : 2;
  return Math.abs(i - j) ** p / (k - 1) ** p;
}
