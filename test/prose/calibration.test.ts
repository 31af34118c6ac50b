import { describe, expect, it } from "vitest";
import { fitSlopCurve, saturationIncrement, slopFactor } from "../../src/terms/prose/calibration.js";

describe("slop calibration curve", () => {
  it("hits the base target when the densest human text allows it", () => {
    // rate = ln(1/0.4)/(10 − 2) = 0.11453634148426939; densest human at 3 → exp(−rate·1) = 0.8917795292374964
    const curve = fitSlopCurve({ humanP75: 2, baseTypical: 10, humanDensest: 3 });
    expect(curve.rate).toBeCloseTo(0.11453634148426939, 12);
    expect(curve.baseScore).toBeCloseTo(0.4, 12);
    expect(curve.densestHumanScore).toBeCloseTo(0.8917795292374964, 12);
    expect(curve.constrainedBy).toBe("base_target");
  });

  it("keeps the densest human text at 0.8 when the targets conflict", () => {
    // rate = ln(1/0.8)/(6 − 2) = 0.05578588782855244; base then scores exp(−rate·8) = 0.64
    const curve = fitSlopCurve({ humanP75: 2, baseTypical: 10, humanDensest: 6 });
    expect(curve.rate).toBeCloseTo(0.05578588782855244, 12);
    expect(curve.densestHumanScore).toBeCloseTo(0.8, 12);
    expect(curve.baseScore).toBeCloseTo(0.64, 12);
    expect(curve.constrainedBy).toBe("human_floor");
  });

  it("is 1 up to the human 75th percentile and decreasing after", () => {
    const curve = fitSlopCurve({ humanP75: 2, baseTypical: 10, humanDensest: 3 });
    expect(slopFactor(0, curve)).toBe(1);
    expect(slopFactor(2, curve)).toBe(1);
    expect(slopFactor(5, curve)).toBeLessThan(1);
    expect(slopFactor(20, curve)).toBeLessThan(slopFactor(5, curve));
  });

  it("refuses a dictionary that does not separate model from human text", () => {
    expect(() => fitSlopCurve({ humanP75: 5, baseTypical: 4, humanDensest: 9 })).toThrow(/does not separate/);
  });
});

describe("BM25 saturation", () => {
  it("counts the first hit in full and each extra hit for less", () => {
    // s(n) = n(k1+1)/(n+k1) with k1 = 1.2: s(1)=1, s(2)=1.375, s(3)=1.5714285714
    expect(saturationIncrement(1, 1.2)).toBeCloseTo(1, 12);
    expect(saturationIncrement(2, 1.2)).toBeCloseTo(0.375, 12);
    expect(saturationIncrement(3, 1.2)).toBeCloseTo(6.6 / 4.2 - 1.375, 12);
    expect(saturationIncrement(4, 1.2)).toBeLessThan(saturationIncrement(3, 1.2));
  });
});
