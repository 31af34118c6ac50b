// Real conversations against their twins (twins.ts), per score: paired deltas real − twin with t-based
// 95% intervals (scipy.stats.ttest_rel), and AUC(real > twin) over sessions with DeLong intervals. A
// reward that prefers on-topic, non-repetitive replies has deltas above zero and AUCs well above 0.5.
import { auc, mean, pairedT } from "../../stats/index.js";
import type { SessionBreakdown } from "./session.js";

export const COMPARED_SCORES = ["trainingReward", "C", "meanG", "G", "F", "S"] as const;
export type ComparedScore = (typeof COMPARED_SCORES)[number];
export type SessionFigures = Record<ComparedScore, number>;

/** The figures compared, from a scored session (which must have policy turns). */
export function sessionFigures(b: SessionBreakdown): SessionFigures {
  if (b.m === 0) throw new RangeError("a session without policy turns cannot be compared");
  return { trainingReward: b.trainingReward, C: b.C, meanG: mean(b.turns.map((t) => t.g)), G: b.G!, F: b.F!, S: b.S! };
}

export interface ScoreComparison {
  real: number;
  twin: number;
  /** Mean paired difference real − twin with its 95% t interval. */
  delta: number;
  ci: [number, number];
  t: number;
  /** AUC(real > twin) over sessions (ties count ½) with its DeLong 95% interval. */
  auc: number;
  aucCi: [number, number];
}

export interface TwinComparison {
  n: number;
  scores: Record<ComparedScore, ScoreComparison>;
}

export function compareTwins(real: readonly SessionFigures[], twin: readonly SessionFigures[]): TwinComparison {
  if (real.length !== twin.length) throw new RangeError(`real and twin sessions must pair up (${real.length} vs ${twin.length})`);
  const scores = {} as Record<ComparedScore, ScoreComparison>;
  for (const key of COMPARED_SCORES) {
    const a = real.map((f) => f[key]);
    const b = twin.map((f) => f[key]);
    const p = pairedT(a, b);
    const roc = auc(a, b);
    scores[key] = { real: mean(a), twin: mean(b), delta: p.meanDiff, ci: p.ci95, t: p.t, auc: roc.auc, aucCi: roc.ci };
  }
  return { n: real.length, scores };
}
