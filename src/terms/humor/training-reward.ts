// The training reward (SPEC §4): smooth and additive, per policy turn, averaged over the session:
// r_j = w_floor·g'_j + w_rep·(1 − s_j) + w_taste·taste_j + w_screen·fail_j.
import { z } from "zod";

export const trainingWeights = z.object({
  floor: z.number(),
  rep: z.number(),
  taste: z.number(),
  screen: z.number(),
});
export type TrainingWeights = z.infer<typeof trainingWeights>;

/**
 * Seed 000's runs. The seed gives no screen weight for RL-C; foolsgold uses RL-D/E's −0.5 there too.
 * RL-C and RL-D scored with audience instrument v1 (policy-only laughter strip), RL-E with v2.
 */
export const PRESETS = {
  "RL-C": { weights: { floor: 0.5, rep: 0.2, taste: 0.3, screen: -0.5 }, normalization: "v1" },
  "RL-D": { weights: { floor: 0.2, rep: 0.2, taste: 0.6, screen: -0.5 }, normalization: "v1" },
  "RL-E": { weights: { floor: 0.2, rep: 0.2, taste: 0.6, screen: -0.5 }, normalization: "v2" },
} as const satisfies Record<string, { weights: TrainingWeights; normalization: "v1" | "v2" }>;
export type PresetName = keyof typeof PRESETS;

export interface TurnInputs {
  credit: number;
  repetition: number;
  taste: number;
  fail: boolean;
}

export function turnReward(t: TurnInputs, w: TrainingWeights): number {
  return w.floor * t.credit + w.rep * (1 - t.repetition) + w.taste * t.taste + w.screen * (t.fail ? 1 : 0);
}

/** Session mean of r_j; a session without policy turns earns 0 (nothing to reward). */
export function sessionTrainingReward(turns: readonly TurnInputs[], w: TrainingWeights): number {
  if (turns.length === 0) return 0;
  let sum = 0;
  for (const t of turns) sum += turnReward(t, w);
  return sum / turns.length;
}
