// `onset --log`: from a scored training log to the step signals, the reference onset, entanglement
// and exploitability (SPEC §9). The shortcut indicator comes from the configured bias detector.
import { InputError } from "../core/errors.js";
import { entanglement, exploitability, type Entanglement, type Exploitability } from "./dynamics.js";
import type { TrainingRow } from "./log-reader.js";
import { referenceOnset, smoothSignals, type ReferenceOnset, type SmoothedSignal } from "./reference-onset.js";
import { stepSignals, type StepSignal } from "./signals.js";

export interface LogOnsetAnalysis extends ReferenceOnset {
  n_rows: number;
  n_steps: number;
  signals: StepSignal[];
  smoothed: SmoothedSignal[];
  entanglement: Entanglement | null;
  exploitability: Exploitability | null;
}

export function analyseLog(rows: readonly TrainingRow[], hasShortcut: (output: string, input: string) => boolean, alpha = 0.5): LogOnsetAnalysis {
  const missingClean = rows.findIndex((r) => r.clean === null);
  if (missingClean >= 0) {
    throw new InputError(`log row ${missingClean + 1}`, "has no clean score (clean_score, main_score or score.terms.clean.value); the reward gap G needs it");
  }
  const shortcut = rows.map((r) => hasShortcut(r.output, r.input));
  const signals = stepSignals(rows.map((r, i) => ({ step: r.step, score: r.score, clean: r.clean as number, shortcut: shortcut[i] })));
  const smoothed = smoothSignals(signals);
  const reference = referenceOnset(smoothed);
  return {
    ...reference,
    n_rows: rows.length,
    n_steps: signals.length,
    signals,
    smoothed,
    entanglement: entanglement(rows.map((r, i) => ({ step: r.step, clean: r.clean as number, shortcut: shortcut[i] }))),
    exploitability: exploitability(smoothed, reference.canonical_onset, alpha),
  };
}
