import { describe, expect, it } from "vitest";
import { oddsRatio, tableFromPairs } from "../../src/stats/odds-ratio.js";

describe("oddsRatio (Woolf interval)", () => {
  it("matches scipy.stats.contingency.odds_ratio(kind='sample') and its confidence_interval(0.95)", () => {
    // odds_ratio([[12,5],[7,16]], kind='sample') → 5.485714285714286, CI (1.3937626710446056, 21.59123776929359)
    const r = oddsRatio({ a: 12, b: 5, c: 7, d: 16 });
    expect(r.oddsRatio).toBeCloseTo(5.485714285714286, 12);
    expect(r.ci[0]).toBeCloseTo(1.3937626710446056, 9);
    expect(r.ci[1]).toBeCloseTo(21.59123776929359, 8);
    expect(r.haldaneCorrected).toBe(false);
    // odds_ratio([[30,10],[25,35]], kind='sample') → 4.2, CI (1.740892579993796, 10.132733175336336)
    const s = oddsRatio({ a: 30, b: 10, c: 25, d: 35 });
    expect(s.oddsRatio).toBeCloseTo(4.2, 12);
    expect(s.ci[0]).toBeCloseTo(1.740892579993796, 9);
    expect(s.ci[1]).toBeCloseTo(10.132733175336336, 8);
  });

  it("applies the Haldane–Anscombe correction when a cell is zero", () => {
    // numpy: cells + 0.5 → OR 23.571428571428573, exp(log OR ± norm.ppf(0.975)·se) = (0.9991625570507073, 556.0779284383873)
    const r = oddsRatio({ a: 5, b: 0, c: 3, d: 7 });
    expect(r.haldaneCorrected).toBe(true);
    expect(r.oddsRatio).toBeCloseTo(23.571428571428573, 10);
    expect(r.ci[0]).toBeCloseTo(0.9991625570507073, 8);
    expect(r.ci[1]).toBeCloseTo(556.0779284383873, 5);
  });

  it("rejects non-count cells and empty tables", () => {
    expect(() => oddsRatio({ a: 1.5, b: 1, c: 1, d: 1 })).toThrow(/cell a/);
    expect(() => oddsRatio({ a: 0, b: 0, c: 0, d: 0 })).toThrow(/empty/);
  });

  it("builds the table from exposure/outcome pairs", () => {
    const t = tableFromPairs([
      { exposed: true, outcome: true },
      { exposed: true, outcome: false },
      { exposed: false, outcome: false },
      { exposed: false, outcome: false },
    ]);
    expect(t).toEqual({ a: 1, b: 1, c: 0, d: 2 });
  });
});
