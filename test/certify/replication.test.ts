import { describe, expect, it } from "vitest";
import { poolReplications } from "../../src/certify/replication.js";
import { scorerSensitivity } from "../../src/certify/sensitivity.js";
import { judgeBar } from "../../src/certify/verdict.js";
import { pairedDelta } from "../../src/certify/paired-delta.js";

// Three disjoint seed sets, values drawn once with numpy (default_rng(5)) and rounded to 3 decimals.
const SETS = [
  { name: "eval6", base: [0.703, 0.704, 0.558, 0.443, 0.327, 0.492, 0.504, 0.323], trained: [0.79, 0.836, 0.622, 0.431, 0.329, 0.622, 0.564, 0.286] },
  // biome-ignore lint/suspicious/noApproximativeNumericConstant: measured rewards (0.434), not log10(e)
  { name: "rep-14m", base: [0.496, 0.547, 0.638, 0.33, 0.578, 0.436, 0.74, 0.332, 0.64, 0.735], trained: [0.434, 0.554, 0.609, 0.341, 0.534, 0.457, 0.758, 0.337, 0.608, 0.735] },
  { name: "rep-16m", base: [0.703, 0.458, 0.375, 0.649, 0.524, 0.699, 0.418, 0.46, 0.7], trained: [0.795, 0.55, 0.366, 0.727, 0.601, 0.837, 0.449, 0.587, 0.735] },
].map((s, k) => ({ ...s, seeds: s.base.map((_, i) => 1000 * k + i) }));

describe("poolReplications", () => {
  const pooled = poolReplications(SETS);

  it("reports each set side by side (scipy ttest_rel per set)", () => {
    // scipy 1.17 ttest_rel(trained, base): eval6 t 2.363687879034342 p 0.050068916742817694;
    // rep-14m t -1.1500257157781362; rep-16m t 4.666573509128128 p 0.0016096564239916284
    expect(pooled.sets.map((s) => s.name)).toEqual(["eval6", "rep-14m", "rep-16m"]);
    expect(pooled.sets[0].delta.t).toBeCloseTo(2.363687879034342, 10);
    expect(pooled.sets[0].delta.p).toBeCloseTo(0.050068916742817694, 8);
    expect(pooled.sets[1].delta.t).toBeCloseTo(-1.1500257157781362, 10);
    expect(pooled.sets[2].delta.p).toBeCloseTo(0.0016096564239916284, 9);
  });

  it("pools all 27 pairs into one paired t (scipy ttest_rel on the concatenation)", () => {
    // scipy 1.17: ttest_rel(concat(trained), concat(base)) -> mean 0.03637037037037037, t 3.2054500217563175,
    // p 0.0035543924184511517, df 26, CI (0.013047477646035085, 0.059693263094705656)
    expect(pooled.pooled.n).toBe(27);
    expect(pooled.pooled.delta).toBeCloseTo(0.03637037037037037, 12);
    expect(pooled.pooled.t).toBeCloseTo(3.2054500217563175, 10);
    expect(pooled.pooled.p).toBeCloseTo(0.0035543924184511517, 9);
    expect(pooled.pooled.ci95[0]).toBeCloseTo(0.013047477646035085, 8);
    expect(pooled.pooled.ci95[1]).toBeCloseTo(0.059693263094705656, 8);
  });

  it("reports Cochran's Q heterogeneity and the fixed-effect estimate", () => {
    // numpy: w = 1/se_i^2, fe = sum(w d)/sum(w), Q = sum(w (d - fe)^2); scipy.stats.chi2.sf(Q, 2)
    // -> fe 0.01530095790202636, se 0.007452830693744372, Q 24.4715155064752, p 4.853755837428724e-06, I2 0.9182723276999009
    const h = pooled.heterogeneity!;
    expect(h.k).toBe(3);
    expect(h.df).toBe(2);
    expect(h.fixed_effect).toBeCloseTo(0.01530095790202636, 12);
    expect(h.fixed_effect_se).toBeCloseTo(0.007452830693744372, 12);
    expect(h.q).toBeCloseTo(24.4715155064752, 9);
    expect(h.p).toBeCloseTo(4.853755837428724e-6, 12);
    expect(h.i2).toBeCloseTo(0.9182723276999009, 10);
  });

  it("refuses overlapping seed sets, naming the seed and both sets", () => {
    const overlapping = [SETS[0], { ...SETS[1], seeds: SETS[1].seeds.map((s, i) => (i === 3 ? 2 : s)) }];
    expect(() => poolReplications(overlapping)).toThrow(/replication "rep-14m": seed 2 is also in "eval6"/);
  });
});

describe("judgeBar", () => {
  const d = pairedDelta(SETS[0].base, SETS[0].trained); // delta 0.05325, t 2.3637
  it("passes when both delta and t reach the bar", () => {
    const v = judgeBar({ metric: "retention", min_delta: 0.05, min_t: 2 }, { retention: d });
    expect(v.pass).toBe(true);
    expect(v.bar).toBe("retention >= +0.05 at t >= 2");
  });
  it("fails without rounding, naming each shortfall", () => {
    const v = judgeBar({ metric: "retention", min_delta: 0.0533, min_t: 2.4 }, { retention: d });
    expect(v.pass).toBe(false);
    expect(v.reason).toBe("delta +0.05325 < 0.0533 and t 2.36 < 2.4");
  });
  it("rejects a bar on an unknown metric", () => {
    expect(() => judgeBar({ metric: "humor", min_delta: 0 }, { retention: d })).toThrow(/unknown metric "humor"; known: retention/);
  });
  it("fails an unmeasurable bar rather than passing it", () => {
    expect(judgeBar({ metric: "on_band", min_delta: -1 }, { on_band: null }).pass).toBe(false);
  });
});

describe("scorerSensitivity", () => {
  it("reports each delta's change against the tolerance", () => {
    const before = { instrument: "v1", deltas: { retention: pairedDelta(SETS[0].base, SETS[0].trained), taste: pairedDelta(SETS[1].base, SETS[1].trained) } };
    const shiftedTaste = SETS[1].trained.map((x) => x + 0.02);
    const after = {
      instrument: "v2",
      deltas: {
        retention: pairedDelta(
          SETS[0].base,
          SETS[0].trained.map((x) => x - 0.004),
        ),
        taste: pairedDelta(SETS[1].base, shiftedTaste),
      },
    };
    const r = scorerSensitivity(before, after, 0.01);
    expect(r.shifts[0]).toMatchObject({ metric: "retention", within_tolerance: true });
    expect(r.shifts[0].change).toBeCloseTo(-0.004, 12);
    expect(r.shifts[1].change).toBeCloseTo(0.02, 12);
    expect(r.exceeded).toEqual(["taste"]);
  });
  it("refuses a 'revision' that is the same instrument", () => {
    const x = { instrument: "v1", deltas: {} };
    expect(() => scorerSensitivity(x, x)).toThrow(/both scorings use instrument v1/);
  });
});
