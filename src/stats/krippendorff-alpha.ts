// Krippendorff's alpha for any number of coders with missing values, nominal / ordinal / interval
// metrics (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability", §§ A–C). Built from the
// coincidence matrix o_ck over pairable values (units coded by ≥ 2 coders):
//   α = 1 − (n − 1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck
// The ordinal metric is δ²_ck = (Σ_{g=c..k} n_g − (n_c + n_k)/2)², over the ordered categories.

export type AlphaMetric = "nominal" | "ordinal" | "interval";

/**
 * `data[coder][unit]` is a numeric value or null (missing). Categories are the distinct values seen,
 * in numeric order (ordinal ranks depend only on their order).
 */
export function krippendorffAlpha(data: readonly (readonly (number | null)[])[], metric: AlphaMetric): number {
  if (data.length < 2) throw new RangeError("krippendorff alpha: need at least 2 coders");
  const nUnits = data[0].length;
  for (const row of data) if (row.length !== nUnits) throw new RangeError("krippendorff alpha: coders rate different numbers of units");

  const values = [...new Set(data.flat().filter((v): v is number => v !== null))].sort((x, y) => x - y);
  const index = new Map(values.map((v, i) => [v, i]));
  const v = values.length;
  const coincidence = Array.from({ length: v }, () => new Array<number>(v).fill(0));
  for (let u = 0; u < nUnits; u++) {
    const present = data.map((row) => row[u]).filter((x): x is number => x !== null);
    const m = present.length;
    if (m < 2) continue;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) {
        if (i === j) continue;
        coincidence[index.get(present[i])!][index.get(present[j])!] += 1 / (m - 1);
      }
    }
  }
  const nc = coincidence.map((row) => row.reduce((s, x) => s + x, 0));
  const n = nc.reduce((s, x) => s + x, 0);
  if (n === 0) throw new RangeError("krippendorff alpha: no unit was coded by two or more coders");

  const delta2 = (c: number, k: number): number => {
    if (metric === "nominal") return c === k ? 0 : 1;
    if (metric === "interval") return (values[c] - values[k]) ** 2;
    const lo = Math.min(c, k);
    const hi = Math.max(c, k);
    let s = 0;
    for (let g = lo; g <= hi; g++) s += nc[g];
    return (s - (nc[c] + nc[k]) / 2) ** 2;
  };
  let dObserved = 0;
  let dExpected = 0;
  for (let c = 0; c < v; c++) {
    for (let k = 0; k < v; k++) {
      const d2 = delta2(c, k);
      dObserved += coincidence[c][k] * d2;
      dExpected += nc[c] * nc[k] * d2;
    }
  }
  if (dExpected === 0) return Number.NaN;
  return 1 - ((n - 1) * dObserved) / dExpected;
}
