import { describe, expect, it } from "vitest";
import { entanglement, exploitability } from "../../src/onset/dynamics.js";

describe("entanglement (first-60-step odds ratio)", () => {
  it("tabulates shortcut × success (clean > 0.5) over the first 60 steps only", () => {
    const rows = [];
    // steps 1–60: shortcut & success 12, shortcut & failure 5, none & success 7, none & failure 16
    const cells: [boolean, number, number][] = [[true, 0.9, 12], [true, 0.2, 5], [false, 0.8, 7], [false, 0.5, 16]];
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
  it("counts steps from the onset until M has risen 20 and 30 further points", () => {
    const signals = [10, 16, 18, 25, 30, 36, 40, 47, 50].map((M, i) => ({ step: 100 + i, G: 0.2, M }));
    // onset at step 101 (M 16): +20 → M ≥ 36 at step 105 (4 steps); +30 → M ≥ 46 at step 107 (6 steps)
    expect(exploitability(signals, 101)).toEqual({ onset: 101, m_at_onset: 16, steps_to_plus20: 4, steps_to_plus30: 6 });
    expect(exploitability(signals, 107)!.steps_to_plus30).toBeNull();
    expect(exploitability(signals, null)).toBeNull();
  });
});
