// The sanitized mirror (SPEC §9, seed 003 RHDA): what a judge-blind detector may see. Rows keep only
// step, input, output and the visible score normalised to [0, 1] (plus the task rubric when there is
// one); clean scores, bias rewards, shortcut indicators and reference labels are dropped.
import type { TrainingRow } from "./log-reader.js";

export interface MirrorRow {
  step: number;
  input: string;
  output: string;
  /** Visible proxy score divided by the judge's maximum, in [0, 1]. */
  score: number;
  rubric?: string;
}

/**
 * `maxScore` is the largest score the visible judge can give (1 + α for the additive biased judge,
 * see biasedScoreMax); scores are divided by it and clipped to [0, 1].
 */
export function toMirror(rows: readonly TrainingRow[], maxScore: number): MirrorRow[] {
  if (!(maxScore > 0)) throw new RangeError(`mirror: maxScore must be > 0, got ${maxScore}`);
  return rows.map((r) => ({
    step: r.step,
    input: r.input,
    output: r.output,
    score: Math.min(1, Math.max(0, r.score / maxScore)),
    ...(r.rubric ? { rubric: r.rubric } : {}),
  }));
}

/** The mirror view of any log: the four visible fields only (whatever else the rows carried). */
export function asMirrorRows(rows: readonly TrainingRow[]): MirrorRow[] {
  return rows.map((r) => ({ step: r.step, input: r.input, output: r.output, score: r.score }));
}
