// Option schemas the prose terms share or the presets fill (every value comes from the preset unless
// given; presets.ts). One schema object per key, so terms that read the same key share it.
import { z } from "zod";
import { PROSE_FACTORS } from "../factors.js";

/** Factors left out of the product (still reported, marked off); the gates cannot be turned off. */
export const offOption = z.array(z.enum(PROSE_FACTORS)).default([]);

export const readingOption = z.object({ view: z.boolean().optional(), spelling: z.object({ free: z.number().min(0).max(1), floorAt: z.number().min(0).max(1), floor: z.number().min(0).max(1) }).strict().optional(), markup: z.boolean(), unhide: z.boolean(), confusables: z.boolean(), markBudget: z.number().min(0).nullable() }).strict();

/** Marks a factor left out of the product in its details. */
export function markOff<T extends { details?: Record<string, unknown> }>(outcome: T, name: string, off: readonly string[]): T {
  return off.includes(name) ? { ...outcome, details: { ...outcome.details, off: true } } : outcome;
}
