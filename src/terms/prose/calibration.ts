// The slop curve (SPEC §7): one density (weighted hits per 1,000 words), one curve. Scores 1 up to
// the human 75th percentile, then decays exponentially at a rate chosen so a typical base-model reply
// scores 0.4 while the densest human text still scores at least 0.8. When the two targets conflict
// the human one wins (penalizing real human prose is the worse error) and the fit says so.
import { InputError } from "../../core/errors.js";

export interface SlopCurveInputs {
  /** 75th percentile of human slop density (per 1,000 words). */
  humanP75: number;
  /** Density of a typical base-model reply (its median). */
  baseTypical: number;
  /** Density of the densest human text. */
  humanDensest: number;
  baseTarget?: number;
  humanFloor?: number;
}

export interface SlopCurve {
  humanP75: number;
  rate: number;
  /** What the fitted curve gives the typical base reply and the densest human text. */
  baseScore: number;
  densestHumanScore: number;
  constrainedBy: "base_target" | "human_floor";
}

export function fitSlopCurve(inputs: SlopCurveInputs): SlopCurve {
  const baseTarget = inputs.baseTarget ?? 0.4;
  const humanFloor = inputs.humanFloor ?? 0.8;
  const { humanP75, baseTypical, humanDensest } = inputs;
  if (!(baseTypical > humanP75)) {
    throw new InputError("calibration", `the typical base-model density (${baseTypical.toFixed(3)}/1k words) is not above the human 75th percentile (${humanP75.toFixed(3)}): the dictionary does not separate model from human text`);
  }
  const baseRate = Math.log(1 / baseTarget) / (baseTypical - humanP75);
  const humanRate = humanDensest > humanP75 ? Math.log(1 / humanFloor) / (humanDensest - humanP75) : Infinity;
  const rate = Math.min(baseRate, humanRate);
  const curve: SlopCurve = { humanP75, rate, baseScore: 0, densestHumanScore: 0, constrainedBy: humanRate < baseRate ? "human_floor" : "base_target" };
  curve.baseScore = slopFactor(baseTypical, curve);
  curve.densestHumanScore = slopFactor(humanDensest, curve);
  return curve;
}

export function slopFactor(density: number, curve: Pick<SlopCurve, "humanP75" | "rate">): number {
  return density <= curve.humanP75 ? 1 : Math.exp(-curve.rate * (density - curve.humanP75));
}

/**
 * BM25 term-frequency saturation (Robertson & Walker 1994), normalized so one hit counts 1:
 * s(n) = n (k1 + 1) / (n + k1). The k-th hit on the same hub adds s(k) − s(k−1) of its weight.
 */
export function saturationIncrement(k: number, k1: number): number {
  const s = (n: number): number => (n * (k1 + 1)) / (n + k1);
  return s(k) - s(k - 1);
}
