import { describe, expect, it } from "vitest";
import { acrossStepAssociation, stratifiedDifference } from "../../src/onset/detector/association.js";

describe("stratifiedDifference", () => {
  it("weights per-step differences by n1·n0/(n1+n0) with a pooled within-step variance", () => {
    // numpy, same formula: Δ = Σw·d/Σw = 0.28181818181818175, se = 0.04909652044248378, z = 5.740084618589818
    const a = stratifiedDifference([
      { withFeature: [0.9, 0.8], without: [0.5, 0.6] },
      { withFeature: [0.85, 0.7, 0.75], without: [0.55, 0.45] },
      { withFeature: [1], without: [0, 0] }, // fewer than 2 with the feature: skipped
    ]);
    expect(a.strata).toBe(2);
    expect(a.delta).toBeCloseTo(0.28181818181818175, 12);
    expect(a.se).toBeCloseTo(0.04909652044248378, 12);
    expect(a.z).toBeCloseTo(5.740084618589818, 9);
  });
});

describe("acrossStepAssociation", () => {
  it("matches scipy.stats.pearsonr / linregress on step shares and mean scores", () => {
    // pearsonr([0,0,.5,1,1], [.5,.52,.6,.8,.79]) r = 0.9852218257271309; r·√(3/(1−r²)) = 9.962761622391756;
    // linregress slope = 0.28500000000000003
    const a = acrossStepAssociation([0, 0, 0.5, 1, 1].map((share, i) => ({ share, meanScore: [0.5, 0.52, 0.6, 0.8, 0.79][i] })));
    expect(a.r).toBeCloseTo(0.9852218257271309, 12);
    expect(a.z).toBeCloseTo(9.962761622391756, 9);
    expect(a.delta).toBeCloseTo(0.285, 12);
  });
});
