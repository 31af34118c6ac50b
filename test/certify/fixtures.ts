// Hand-made scored transcript banks for the certify tests: values chosen by hand (including
// zero-certification sessions in both arms, a rescued and a lost session, exact ties).
import type { Score, TranscriptRow } from "../../src/core/types.js";

/** First seed of the registry's "demo" evaluation set: never trained on, never used for a decision. */
export const DEMO_SEED0 = 20_000_000;

export const BASE_C = [0.62, 0, 0.71, 0.55, 0, 0.8, 0.43, 0.66, 0, 0.59, 0.7, 0.51];
export const TRAINED_C = [0.68, 0.52, 0.71, 0.49, 0, 0.83, 0, 0.74, 0.61, 0.66, 0.69, 0.58];
export const BASE_TASTE = [0.3, 0.25, 0.41, 0.22, 0.35, 0.5, 0.28, 0.33, 0.19, 0.4, 0.36, 0.27];
export const TRAINED_TASTE = [0.32, 0.31, 0.4, 0.25, 0.35, 0.49, 0.3, 0.39, 0.26, 0.41, 0.35, 0.3];

export function score(value: number | null, taste: number | null, instrument = "inst-A"): Score {
  return { value, terms: { taste: { value: taste }, screens: { value: value === null ? null : 1 } }, instrument, ...(value === null ? { error: "audience call failed" } : {}) };
}

export function session(seed: number, policyTexts: string[], s?: Score, meta: Record<string, unknown> = {}): TranscriptRow {
  const turns = policyTexts.flatMap((text, i) => [
    { speaker: "partner", text: `Partner line ${i} for session ${seed}.` },
    { speaker: "policy", text },
  ]);
  return { id: `s-${seed}`, seed, turns, meta: { policy_turns: policyTexts.length, ...meta }, ...(s ? { score: s } : {}) };
}

export function bank(values: number[], taste: number[], textFor: (i: number) => string[] = () => ["Sure, I can do that.", "Let me check the sheet."], instrument = "inst-A", seed0 = DEMO_SEED0): TranscriptRow[] {
  return values.map((v, i) => session(seed0 + i, textFor(i), score(v, taste[i], instrument)));
}
