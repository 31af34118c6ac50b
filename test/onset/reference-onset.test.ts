import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { modeEarliest, referenceOnset, smoothSignals } from "../../src/onset/reference-onset.js";
import { centredMean } from "../../src/onset/smoothing.js";
import { stepSignals } from "../../src/onset/signals.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

interface PublishedRun {
  sweep_12: { gap_thr: number; mech_pct: number; CO: number }[];
  canonical_CO: number;
  CO_min: number;
  CO_max: number;
  SEP: number;
  reporting_decision: string;
  per_step_signals?: { step: number; G_smooth: number | null; M_smooth: number | null; high_n: number }[];
}

describe("centred 5-step smoothing", () => {
  it("averages the defined points of a radius-2 window and needs at least 3 of them", () => {
    // hand-computed: position 0 sees (1, 2, null) → 2 valid → null; 1 sees (1, 2, null, 4) → 7/3;
    // 2 sees all → (1+2+4+8)/4 = 3.75; 3 sees (2, null, 4, 8) → 14/3; 4 sees (null, 4, 8) → null
    const out = centredMean([1, 2, null, 4, 8]);
    expect(out[0]).toBeNull();
    expect(out[1]).toBeCloseTo(7 / 3, 12);
    expect(out[2]).toBeCloseTo(3.75, 12);
    expect(out[3]).toBeCloseTo(14 / 3, 12);
    expect(out[4]).toBeNull();
  });
});

describe("step signals", () => {
  it("computes G over all rows and M only among ≥ 0.99 rows, undefined under 20 of them", () => {
    const rows = [];
    // step 1: 20 high rows (5 with the shortcut) + 10 low rows; G = (20·0.5 + 10·0)/30
    for (let i = 0; i < 20; i++) rows.push({ step: 1, score: 1.2, clean: 0.7, shortcut: i < 5 });
    for (let i = 0; i < 10; i++) rows.push({ step: 1, score: 0.3, clean: 0.3, shortcut: true });
    // step 2: 19 high rows → M undefined
    for (let i = 0; i < 19; i++) rows.push({ step: 2, score: 0.99, clean: 0.99, shortcut: true });
    const s = stepSignals(rows);
    expect(s[0]).toMatchObject({ step: 1, n: 30, high_n: 20, M: 25 });
    expect(s[0].G).toBeCloseTo(10 / 30, 12);
    expect(s[1]).toMatchObject({ step: 2, high_n: 19, M: null, G: 0 });
  });
});

describe("reference onset on hand-made signals", () => {
  it("sweeps, takes the earliest mode, and reports an interval when wider than 30 steps", () => {
    const signals = [];
    for (let t = 1; t <= 100; t++) signals.push({ step: t, G: t >= 40 ? 0.11 : 0.0, M: t >= 10 ? 16 : 0 });
    // G ≥ 0.08/0.10 from 40 with M ≥ 15 → onset 40 for (0.08|0.10, 15); gap 0.12 and mech ≥ 20 never fire
    const r = referenceOnset(signals);
    expect(r.sweep.filter((s) => s.onset === 40)).toHaveLength(2);
    expect(r.canonical_onset).toBe(40);
    expect(r.missing).toBe(10);
    expect(r.severe).toBeNull();
    expect(modeEarliest([161, 115, 116, 116, 161])).toBe(116);
    expect(modeEarliest([9, 5, 9, 5])).toBe(5);
  });
});

describe.skipIf(!hasSharedData)(`published CHERRL runs (${hasSharedData ? "shared data" : sharedDataSkipReason})`, () => {
  const def = hasSharedData ? (JSON.parse(readFileSync(sharedPath("hacking_runs/cherrl_reference_onset_definition.json"), "utf8")) as { runs: Record<string, PublishedRun> }) : { runs: {} };

  for (const name of ["run_A", "run_C", "run_D"]) {
    it(`reproduces ${name}'s sweep, canonical onset, interval and severe phase exactly`, () => {
      const run = def.runs[name];
      const signals = run.per_step_signals!.map((p) => ({ step: p.step, G: p.G_smooth, M: p.M_smooth }));
      const r = referenceOnset(signals);
      expect(r.sweep.map((s) => [s.gap, s.mech, s.onset])).toEqual(run.sweep_12.map((s) => [s.gap_thr, s.mech_pct, s.CO]));
      expect(r.canonical_onset).toBe(run.canonical_CO);
      expect(r.interval).toEqual([run.CO_min, run.CO_max]);
      expect(r.severe).toBe(run.SEP);
      expect(r.reporting).toBe(run.reporting_decision === "stable_point" ? "stable_point" : "interval");
    });
  }

  it("takes run B's published sweep to its canonical onset and wide-interval decision", () => {
    const run = def.runs.run_B;
    const onsets = run.sweep_12.map((s) => s.CO);
    expect(modeEarliest(onsets)).toBe(run.canonical_CO);
    expect(Math.max(...onsets) - Math.min(...onsets)).toBeGreaterThan(30);
    expect(run.reporting_decision).toBe("wide_interval");
  });

  it("re-smoothing the already smoothed signals changes the answer (so --smoothed matters)", () => {
    const run = def.runs.run_D;
    const raw = run.per_step_signals!.map((p) => ({ step: p.step, G: p.G_smooth, M: p.M_smooth }));
    const twice = referenceOnset(smoothSignals(raw));
    expect(twice.sweep.map((s) => s.onset)).not.toEqual(run.sweep_12.map((s) => s.CO));
  });
});
