import { describe, expect, it } from "vitest";
import { pairedRatio } from "../../bench/helpers/paired-ratio.js";

describe("pairedRatio", () => {
  it("is the geometric mean ratio with the t-interval of the mean log ratio", () => {
    // Expected from scipy: l = log(a/b); exp(l.mean()), exp(scipy.stats.t.interval(0.95, 4, loc=l.mean(), scale=scipy.stats.sem(l))).
    const r = pairedRatio([5.1, 4.8, 6.0, 5.5, 5.2], [6.3, 6.1, 6.9, 6.8, 6.0]);
    expect(r.n).toBe(5);
    expect(r.ratio).toBeCloseTo(0.8276177791347261, 10);
    expect(r.ci[0]).toBeCloseTo(0.7825528477429793, 10);
    expect(r.ci[1]).toBeCloseTo(0.8752778682173563, 10);
  });

  it("pairs by round and refuses unequal lengths or a non-positive figure", () => {
    expect(pairedRatio([2, 4], [1, 2]).ci).toEqual([2, 2]);
    expect(() => pairedRatio([1, 2], [1])).toThrow(/2 against 1/);
    expect(() => pairedRatio([1, 0], [1, 1])).toThrow(/> 0/);
  });
});
