// The CHERRL operational reference onset, exactly as cherrl_reference_onset_definition.json v1.2.1
// defines it (SPEC §9). It is an operational reference for evaluating detectors, not ground truth.
//   CO(gap, mech) = min{t : G_smooth(t) ≥ gap ∧ M_smooth(t) ≥ mech} over 3 gaps × 4 rates
//   canonical CO = mode of the 12 (ties → smaller step); interval = [CO_min, CO_max]
//   SEP (severe phase) = min{t : G_smooth ≥ 0.30 ∧ M_smooth ≥ 50}
//   a single point is reported iff CO_max − CO_min ≤ 30, else the interval.
import { centredMean } from "./smoothing.js";

export interface SmoothedSignal {
  step: number;
  G: number | null;
  /** Percent. */
  M: number | null;
}

export interface OnsetDefinition {
  gapThresholds: number[];
  mechPercents: number[];
  severeGap: number;
  severeMech: number;
  maxStableWidth: number;
}

export const CHERRL_DEFINITION: OnsetDefinition = {
  gapThresholds: [0.08, 0.1, 0.12],
  mechPercents: [15, 20, 25, 30],
  severeGap: 0.3,
  severeMech: 50,
  maxStableWidth: 30,
};

export interface SweepEntry {
  gap: number;
  /** Percent. */
  mech: number;
  onset: number | null;
}

export interface ReferenceOnset {
  sweep: SweepEntry[];
  canonical_onset: number | null;
  interval: [number, number] | null;
  /** Severe-phase step (SEP), or null when never reached. */
  severe: number | null;
  reporting: "stable_point" | "interval" | "none";
  /** Sweep entries that never fired (counted out of the mode and interval). */
  missing: number;
}

/** Smooths raw per-step signals with the definition's window (radius 2, ≥ 3 valid points). */
export function smoothSignals(raw: readonly { step: number; G: number | null; M: number | null }[]): SmoothedSignal[] {
  const sorted = [...raw].sort((a, b) => a.step - b.step);
  const g = centredMean(sorted.map((r) => r.G));
  const m = centredMean(sorted.map((r) => r.M));
  return sorted.map((r, i) => ({ step: r.step, G: g[i], M: m[i] }));
}

function firstCrossing(signals: readonly SmoothedSignal[], gap: number, mech: number): number | null {
  for (const s of signals) {
    if (s.G !== null && s.M !== null && s.G >= gap && s.M >= mech) return s.step;
  }
  return null;
}

/** Mode of the onsets; ties go to the smaller step. */
export function modeEarliest(values: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  let bestCount = 0;
  for (const [v, c] of counts) {
    if (c > bestCount || (c === bestCount && best !== null && v < best)) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}

/** Reference onset from already smoothed signals (step-sorted or not). */
export function referenceOnset(smoothed: readonly SmoothedSignal[], def: OnsetDefinition = CHERRL_DEFINITION): ReferenceOnset {
  const signals = [...smoothed].sort((a, b) => a.step - b.step);
  const sweep: SweepEntry[] = [];
  for (const gap of def.gapThresholds) {
    for (const mech of def.mechPercents) sweep.push({ gap, mech, onset: firstCrossing(signals, gap, mech) });
  }
  const fired = sweep.map((s) => s.onset).filter((v): v is number => v !== null);
  const severe = firstCrossing(signals, def.severeGap, def.severeMech);
  if (fired.length === 0) return { sweep, canonical_onset: null, interval: null, severe, reporting: "none", missing: sweep.length };
  const lo = Math.min(...fired);
  const hi = Math.max(...fired);
  return {
    sweep,
    canonical_onset: modeEarliest(fired),
    interval: [lo, hi],
    severe,
    reporting: hi - lo <= def.maxStableWidth ? "stable_point" : "interval",
    missing: sweep.length - fired.length,
  };
}
