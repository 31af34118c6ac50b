import { describe, expect, it } from "vitest";
import { krippendorffAlpha } from "../../src/stats/krippendorff-alpha.js";

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", example C: 4 coders, 12 units,
// missing values. Published: nominal α = 0.743, ordinal α = 0.815, interval α = 0.849 (a numpy
// implementation from the same formulas gives 0.743421…, 0.815387…, 0.849107…).
const n = null;
const reliability = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, n, n, n],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, n, 3],
  [n, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, n],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, n],
];

describe("krippendorffAlpha", () => {
  it("reproduces Krippendorff's worked example for every metric", () => {
    expect(krippendorffAlpha(reliability, "nominal")).toBeCloseTo(0.743421052631579, 10);
    expect(krippendorffAlpha(reliability, "ordinal")).toBeCloseTo(0.8153875037548813, 10);
    expect(krippendorffAlpha(reliability, "interval")).toBeCloseTo(0.8491071428571428, 10);
  });

  it("is 1 under perfect agreement and rejects data with no pairable units", () => {
    expect(
      krippendorffAlpha(
        [
          [0, 1, 2, 2],
          [0, 1, 2, 2],
        ],
        "ordinal",
      ),
    ).toBe(1);
    expect(() =>
      krippendorffAlpha(
        [
          [0, n],
          [n, 1],
        ],
        "ordinal",
      ),
    ).toThrow(/no unit/);
  });
});
