// Expected values computed on this machine with numpy 2.4 / scipy 1.17 (calls named beside each).
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { mean, sum } from "../../src/stats/mean.js";
import { median, quantile, quantiles, weightedQuantile } from "../../src/stats/quantile.js";
import { ranks } from "../../src/stats/rank.js";
import { normalCdf, normalQuantile } from "../../src/stats/normal-distribution.js";
import { tCdf, tQuantile, tTwoSidedP } from "../../src/stats/t-distribution.js";
import { sd, variance } from "../../src/stats/variance.js";
import { expectClose } from "./close.js";

describe("mean / sum", () => {
  it("mean([1,2,3,4]) = 2.5 and compensated sums do not drift", () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(sum([1e16, 1, -1e16])).toBe(1); // naive left-to-right summation gives 0
    expect(sum(Array(10).fill(0.1))).toBe(1);
  });
  it("refuses empty and non-finite input, naming the problem", () => {
    expect(() => mean([])).toThrow(InputError);
    expect(() => mean([1, Number.NaN])).toThrow(/values\[1\] is NaN/);
  });
});

describe("variance / sd", () => {
  it("matches numpy.var(ddof=1)", () => {
    expectClose(variance([2, 4, 4, 4, 5, 5, 7, 9]), 4.571428571428571); // np.var(x, ddof=1)
    expectClose(sd([2, 4, 4, 4, 5, 5, 7, 9]), Math.sqrt(4.571428571428571));
  });
  it("is stable around a large offset", () => {
    expectClose(variance([1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16]), 30.0, 1e-12); // np.var(x, ddof=1)
  });
  it("is 0 for constant data and needs n ≥ 2", () => {
    expect(variance([3, 3, 3])).toBe(0);
    expect(() => variance([1])).toThrow(/at least 2/);
  });
});

describe("weighted quantile (inverted CDF)", () => {
  it("matches numpy.quantile(..., weights=w, method='inverted_cdf')", () => {
    // numpy 2.4: np.quantile([3,1,4,1,5,9,2,6], p, weights=[1,2,1,.5,1,1,3,1], method="inverted_cdf")
    const x = [3, 1, 4, 1, 5, 9, 2, 6];
    const w = [1, 2, 1, 0.5, 1, 1, 3, 1];
    const expected: [number, number][] = [
      [0.1, 1],
      [0.25, 2],
      [0.5, 2],
      [0.75, 5],
      [0.9, 6],
      [1, 9],
    ];
    for (const [p, q] of expected) expect(weightedQuantile(x, w, p)).toBe(q);
    expect(weightedQuantile([5, 1, 3], [1, 1, 1], 0.34)).toBe(3);
  });

  it("names bad weights", () => {
    expect(() => weightedQuantile([1, 2], [1], 0.5)).toThrow(/one weight per value/);
    expect(() => weightedQuantile([1, 2], [1, -1], 0.5)).toThrow(/non-negative/);
  });
});

describe("quantile (type 7)", () => {
  it("matches numpy.quantile", () => {
    // np.quantile([3,1,4,1,5,9,2,6], [0, .1, .25, .5, .9, 1])
    const expected = [1.0, 1.0, 1.75, 3.5, 6.8999999999999995, 9.0];
    quantiles([3, 1, 4, 1, 5, 9, 2, 6], [0, 0.1, 0.25, 0.5, 0.9, 1]).forEach((q, i) => expectClose(q, expected[i], 1e-12));
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(median([5])).toBe(5);
  });
  it("rejects probabilities outside [0, 1]", () => {
    expect(() => quantile([1, 2], 1.5)).toThrow(/\[0, 1\]/);
  });
});

describe("ranks", () => {
  it("averages ties like scipy.stats.rankdata", () => {
    expect(ranks([3, 1, 4, 1, 5, 9, 2, 6])).toEqual([4.0, 1.5, 5.0, 1.5, 6.0, 8.0, 3.0, 7.0]);
    expect(ranks([1, 2, 2, 3, 4, 5, 5, 6])).toEqual([1.0, 2.5, 2.5, 4.0, 5.0, 6.5, 6.5, 8.0]);
    expect(ranks([])).toEqual([]);
  });
});

describe("t and normal distributions", () => {
  it("match scipy.stats.t / norm", () => {
    expectClose(tCdf(-2.1, 7), 0.036935598106461326, 1e-10); // st.t.cdf(-2.1, 7)
    expectClose(tQuantile(0.975, 10), 2.228138851986274, 1e-10); // st.t.ppf(0.975, 10)
    expectClose(tQuantile(0.025, 3.5), -2.9400886379827296, 1e-9); // st.t.ppf(0.025, 3.5)
    expectClose(normalQuantile(0.975), 1.959963984540054, 1e-12); // st.norm.ppf(0.975)
    expectClose(normalCdf(-1.5), 0.06680720126885807, 1e-12); // st.norm.cdf(-1.5)
  });
  it("keeps tiny two-sided p-values", () => {
    const p = tTwoSidedP(30.6, 1598); // 2*st.t.sf(30.6, 1598) = 3.040196095380842e-162
    expect(Math.abs(p / 3.040196095380842e-162 - 1)).toBeLessThan(1e-6);
    expect(tTwoSidedP(Number.POSITIVE_INFINITY, 5)).toBe(0);
    expect(tTwoSidedP(0, 5)).toBe(1);
  });
});
