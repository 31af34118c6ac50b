// Expected values from scipy 1.17 / numpy 2.4 on this machine (calls named beside each).
import { describe, expect, it } from "vitest";
import { auc } from "../../src/stats/auc.js";
import { hhi, normalizedHhi, simpsonIndex } from "../../src/stats/hhi.js";
import { ols } from "../../src/stats/ols.js";
import { pearson } from "../../src/stats/pearson.js";
import { wilsonCi } from "../../src/stats/proportion.js";
import { spearman } from "../../src/stats/spearman.js";
import { expectClose } from "./close.js";

describe("pearson", () => {
  it("matches scipy.stats.pearsonr and confidence_interval(0.95)", () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const y = [2.1, 3.9, 6.2, 7.8, 10.1, 12.2, 13.8, 16.1, 18.0, 19.9];
    const r = pearson(x, y);
    expectClose(r.r, 0.9996910032123584, 1e-12);
    expect(Math.abs(r.p / 3.9868773129948064e-14 - 1)).toBeLessThan(1e-6);
    expectClose(r.ci[0], 0.9986411429230618, 1e-10);
    expectClose(r.ci[1], 0.99992976429755, 1e-10);
    expect(r.df).toBe(8);
  });
  it("handles ties and other levels: pearsonr(x2, y2).confidence_interval(0.90)", () => {
    const r = pearson([1, 2, 2, 3, 4, 5, 5, 6], [3, 1, 4, 1, 5, 9, 2, 6], 0.9);
    expectClose(r.r, 0.5424193797980359, 1e-12);
    expectClose(r.p, 0.16484323794246436, 1e-8);
    expectClose(r.ci[0], -0.12732882065540252, 1e-9);
    expectClose(r.ci[1], 0.8724334768238377, 1e-9);
  });
  it("returns NaN for a constant variable and errors on short or unpaired input", () => {
    const r = pearson([1, 1, 1, 1], [1, 2, 3, 4]);
    expect(r.r).toBeNaN();
    expect(r.p).toBeNaN();
    expect(() => pearson([1, 2], [1, 2])).toThrow(/at least 3/);
    expect(() => pearson([1, 2, 3], [1, 2])).toThrow(/lengths/);
  });
  it("gives r = ±1 with p = 0 for a perfect line", () => {
    const r = pearson([1, 2, 3, 4], [8, 6, 4, 2]);
    expect(r.r).toBe(-1);
    expect(r.p).toBe(0);
  });
});

describe("spearman", () => {
  it("matches scipy.stats.spearmanr with ties", () => {
    const r = spearman([1, 2, 2, 3, 4, 5, 5, 6], [3, 1, 4, 1, 5, 9, 2, 6]);
    expectClose(r.rho, 0.527282411152491, 1e-12);
    expectClose(r.p, 0.17930936689660168, 1e-8);
    const r2 = spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expectClose(r2.rho, 0.8207826816681233, 1e-12);
    expectClose(r2.p, 0.08858700531354384, 1e-8);
  });
});

describe("auc", () => {
  const pos = [0.9, 0.8, 0.7, 0.7, 0.6, 0.55];
  const neg = [0.7, 0.5, 0.4, 0.65, 0.3, 0.2, 0.55];
  it("is Mann–Whitney U/(n1·n0) with ties ½ and DeLong's SE", () => {
    const r = auc(pos, neg);
    // st.mannwhitneyu(pos, neg).statistic / (6*7)
    expectClose(r.auc, 0.8690476190476191, 1e-12);
    // DeLong SE from its definition (structural components, O(n·m) numpy), CI = AUC ± 1.96·SE clipped
    expectClose(r.se, 0.09893613995077727, 1e-10);
    expectClose(r.ci[0], 0.6751363479746813, 1e-9);
    expect(r.ci[1]).toBe(1);
    // Hanley & McNeil (1982) eq. 2 in numpy
    expectClose(r.seHanleyMcNeil, 0.10880096576011443, 1e-10);
  });
  it("is 0.5 for identical distributions and 1 for perfect separation", () => {
    expect(auc([1, 2, 3], [1, 2, 3]).auc).toBe(0.5);
    const perfect = auc([5, 6, 7], [1, 2, 3]);
    expect(perfect.auc).toBe(1);
    expect(perfect.ci).toEqual([1, 1]);
    expect(auc([1, 2], [5, 6]).auc).toBe(0);
  });
  it("needs two scores per class", () => {
    expect(() => auc([1], [1, 2])).toThrow(/at least 2 positive scores/);
  });
});

describe("ols", () => {
  // X, y drawn with numpy default_rng(7), rounded to 3 decimals; expected from np.linalg.lstsq and
  // σ̂²(XᵀX)⁻¹ for standard errors, 2·st.t.sf(|t|, df) for p.
  const X = [
    [0.001, 0.299],
    [-0.274, -0.891],
    [-0.455, -0.992],
    [0.06, 1.34],
    [-0.492, -0.62],
    [0.49, 0.357],
    [0.105, -0.93],
    [-0.029, 0.695],
    [-1.344, -0.458],
    [-1.901, -1.29],
    [-1.842, -0.235],
    [-1.267, 0.271],
  ];
  const y = [1.371, 1.482, 0.026, 0.413, 0.926, 2.287, 1.596, 0.717, -1.357, -1.803, -1.489, -1.627];
  it("matches numpy least squares with an intercept", () => {
    const r = ols(X, y, { names: ["a", "b"] });
    expect(r.coefficients.map((c) => c.name)).toEqual(["(intercept)", "a", "b"]);
    expect([r.n, r.k, r.df]).toEqual([12, 2, 9]);
    const beta = [1.187792488031629, 1.8382145174445403, -0.43211271834764425];
    const se = [0.16246272841099507, 0.18384597819646062, 0.18582242743906652];
    const t = [7.311169150297505, 9.998665923930064, -2.3254067030705396];
    const p = [4.510398337585805e-5, 3.582213256863838e-6, 0.04508494448183257];
    r.coefficients.forEach((c, j) => {
      expectClose(c.estimate, beta[j], 1e-10);
      expectClose(c.se, se[j], 1e-10);
      expectClose(c.t, t[j], 1e-9);
      expect(Math.abs(c.p / p[j] - 1)).toBeLessThan(1e-6);
    });
    expectClose(r.r2, 0.9200195801914343, 1e-12);
    expectClose(r.adjR2, 0.9022461535673085, 1e-12);
    expectClose(r.residualSe, 0.45027205396729797, 1e-10);
  });
  it("fits through the origin with uncentred R² (statsmodels convention)", () => {
    const r = ols(X, y, { intercept: false });
    expectClose(r.coefficients[0].estimate, 1.0848523424147565, 1e-10);
    expectClose(r.coefficients[1].estimate, -0.3894051772886649, 1e-10);
    expectClose(r.coefficients[0].se, 0.38049472295471637, 1e-10);
    expectClose(r.coefficients[1].se, 0.464152580284063, 1e-10);
    expectClose(r.r2, 0.45779387557680506, 1e-12);
    expectClose(r.adjR2, 0.34935265069216614, 1e-12);
  });
  it("names a collinear column and refuses too few rows", () => {
    const rows = [
      [1, 2],
      [2, 4],
      [3, 6],
      [4, 8.0000000000001],
    ];
    expect(() =>
      ols(
        rows.map(([a]) => [a, 2 * a]),
        [1, 2, 3, 5],
        { names: ["a", "twice_a"] },
      ),
    ).toThrow(/"twice_a"/);
    expect(() => ols([[1], [2]], [1, 2])).toThrow(/n = 2, p = 2/);
    expect(() => ols([[1], [Number.NaN], [3]], [1, 2, 3])).toThrow(/row 1/);
  });
});

describe("hhi / normalizedHhi (Simpson)", () => {
  it("computes Σ s² and Σ n(n−1)/(N(N−1))", () => {
    expectClose(hhi(["He", "He", "She", "They"]), 0.375, 1e-15); // (0.5² + 0.25² + 0.25²)
    expectClose(normalizedHhi(["He", "He", "She", "They"]), 1 / 6, 1e-15);
    expect(normalizedHhi(["a", "b", "c"])).toBe(0);
    expect(normalizedHhi(["a", "a", "a"])).toBe(1);
    expect(
      simpsonIndex(
        new Map([
          ["x", 3],
          ["y", 1],
        ]),
      ),
    ).toBe(0.5);
    expectClose(normalizedHhi([5, 3, 2]), (20 + 6 + 2) / 90, 1e-15);
  });
  it("equals (H − 1/N)/(1 − 1/N)", () => {
    const items = ["a", "b", "a", "c", "a", "b", "d"];
    const N = items.length;
    expectClose(normalizedHhi(items), (hhi(items) - 1 / N) / (1 - 1 / N), 1e-14);
  });
  it("needs two items", () => {
    expect(() => normalizedHhi(["a"])).toThrow(/at least 2 items/);
    expect(() => hhi([])).toThrow(/at least 1/);
  });
});

describe("wilsonCi", () => {
  it("matches scipy.stats.binomtest(k, n).proportion_ci(method='wilson')", () => {
    const cases: Array<[number, number, [number, number]]> = [
      [13, 50, [0.15871527493552384, 0.39553157264848826]],
      [0, 10, [0.0, 0.27753279986288926]],
      [10, 10, [0.7224672001371109, 1.0]],
      [1, 3, [0.06149194472039626, 0.7923403991979523]],
    ];
    for (const [k, n, [lo, hi]] of cases) {
      const r = wilsonCi(k, n);
      expectClose(r.ci[0], lo, 1e-9);
      expectClose(r.ci[1], hi, 1e-9);
      expect(r.p).toBe(k / n);
    }
  });
  it("rejects impossible counts", () => {
    expect(() => wilsonCi(5, 3)).toThrow(/successes/);
    expect(() => wilsonCi(0, 0)).toThrow(/positive integer/);
  });
});
