import { describe, expect, it } from "vitest";
import { meanWithCi, shareWithCi } from "../../src/envs/jokes/summary.js";

describe("meanWithCi", () => {
  it("matches scipy.stats.t.interval(0.95, n-1, loc=mean, scale=sd/sqrt(n))", () => {
    // x = [0.12, 0.0, 0.31, 0.05, -1.0, 0.44, 0.2, 0.0]; numpy mean, std(ddof=1); scipy 1.17
    const s = meanWithCi([0.12, 0.0, 0.31, 0.05, -1.0, 0.44, 0.2, 0.0]);
    expect(s.n).toBe(8);
    expect(s.mean).toBeCloseTo(0.015, 12);
    expect(s.sd).toBeCloseTo(0.43830843673637593, 12);
    expect(s.ci![0]).toBeCloseTo(-0.3514350232384229, 10);
    expect(s.ci![1]).toBeCloseTo(0.38143502323842293, 10);
  });

  it("has no interval below two values", () => {
    expect(meanWithCi([0.3])).toMatchObject({ n: 1, mean: 0.3, ci: null });
    expect(meanWithCi([]).ci).toBeNull();
  });
});

describe("shareWithCi", () => {
  it("matches scipy.stats.binomtest(k, n).proportion_ci(0.95, 'wilson')", () => {
    const a = shareWithCi(7, 64);
    expect(a.ci![0]).toBeCloseTo(0.05400113344416799, 10);
    expect(a.ci![1]).toBeCloseTo(0.2089864132689612, 10);
    const b = shareWithCi(0, 10);
    expect(b.ci![0]).toBeCloseTo(0, 12);
    expect(b.ci![1]).toBeCloseTo(0.27753279986288926, 10);
  });
});
