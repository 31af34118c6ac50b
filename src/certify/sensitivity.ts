// Scorer-revision sensitivity (SPEC §6, seed 000 §5): rescore the same conversations under a second
// instrument and report how much each delta moved, against a tolerance (seed: 0.01; RL-D's retention
// gain went +0.0257 -> +0.0242 under v2, within tolerance, while the taste gap went +0.0032 -> +0.0001).
import { InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { TranscriptRow } from "../core/types.js";
import type { PairedDelta } from "./paired-delta.js";

export interface DeltaShift {
  metric: string;
  delta_before: number | null;
  t_before: number | null;
  delta_after: number | null;
  t_after: number | null;
  /** after − before. */
  change: number | null;
  within_tolerance: boolean | null;
}

export interface SensitivityReport {
  instrument_before: string;
  instrument_after: string;
  tolerance: number;
  shifts: DeltaShift[];
  /** Metrics whose delta moved by more than the tolerance. */
  exceeded: string[];
}

export function scorerSensitivity(before: { instrument: string; deltas: Record<string, PairedDelta | null> }, after: { instrument: string; deltas: Record<string, PairedDelta | null> }, tolerance = 0.01): SensitivityReport {
  if (before.instrument === after.instrument) {
    throw new InputError("scorer sensitivity", `both scorings use instrument ${before.instrument.slice(0, 12)}; rescore with the revised instrument`);
  }
  const metrics = Object.keys(before.deltas).filter((m) => m in after.deltas);
  const shifts = metrics.map((metric): DeltaShift => {
    const b = before.deltas[metric];
    const a = after.deltas[metric];
    const change = a && b ? a.delta - b.delta : null;
    return {
      metric,
      delta_before: b?.delta ?? null,
      t_before: b?.t ?? null,
      delta_after: a?.delta ?? null,
      t_after: a?.t ?? null,
      change,
      within_tolerance: change === null ? null : Math.abs(change) <= tolerance,
    };
  });
  return {
    instrument_before: before.instrument,
    instrument_after: after.instrument,
    tolerance,
    shifts,
    exceeded: shifts.filter((s) => s.within_tolerance === false).map((s) => s.metric),
  };
}

/** Identity of the conversations themselves (seed and turn texts), so a rescoring can prove it kept them. */
export function conversationsFingerprint(rows: readonly TranscriptRow[]): string {
  const sorted = [...rows].sort((a, b) => a.seed - b.seed);
  return hashOf(sorted.map((r) => [r.seed, r.turns.map((t) => [t.speaker, t.text])]));
}

export function assertSameConversations(a: readonly TranscriptRow[], b: readonly TranscriptRow[], where: string): void {
  if (conversationsFingerprint(a) !== conversationsFingerprint(b)) {
    throw new InputError(where, "the rescored bank does not hold the same conversations (seeds or turn texts differ); scorer sensitivity needs the same transcripts scored twice");
  }
}
