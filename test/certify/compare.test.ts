import { describe, expect, it } from "vitest";
import { compareArms, metricDeltas } from "../../src/certify/compare.js";
import { onBand, zeroAccounting } from "../../src/certify/on-band.js";
import { pairedDelta, winLossTie } from "../../src/certify/paired-delta.js";
import { pairBanks } from "../../src/certify/pairing.js";
import { BASE_C, BASE_TASTE, TRAINED_C, TRAINED_TASTE, bank, score } from "./fixtures.js";

describe("paired statistics on hand-made banks", () => {
  it("mean paired difference, t, p and 95% CI match scipy", () => {
    // scipy 1.17: r = scipy.stats.ttest_rel(TRAINED_C, BASE_C); r.confidence_interval(0.95)
    // -> statistic 1.0202280537433241, pvalue 0.3295346090871171, df 11,
    //    CI (-0.09065878913829058, 0.24732545580495724); mean diff 0.07833333333333332, sd (ddof=1) 0.2659744804345414
    const d = pairedDelta(BASE_C, TRAINED_C);
    expect(d.n).toBe(12);
    expect(d.df).toBe(11);
    expect(d.mean_base).toBeCloseTo(0.46416666666666667, 12);
    expect(d.mean_trained).toBeCloseTo(0.5425, 12);
    expect(d.delta).toBeCloseTo(0.07833333333333332, 12);
    expect(d.sd).toBeCloseTo(0.2659744804345414, 12);
    expect(d.t).toBeCloseTo(1.0202280537433241, 10);
    expect(d.p).toBeCloseTo(0.3295346090871171, 8);
    expect(d.ci95[0]).toBeCloseTo(-0.09065878913829058, 8);
    expect(d.ci95[1]).toBeCloseTo(0.24732545580495724, 8);
  });

  it("win/loss/tie counts the direction of each pair; two exact ties (0.71=0.71 and 0=0)", () => {
    // by hand: trained higher at sessions 0,1,5,7,8,9,11; lower at 3,6,10; equal at 2,4
    expect(winLossTie(BASE_C, TRAINED_C)).toEqual({ wins: 7, losses: 3, ties: 2 });
    // with a 0.015 tolerance session 10 (−0.01) also ties
    expect(winLossTie(BASE_C, TRAINED_C, 0.015)).toEqual({ wins: 7, losses: 2, ties: 3 });
  });

  it("on-band delta drops the 4 pairs where either arm is 0 and matches scipy on the remaining 8", () => {
    // scipy 1.17: mask = (b != 0) & (t != 0); ttest_rel(t[mask], b[mask])
    // -> statistic 1.7117922064723656, pvalue 0.13066861105583105, df 7, mean diff 0.029999999999999985,
    //    CI (-0.0114412025475761, 0.07144120254757608)
    const ob = onBand(BASE_C, TRAINED_C);
    expect(ob.n).toBe(8);
    expect(ob.excluded).toBe(4);
    expect(ob.delta!.delta).toBeCloseTo(0.03, 12);
    expect(ob.delta!.t).toBeCloseTo(1.7117922064723656, 10);
    expect(ob.delta!.p).toBeCloseTo(0.13066861105583105, 8);
    expect(ob.delta!.ci95[0]).toBeCloseTo(-0.0114412025475761, 8);
    expect(ob.delta!.ci95[1]).toBeCloseTo(0.07144120254757608, 8);
  });

  it("counts zero-certification sessions, rescued and lost ones", () => {
    expect(zeroAccounting(BASE_C, TRAINED_C)).toEqual({ zero_base: 3, zero_trained: 2, both_zero: 1, rescued: 2, lost: 1, net_rescued: 1 });
  });

  it("on-band delta is null below 2 pairs instead of an undefined t", () => {
    expect(onBand([0, 0.5, 0], [0.3, 0.6, 0.2]).delta).toBeNull();
  });
});

describe("compareArms", () => {
  const base = bank(BASE_C, BASE_TASTE);
  const trained = bank(TRAINED_C, TRAINED_TASTE);

  it("assembles retention, on-band, zeros and the taste component delta (scipy-checked)", () => {
    const c = compareArms(base, trained);
    expect(c.n_pairs).toBe(12);
    expect(c.retention.t).toBeCloseTo(1.0202280537433241, 10);
    expect(c.win_loss_tie).toEqual({ wins: 7, losses: 3, ties: 2 });
    expect(c.on_band.n).toBe(8);
    expect(c.zeros.net_rescued).toBe(1);
    // scipy 1.17: ttest_rel(TRAINED_TASTE, BASE_TASTE) -> statistic 2.7211086220443286, pvalue 0.01989199734029333,
    // mean 0.022499999999999992, CI (0.004300738970553622, 0.04069926102944636)
    const taste = c.components.taste.delta!;
    expect(taste.delta).toBeCloseTo(0.0225, 12);
    expect(taste.t).toBeCloseTo(2.7211086220443286, 10);
    expect(taste.p).toBeCloseTo(0.01989199734029333, 8);
    expect(taste.ci95[0]).toBeCloseTo(0.004300738970553622, 8);
    // grounding/repetition are absent from these scores: reported as missing, not as 0
    expect(c.components.grounding).toEqual({ n: 0, missing: 12, delta: null });
    expect(Object.keys(metricDeltas(c))).toEqual(["retention", "on_band", "taste", "grounding", "repetition", "screens"]);
  });

  it("pairs by seed whatever the row order, and excludes sessions whose score failed (null), counting them", () => {
    const shuffled = [...trained].reverse();
    shuffled[0] = { ...shuffled[0], score: score(null, null) }; // the last seed, 20000011
    const c = compareArms(base, shuffled);
    expect(c.n_pairs).toBe(11);
    expect(c.unscored).toEqual([{ seed: 20_000_011, arm: "trained", error: "audience call failed" }]);
    // by hand: the dropped pair (seed 20000011) had difference 0.58 − 0.51 = 0.07
    expect(c.retention.delta).toBeCloseTo((0.07833333333333332 * 12 - 0.07) / 11, 12);
  });

  it("refuses different seeds and different instruments, naming them", () => {
    const other = bank(TRAINED_C, TRAINED_TASTE, undefined, "inst-A", 30_000_000);
    expect(() => pairBanks(base, other)).toThrow(/identical seeds in both arms: 12 seed\(s\) only in base \(20000000, 20000001, 20000002, 20000003, 20000004 and 7 more\)/);
    const otherInstrument = bank(TRAINED_C, TRAINED_TASTE, undefined, "inst-B");
    expect(() => pairBanks(base, otherInstrument)).toThrow(/scores come from 2 instruments/);
    expect(() => pairBanks(base, [...trained, trained[0]])).toThrow(/trained bank row 13: seed 20000000 appears twice/);
    expect(() =>
      pairBanks(
        base,
        trained.map((r) => ({ ...r, score: undefined })),
      ),
    ).toThrow(/trained bank seed 20000000: row has no "score"/);
  });

  it("runs the guards on the paired sessions and names the ones that fire", () => {
    const bait = bank(TRAINED_C, TRAINED_TASTE, (i) => [`Sure, I can do that. Haha!`, i % 2 ? "Let me check the sheet, folks." : "Let me check the sheet."]);
    const c = compareArms(base, bait);
    const byName = Object.fromEntries(c.guards.map((g) => [g.guard, g]));
    expect(byName.strict_laughter.change).toBeCloseTo(50, 9); // one of two policy turns per session
    expect(byName.audience_address.change).toBeCloseTo(25, 9);
    expect(c.guards_fired).toEqual(["strict_laughter", "audience_address"]);
  });
});
