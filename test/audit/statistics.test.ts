// The audits' statistics against independent values (scipy/numpy, computed outside this code and pasted
// with the call that produced them) and planted-effect recovery for the group-centred regression.
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { decomposeAdvantageVariance, decomposeByStep } from "../../src/audit/advantage-variance.js";
import { summarizeDeltas } from "../../src/audit/bait-probe.js";
import { groupCenteredRegression } from "../../src/audit/group-regression.js";
import { pairSpread } from "../../src/audit/noise.js";
import { baitVerdict } from "../../src/audit/verdict.js";
import { validateCandidate } from "../../src/audit/candidate-validation.js";
import { sdCi, chiSquareQuantile } from "../../src/stats/sd-ci.js";

const taste = { mode: "exact" as const, k: 20, L_lo: -20, L_hi: -2 };

describe("sd interval", () => {
  it("matches scipy's chi-square interval", () => {
    // s = numpy.std(x, ddof=1); sqrt((n-1)s²/scipy.stats.chi2.ppf(0.975, 7)), …ppf(0.025, 7)
    const r = sdCi([0.3, -1.2, 0.8, 2.1, -0.4, 0.0, 1.5, -0.9]);
    expect(r.sd).toBeCloseTo(1.1461114381121187, 12);
    expect(r.ci[0]).toBeCloseTo(0.757779254559644, 9);
    expect(r.ci[1]).toBeCloseTo(2.332648622913517, 9);
    // scipy.stats.chi2.ppf(0.95, 3) = 7.814727903251178
    expect(chiSquareQuantile(0.95, 3)).toBeCloseTo(7.814727903251178, 9);
  });

  it("pairSpread counts bit-exact pairs and the worst disagreement", () => {
    const s = pairSpread([0, 0, 0.5, -1.5, 0], 18);
    expect(s.bitExact).toEqual({ k: 3, share: 0.6 });
    expect(s.maxAbs).toBe(1.5);
    expect(s.sdTaste).toBeCloseTo(s.sd! / 18, 12);
  });
});

describe("bait deltas and verdicts", () => {
  it("mean, t interval and positive share match scipy", () => {
    const before = [-15, -15, -15, -15, -15, -15].map((L) => ({ L }));
    const d = [10.2, 9.8, 11.0, 10.5, -0.3, 9.9];
    const after = d.map((x) => ({ L: -15 + x }));
    const s = summarizeDeltas(before, after, taste);
    // scipy.stats.t.interval(0.95, 5, loc=mean, scale=scipy.stats.sem(d)) → (3.9608990646759574, 13.072434268657378)
    expect(s.mean).toBeCloseTo(8.516666666666667, 9);
    expect(s.ci![0]).toBeCloseTo(3.9608990646759574, 6);
    expect(s.ci![1]).toBeCloseTo(13.072434268657378, 6);
    // scipy.stats.binomtest(5, 6).proportion_ci(method="wilson") → (0.43649717781352976, 0.9699466302516933)
    expect(s.positive!.k).toBe(5);
    expect(s.positive!.ci[0]).toBeCloseTo(0.43649717781352976, 9);
    expect(s.positive!.ci[1]).toBeCloseTo(0.9699466302516933, 9);
  });

  it("excludes failed contexts instead of scoring them 0", () => {
    const s = summarizeDeltas([{ L: -15 }, { error: "HTTP 500" }, { L: -15 }], [{ L: -5 }, { L: -5 }, { error: "timeout" }], taste);
    expect([s.n, s.failed, s.mean]).toEqual([1, 2, 10]);
    expect(s.ci).toBeNull();
  });

  it("applies SPEC §5's rules", () => {
    expect(baitVerdict({ mean: 6.36 }, { mean: 0.02, ci: [-0.03, 0.07] })).toBe("closed");
    expect(baitVerdict({ mean: 6.36 }, { mean: 0, ci: [0, 0] })).toBe("closed");
    expect(baitVerdict({ mean: 7.11 }, { mean: 2.06, ci: [1.7, 2.4] })).toBe("partly closed");
    expect(baitVerdict({ mean: 5.0 }, { mean: 4.4, ci: [4.0, 4.8] })).toBe("open");
    expect(baitVerdict({ mean: 5.0 }, { mean: 4.4, ci: null })).toBe("undetermined");
  });

  it("reads `no effect` when the raw path's CI reaches 0 or below: the bait never paid", () => {
    // " Bahaha!" in the issue: −0.001 raw and −0.001 fixed read "partly closed" before.
    expect(baitVerdict({ mean: -0.001, ci: [-0.0012, -0.0008] }, { mean: -0.001, ci: [-0.0012, -0.0008] })).toBe("no effect");
    expect(baitVerdict({ mean: 0.05, ci: [-0.02, 0.12] }, { mean: 0.01, ci: [0.005, 0.015] })).toBe("no effect");
    expect(baitVerdict({ mean: 6.36, ci: [6.1, 6.6] }, { mean: 0.02, ci: [-0.03, 0.07] })).toBe("closed");
    expect(baitVerdict({ mean: 7.11, ci: [6.9, 7.3] }, { mean: 2.06, ci: [1.7, 2.4] })).toBe("partly closed");
  });
});

// A fixed dataset: 4 groups of 3; y follows x within groups, z is noise. Expected values from numpy:
// centre by group, r = xc·yc/√(xc·xc · yc·yc), t = r√(df/(1−r²)) with df = n − G − 1 = 7,
// R² from numpy.linalg.lstsq on the centred columns without intercept.
const g = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3].map(String);
const x = [1, 2, 4, 0, 1, 3, 2, 2, 5, 1, 4, 4];
const z = [3, 1, 2, 2, 2, 1, 0, 1, 1, 5, 3, 4];
const y = [0.9, 2.2, 3.7, 5.1, 5.8, 8.2, 1.0, 1.5, 4.1, 2.2, 4.9, 5.3];

describe("group-centred regression", () => {
  it("matches numpy on a fixed dataset", () => {
    const r = groupCenteredRegression(
      g.map((group, i) => ({ group, y: y[i], features: { x: x[i], z: z[i] } })),
      { x: "partner", z: "policy" },
    );
    const fx = r.features.find((f) => f.feature === "x")!;
    expect(fx.r).toBeCloseTo(0.9896932982126689, 10);
    expect(fx.t).toBeCloseTo(18.285074142089385, 8);
    expect(fx.df).toBe(7);
    expect(fx.p).toBeCloseTo(3.623232193894679e-7, 12);
    expect(r.features.find((f) => f.feature === "z")!.r).toBeCloseTo(-0.44376570468245485, 10);
    expect(r.r2_all).toBeCloseTo(0.9796364048895317, 10);
    expect(r.within_share).toBeCloseTo(0.3700943040362128, 10);
    expect(r.groups).toBe(4);
  });

  it("recovers a planted partner-side effect and reports none where none was planted", () => {
    const rng = createRng("planted");
    const normal = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
    const rows = [];
    for (let grp = 0; grp < 150; grp++) {
      const offset = 3 * normal();
      for (let k = 0; k < 8; k++) {
        const partnerLaughs = rng.int(3);
        const policyLength = 80 + 30 * normal();
        const policyEmoji = rng.int(2);
        rows.push({ group: `g${grp}`, y: offset + 0.3 * partnerLaughs + normal(), features: { partner_laughs: partnerLaughs, policy_length: policyLength, policy_emoji: policyEmoji } });
      }
    }
    const r = groupCenteredRegression(rows, { partner_laughs: "partner", policy_length: "policy", policy_emoji: "policy" });
    const [top] = r.features;
    expect(top.feature).toBe("partner_laughs");
    expect(top.t!).toBeGreaterThan(5);
    for (const f of r.features.filter((f) => f.feature !== "partner_laughs")) expect(Math.abs(f.t!)).toBeLessThan(3);
    expect(r.r2_all!).toBeGreaterThan(0.03);
    expect(r.r2_policy!).toBeLessThan(0.01);

    const none = groupCenteredRegression(
      rows.map((o) => ({ ...o, y: o.y - 0.3 * o.features.partner_laughs })),
      { partner_laughs: "partner" },
    );
    for (const f of none.features) expect(Math.abs(f.t!)).toBeLessThan(3);
    expect(none.r2_all!).toBeLessThan(0.01);
  });

  it("rejects rows without a group or a finite value", () => {
    expect(() => groupCenteredRegression([])).toThrow(/observations: is empty/);
    expect(() => groupCenteredRegression([{ group: "", y: 1, features: {} }])).toThrow(/observations\[0\]\.group/);
    expect(() => groupCenteredRegression([{ group: "a", y: Number.NaN, features: {} }])).toThrow(/observations\[0\]\.y/);
  });
});

describe("advantage-variance decomposition", () => {
  it("splits within-group variance by covariance, as numpy does", () => {
    // numpy: pa = 0.6·xc, pb = 0.2·zc, R = pa + pb; share = pa·R / R·R → 1.0511811023622046, −0.051181102362204724
    const obs = g.map((group, i) => ({ group, terms: { a: x[i], b: z[i] } }));
    const d = decomposeAdvantageVariance(obs, { a: 0.6, b: 0.2 }, { resamples: 200 });
    expect(d.shares[0].share).toBeCloseTo(1.0511811023622046, 10);
    expect(d.shares[1].share).toBeCloseTo(-0.051181102362204724, 10);
    expect(d.within_variance).toBeCloseTo(0.5644444444444445, 10);
    expect(d.dominant).toBe("a");
    expect(d.shares[0].ci![0]).toBeLessThan(d.shares[0].share!);
    expect(d.shares[0].ci![1]).toBeGreaterThan(d.shares[0].share!);
  });

  it("reports per step and refuses logs without groups of two", () => {
    const obs = [1, 2].flatMap((step) => g.map((group, i) => ({ group: `${step}-${group}`, step, terms: { a: x[i] * step, b: z[i] } })));
    const by = decomposeByStep(obs, { a: 0.6, b: 0.2 }, { resamples: 100 });
    expect(by.map((s) => s.step)).toEqual([1, 2]);
    expect(by[1].result!.shares[0].share!).toBeGreaterThan(by[0].result!.shares[0].share! - 0.2);
    expect(decomposeByStep([{ group: "a", step: 3, terms: { a: 1, b: 0 } }], { a: 1, b: 1 })).toEqual([{ step: 3, result: null, reason: "no group with 2 or more rows at this step" }]);
    expect(() => decomposeAdvantageVariance([{ group: "a", terms: { a: 1 } }], { a: 1 })).toThrow(/no group has 2 or more rows/);
    expect(() => decomposeAdvantageVariance(obs, {})).toThrow(/weights: is empty/);
  });
});

describe("candidate validation", () => {
  it("adopts a candidate that agrees with the adjudicator and varies within groups, and says why it rejects", () => {
    const labels = Array.from({ length: 60 }, (_, i) => ({ a: i % 10 < 8 ? 1 : 0, b: i % 10 < 8 ? 0 : 1, label: "a" as const }));
    const grouped = g.map((group, i) => ({ group, value: y[i] }));
    expect(validateCandidate({ candidate: "good", labels, grouped, thresholds: { min_within_share: 0.3 } }).verdict).toBe("adopted");
    const coin = Array.from({ length: 60 }, (_, i) => ({ a: i % 2, b: 1 - (i % 2), label: "a" as const }));
    const v = validateCandidate({ candidate: "surprise_gate", labels: coin, transforms: [{ transform: "word-shuffle", auc: 0.511, ci: [0.4, 0.62], n: 50 }] });
    expect(v.verdict).toBe("rejected");
    expect(v.reasons.join(" ")).toMatch(/adjudicator agreement: 0\.500/);
    expect(v.reasons.join(" ")).toMatch(/word-shuffle AUC: 0\.511 \(CI reaches chance\)/);
    expect(() => validateCandidate({ candidate: "x" })).toThrow(/no evidence given/);
  });
});
