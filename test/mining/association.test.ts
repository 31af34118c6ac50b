import { describe, expect, it } from "vitest";
import { attracted, deltaP, logLikelihood } from "../../src/mining/association.js";

describe("Dunning log-likelihood G²", () => {
  // Expected values: scipy.stats.chi2_contingency(table, lambda_="log-likelihood", correction=False)[0]
  it.each([
    [{ o11: 30, o12: 70, o21: 120, o22: 9780 }, 137.8661956941109],
    [{ o11: 5, o12: 95, o21: 400, o22: 9500 }, 0.21899514134645082],
    [{ o11: 10, o12: 0, o21: 0, o22: 10 }, 27.725887222397812],
  ])("matches scipy for %o", (table, expected) => {
    expect(logLikelihood(table)).toBeCloseTo(expected, 9);
  });

  it("is 0 for an empty table and for independence", () => {
    expect(logLikelihood({ o11: 0, o12: 0, o21: 0, o22: 0 })).toBe(0);
    expect(logLikelihood({ o11: 10, o12: 90, o21: 100, o22: 900 })).toBeCloseTo(0, 12);
  });

  it("tells attraction from repulsion", () => {
    expect(attracted({ o11: 30, o12: 70, o21: 120, o22: 9780 })).toBe(true);
    expect(attracted({ o11: 5, o12: 95, o21: 400, o22: 9500 })).toBe(true);
    expect(attracted({ o11: 1, o12: 99, o21: 400, o22: 9500 })).toBe(false);
  });
});

describe("ΔP (Gries 2013)", () => {
  it("computes both directions by hand", () => {
    // P(b|a) − P(b|¬a) = 30/100 − 120/9900; P(a|b) − P(a|¬b) = 30/150 − 70/9850
    const d = deltaP({ o11: 30, o12: 70, o21: 120, o22: 9780 });
    expect(d.bGivenA).toBeCloseTo(0.3 - 120 / 9900, 12);
    expect(d.aGivenB).toBeCloseTo(0.2 - 70 / 9850, 12);
    expect(d.max).toBe(d.bGivenA);
  });
});
