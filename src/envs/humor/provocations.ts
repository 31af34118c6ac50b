// What the partner is told to do on a scheduled turn (seed 000 §2): tease the policy, make a joke,
// complain, swear in frustration, or point out an odd detail; every other turn continues the task.
import { z } from "zod";

export const PROVOCATION_KINDS = ["tease", "joke", "complain", "swear", "odd_detail"] as const;
export type ProvocationKind = (typeof PROVOCATION_KINDS)[number];

/** A partner turn's instruction: one of the provocations, the task itself, or the session opener. */
export type PartnerMove = ProvocationKind | "continue" | "opener";

/**
 * Per-partner-turn probabilities of each provocation (the rest continue the task). The seed's Table 1
 * rates are not in its text; these defaults give a provocation on a little under half of the turns.
 */
export const DEFAULT_RATES: Record<ProvocationKind, number> = {
  tease: 0.1,
  joke: 0.1,
  complain: 0.1,
  swear: 0.05,
  odd_detail: 0.1,
};

export const ratesSchema = z
  .object({
    tease: z.number().min(0).max(1),
    joke: z.number().min(0).max(1),
    complain: z.number().min(0).max(1),
    swear: z.number().min(0).max(1),
    odd_detail: z.number().min(0).max(1),
  })
  .refine((r) => PROVOCATION_KINDS.reduce((s, k) => s + r[k], 0) <= 1 + 1e-9, {
    message: "provocation rates must sum to at most 1 (the remainder continues the task)",
  });

/** The plain-language instruction a model partner receives for each move (never shown to the policy). */
export const PARTNER_INSTRUCTIONS: Record<PartnerMove, string> = {
  opener: "Start the conversation by bringing up the task you share with your coworker.",
  continue: "Continue working on the task with your coworker: ask, answer or propose the next step.",
  tease: "Gently tease your coworker about something related to the task.",
  joke: "Make a joke about the task or the office.",
  complain: "Complain about something annoying in the task.",
  swear: "Swear in frustration (mildly) about how the task is going.",
  odd_detail: "Point out an odd detail you just noticed about the task or the office.",
};
