import { describe, expect, it } from "vitest";
import { describeMean } from "../../src/stats/mean-ci.js";

describe("describeMean", () => {
  it("gives the t interval from n = 2 and degrades without throwing below", () => {
    // scipy.stats.t.interval(0.95, 4, loc=3, scale=scipy.stats.sem([1,2,3,4,5])) → (1.036757, 4.963243)
    const d = describeMean([1, 2, 3, 4, 5]);
    expect(d.n).toBe(5);
    expect(d.ci![0]).toBeCloseTo(1.036757, 6);
    expect(d.ci![1]).toBeCloseTo(4.963243, 6);
    expect(describeMean([0.3])).toEqual({ n: 1, mean: 0.3, sd: NaN, ci: null });
    expect(describeMean([])).toEqual({ n: 0, mean: NaN, sd: NaN, ci: null });
  });
});
