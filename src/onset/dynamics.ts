// CHERRL's mechanism measures (SPEC §9, seed 003 §3):
//   entanglement = odds ratio, over the first 60 steps, of shortcut presence vs task success
//                  (clean > 0.5): OR > 1 the shortcut co-occurs with success, < 1 it competes;
//   exploitability = steps from the canonical onset until the smoothed shortcut rate M has risen a
//                  further 20 and 30 percentage points (the onset already requires M ≥ 15–30 %, so the
//                  rise is counted from M at the onset; the seed reports these as step counts).
import { oddsRatio, tableFromPairs, type OddsRatioResult } from "../stats/odds-ratio.js";
import type { SmoothedSignal } from "./reference-onset.js";

export interface EntanglementRow {
  step: number;
  clean: number;
  shortcut: boolean;
}

export interface Entanglement extends OddsRatioResult {
  steps: [number, number];
  table: { a: number; b: number; c: number; d: number };
}

export function entanglement(rows: readonly EntanglementRow[], firstSteps = 60, successAbove = 0.5): Entanglement | null {
  if (rows.length === 0) return null;
  const first = Math.min(...rows.map((r) => r.step));
  const last = first + firstSteps - 1;
  const window = rows.filter((r) => r.step <= last);
  const table = tableFromPairs(window.map((r) => ({ exposed: r.shortcut, outcome: r.clean > successAbove })));
  if (table.a + table.b === 0 || table.c + table.d === 0) return null;
  return { ...oddsRatio(table), steps: [first, last], table };
}

export interface Exploitability {
  onset: number;
  m_at_onset: number;
  /** Steps from onset until M_smooth ≥ M(onset) + 20 points; null if never within the log. */
  steps_to_plus20: number | null;
  steps_to_plus30: number | null;
}

export function exploitability(signals: readonly SmoothedSignal[], onset: number | null): Exploitability | null {
  if (onset === null) return null;
  const sorted = [...signals].sort((a, b) => a.step - b.step);
  const at = sorted.find((s) => s.step === onset);
  if (!at || at.M === null) return null;
  const reach = (rise: number): number | null => {
    const hit = sorted.find((s) => s.step >= onset && s.M !== null && s.M >= at.M! + rise);
    return hit ? hit.step - onset : null;
  };
  return { onset, m_at_onset: at.M, steps_to_plus20: reach(20), steps_to_plus30: reach(30) };
}
