// Topical grounding (SPEC §4): cosine similarity g_j of a policy reply's embedding to the embedding of
// the recent conversation (the `window` turns before the reply, joined in order). Credit
// g'_j = clip(g_j / floor, 0, 1); the turn passes the floor when g_j >= floor; F = share passing.
import { z } from "zod";
import type { Turn } from "../../core/types.js";
import type { TermMeta } from "../types.js";

/**
 * Default floor for the embedded USE-lite embedder: the 5th percentile of g for real human replies
 * (first 300 DailyDialog "work" dialogues, window 2: n = 2,235 replies, p5 = 0.1066, bootstrap 95% CI
 * 0.093–0.119, numpy percentile bootstrap, 2,000 resamples), measured by bench/humor-floor.ts (docs/humor.md).
 * A different embedder needs its own floor.
 */
export const USE_LITE_GROUNDING_FLOOR = 0.107;

export const groundingOptions = z.object({
  floor: z.number().gt(0).max(1).default(USE_LITE_GROUNDING_FLOOR),
  window: z.number().int().min(1).default(2),
});
export type GroundingOptions = z.infer<typeof groundingOptions>;

export const groundingMeta: TermMeta<GroundingOptions> = {
  name: "grounding",
  kind: "factor",
  needsModel: true,
  description: "Embedding similarity of each policy reply to the recent turns; F = share of turns at or above the floor.",
  options: groundingOptions,
};

/** The text a reply at `index` is compared with: the `window` turns before it (empty at the start). */
export function groundingWindow(turns: readonly Turn[], index: number, window: number): string {
  return turns
    .slice(Math.max(0, index - window), index)
    .map((t) => t.text)
    .join("\n");
}

export function groundingCredit(g: number, floor: number): number {
  return Math.min(1, Math.max(0, g / floor));
}

export function passesFloor(g: number, floor: number): boolean {
  return g >= floor;
}
