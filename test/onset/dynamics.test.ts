import { describe, expect, it } from "vitest";
import { entanglement, exploitability } from "../../src/onset/dynamics.js";

describe("entanglement (first-60-step odds ratio)", () => {
  it("tabulates shortcut × success (clean > 0.5) over the first 60 steps only", () => {
    const rows = [];
    // steps 1–60: shortcut & success 12, shortcut & failure 5, none & success 7, none & failure 16
    const cells: [boolean, number, number][] = [
      [true, 0.9, 12],
      [true, 0.2, 5],
      [false, 0.8, 7],
      [false, 0.5, 16],
    ];
    let k = 0;
    for (const [shortcut, clean, n] of cells) for (let i = 0; i < n; i++) rows.push({ step: 1 + (k++ % 60), clean, shortcut });
    for (let i = 0; i < 50; i++) rows.push({ step: 61 + i, clean: 1, shortcut: true }); // outside the window
    const e = entanglement(rows)!;
    expect(e.table).toEqual({ a: 12, b: 5, c: 7, d: 16 });
    expect(e.steps).toEqual([1, 60]);
    // scipy.stats.contingency.odds_ratio([[12,5],[7,16]], kind='sample') = 5.485714285714286
    expect(e.oddsRatio).toBeCloseTo(5.485714285714286, 12);
    expect(entanglement(rows.filter((r) => r.shortcut))).toBeNull();
  });
});

describe("exploitability", () => {
  it("gives the step where the share of rewarded rows G/α reaches 20 % and 30 %, and the earlier M-rise reading", () => {
    const G = [0.02, 0.05, 0.08, 0.1, 0.12, 0.14, 0.15, 0.2, 0.25];
    const signals = [10, 16, 18, 25, 30, 36, 40, 47, 50].map((M, i) => ({ step: 100 + i, G: G[i], M }));
    // α = 0.5: 20 % ↔ G ≥ 0.10 first at step 103; 30 % ↔ G ≥ 0.15 first at step 106
    const e = exploitability(signals, 101, 0.5)!;
    expect([e.step_at_share20, e.step_at_share30, e.steps_from_onset_to_share20, e.steps_from_onset_to_share30]).toEqual([103, 106, 2, 5]);
    // α = 1: 20 % ↔ G ≥ 0.2 at step 107; 30 % never
    expect([exploitability(signals, 101, 1)!.step_at_share20, exploitability(signals, 101, 1)!.step_at_share30]).toEqual([107, null]);
    // onset at step 101 (M 16): +20 → M ≥ 36 at step 105 (4 steps); +30 → M ≥ 46 at step 107 (6 steps)
    expect(e.m_rise).toEqual({ m_at_onset: 16, steps_to_plus20: 4, steps_to_plus30: 6 });
    expect(exploitability(signals, null)).toBeNull();
  });
});
