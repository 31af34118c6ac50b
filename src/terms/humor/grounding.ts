// Topical grounding (SPEC §4): cosine similarity g_j of a policy reply's embedding to the embedding of
// the recent conversation (the `window` turns before the reply, joined in order). The turn passes the
// floor when g_j >= floor; F = share passing. Two credit forms, versioned:
// - "ratio" (seed 000 as SPEC §4 writes it): g'_j = clip(g_j / floor, 0, 1). Every reply above the floor
//   earns full credit, so an off-topic reply (real DailyDialog replies swapped across conversations,
//   mean g 0.236 > floor 0.107) earns as much as an on-topic one (issue #22).
// - "linear" (hardened): g'_j = clip((g_j − floor) / (ceiling − floor), 0, 1), rising from the floor to
//   a high percentile of real replies' g, so "higher embedding similarity … earns more credit", as the
//   seed says. It is flat above the ceiling: echoing the partner buys nothing a well-grounded reply
//   does not already get.
import { z } from "zod";
import type { Turn } from "../../core/types.js";
import { loadRelevanceReference, relevanceCredit } from "./relevance.js";

/**
 * Default floor for the embedded USE-lite embedder: the 5th percentile of g for real human replies
 * (first 300 DailyDialog "work" dialogues, window 2: n = 2,235 replies, p5 = 0.1066, bootstrap 95% CI
 * 0.093–0.119, numpy percentile bootstrap, 2,000 resamples), measured by `foolsgold calibrate-floor`
 * (docs/humor.md). A different embedder needs its own floor.
 */
export const USE_LITE_GROUNDING_FLOOR = 0.107;

/**
 * Default credit ceiling for USE-lite: the 90th percentile of g on the same 2,235 replies (p90 = 0.6052,
 * bootstrap 95% CI 0.592–0.617, 2,000 resamples), from the same `calibrate-floor` run.
 */
export const USE_LITE_GROUNDING_CEILING = 0.605;

/** "relevance" (hardened default since humor-stack-4): the credit of the turn's relevance (relevance.ts), not of g. */
export const GROUNDING_CREDIT_FORMS = ["ratio", "linear", "relevance"] as const;
export type GroundingCreditForm = (typeof GROUNDING_CREDIT_FORMS)[number];

export const groundingOptions = z
  .object({
    floor: z.number().gt(0).max(1).default(USE_LITE_GROUNDING_FLOOR),
    ceiling: z.number().gt(0).max(1).default(USE_LITE_GROUNDING_CEILING),
    window: z.number().int().min(1).default(2),
    credit: z.enum(GROUNDING_CREDIT_FORMS).default("linear"),
  })
  .strict();
export type GroundingOptions = z.infer<typeof groundingOptions>;

/** What the credit needs: the form and its calibration points. */
export interface GroundingCreditSettings {
  credit: GroundingCreditForm;
  floor: number;
  ceiling: number;
}

/** The text a reply at `index` is compared with: the `window` turns before it (empty at the start). */
export function groundingWindow(turns: readonly Turn[], index: number, window: number): string {
  return turns
    .slice(Math.max(0, index - window), index)
    .map((t) => t.text)
    .join("\n");
}

/** The seed's credit: g / floor clipped to [0, 1]. */
export function groundingCredit(g: number, floor: number): number {
  return Math.min(1, Math.max(0, g / floor));
}

/** The hardened credit: 0 at or below the floor, 1 at or above the ceiling, linear between. */
export function linearGroundingCredit(g: number, floor: number, ceiling: number): number {
  if (!(ceiling > floor)) throw new RangeError(`grounding ceiling (${ceiling}) must exceed the floor (${floor})`);
  return Math.min(1, Math.max(0, (g - floor) / (ceiling - floor)));
}

/** The turn's credit under the settings' form; "relevance" needs the turn's measured relevance r. */
export function creditFor(g: number, settings: GroundingCreditSettings, r?: number): number {
  if (settings.credit === "ratio") return groundingCredit(g, settings.floor);
  if (settings.credit === "linear") return linearGroundingCredit(g, settings.floor, settings.ceiling);
  if (r === undefined) throw new Error("the relevance credit needs the turn's relevance r (measure it with turnRelevance)");
  return relevanceCredit(r, loadRelevanceReference());
}

export function passesFloor(g: number, floor: number): boolean {
  return g >= floor;
}
