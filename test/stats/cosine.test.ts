import { describe, expect, it } from "vitest";
import { cosine } from "../../src/stats/cosine.js";

describe("cosine", () => {
  it("matches 1 − scipy.spatial.distance.cosine", () => {
    // scipy 1.17: 1 - cosine([1,2,3],[4,5,6.5]) = 0.9812703311990345; orthogonal 0.0; opposite -1.0
    expect(cosine([1, 2, 3], [4, 5, 6.5])).toBeCloseTo(0.9812703311990345, 12);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 2], [-2, -4])).toBeCloseTo(-1, 12);
  });

  it("defines a zero vector's similarity as 0 and refuses different lengths", () => {
    expect(cosine([0, 0], [1, 2])).toBe(0);
    expect(() => cosine([1], [1, 2])).toThrow(/lengths differ/);
  });
});
