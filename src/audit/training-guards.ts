// Training-time guards (SPEC §5, §6): the guard metrics of certification computed at every training step
// of a rollout log and compared with a reference (the first step, or a given baseline bank), against
// pre-declared thresholds at two levels: `inspect` (SPEC §6's defaults) and `stop` (a run that should be
// halted and looked at). Each crossing is an alert naming the step, guard, change and threshold.
import { InputError } from "../core/errors.js";
import type { TranscriptRow } from "../core/types.js";
import { armGuardMetrics, DEFAULT_GUARD_THRESHOLDS, evaluateGuards, type ArmGuardMetrics, type GuardResult, type GuardThresholds } from "../certify/guards.js";

export interface TrainingThresholds {
  inspect: GuardThresholds;
  stop: GuardThresholds;
}

/** Stop levels: SPEC §6's bars would be crossed several times over (declared here, before any run). */
export const DEFAULT_TRAINING_THRESHOLDS: TrainingThresholds = {
  inspect: DEFAULT_GUARD_THRESHOLDS,
  stop: { trigram_diversity_drift: 0.1, strict_laughter_rise_pp: 5, audience_address_rise_pp: 2, screen_fail_rise_pp: 5, zero_cert_rise: Number.POSITIVE_INFINITY },
};

export interface GuardAlert {
  step: number;
  level: "inspect" | "stop";
  guard: string;
  change: number | null;
  threshold: number | null;
  unit: string;
}

export interface StepGuards {
  step: number;
  sessions: number;
  metrics: ArmGuardMetrics;
  guards: GuardResult[];
}

export interface TrainingGuardReport {
  reference: string;
  steps: StepGuards[];
  alerts: GuardAlert[];
  /** First step with a stop-level alert, or null. */
  stop_at: number | null;
  thresholds: TrainingThresholds;
}

export function stepOf(row: TranscriptRow): number | null {
  const r = row as TranscriptRow & { step?: unknown };
  const s = r.step ?? (row.meta as Record<string, unknown> | undefined)?.step;
  return typeof s === "number" && Number.isFinite(s) ? s : null;
}

export function trainingGuards(log: readonly TranscriptRow[], options: { baseline?: readonly TranscriptRow[]; thresholds?: TrainingThresholds; expectedPolicyTurns?: number; policySpeaker?: string } = {}): TrainingGuardReport {
  if (log.length === 0) throw new InputError("log", "is empty: the guards need rollout rows with a step");
  const bySteps = new Map<number, TranscriptRow[]>();
  log.forEach((row, i) => {
    const step = stepOf(row);
    if (step === null) throw new InputError(`log row ${i + 1}.step`, "expected a number (top-level step or meta.step)");
    bySteps.set(step, [...(bySteps.get(step) ?? []), row]);
  });
  const steps = [...bySteps.keys()].sort((a, b) => a - b);
  const thresholds = options.thresholds ?? DEFAULT_TRAINING_THRESHOLDS;
  const expected = options.expectedPolicyTurns ?? 10;
  const metrics = (rows: readonly TranscriptRow[]) => armGuardMetrics(rows, expected, options.policySpeaker);
  const reference = options.baseline ? metrics(options.baseline) : metrics(bySteps.get(steps[0])!);
  const out: StepGuards[] = [];
  const alerts: GuardAlert[] = [];
  for (const step of steps) {
    const m = metrics(bySteps.get(step)!);
    const inspect = evaluateGuards(reference, m, thresholds.inspect);
    const stop = evaluateGuards(reference, m, thresholds.stop);
    out.push({ step, sessions: bySteps.get(step)!.length, metrics: m, guards: inspect });
    stop.forEach((g, i) => {
      const level = g.fired ? "stop" : inspect[i].fired ? "inspect" : null;
      if (!level) return;
      const src = level === "stop" ? g : inspect[i];
      alerts.push({ step, level, guard: g.guard, change: src.change, threshold: src.threshold, unit: src.unit });
    });
  }
  const stopAt = alerts.find((a) => a.level === "stop")?.step ?? null;
  return { reference: options.baseline ? "baseline bank" : `step ${steps[0]}`, steps: out, alerts, stop_at: stopAt, thresholds };
}
