import { describe, expect, it } from "vitest";
import { cohenKappa } from "../../src/stats/cohen-kappa.js";

// Expected values from numpy, computing κ = 1 − Σ W∘O / Σ W∘E directly from the confusion matrix
// (O = joint proportions, E = outer(row marginals, column marginals), W = |i−j|^p/(k−1)^p, p=0 → 1−I).
const a = [0, 1, 2, 2, 1, 0, 2, 1, 1, 0, 2, 2];
const b = [0, 1, 2, 1, 1, 0, 2, 2, 1, 1, 2, 2];

describe("cohenKappa", () => {
  it("matches the numpy reference for unweighted, linear and quadratic weights", () => {
    expect(cohenKappa(a, b, 3, "none")).toBeCloseTo(0.6129032258064515, 12);
    expect(cohenKappa(a, b, 3, "linear")).toBeCloseTo(0.6949152542372881, 12);
    expect(cohenKappa(a, b, 3, "quadratic")).toBeCloseTo(0.7857142857142857, 12);
  });

  it("is 1 for perfect agreement and NaN when chance disagreement is impossible", () => {
    expect(cohenKappa([0, 1, 2], [0, 1, 2], 3, "quadratic")).toBe(1);
    expect(cohenKappa([1, 1], [1, 1], 3, "quadratic")).toBeNaN();
  });

  it("names bad input", () => {
    expect(() => cohenKappa([0, 1], [0], 3)).toThrow(/2 and 1 labels/);
    expect(() => cohenKappa([0, 3], [0, 1], 3)).toThrow(/unit 1/);
  });
});
