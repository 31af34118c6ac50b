// Certified retention (SPEC §4; seed 000 gives the inputs, not the formula): foolsgold's documented,
// versioned reconstruction C = B · F · (1 − S) · ((1 − w_t) + w_t · mean_j taste_j); an empty session
// scores 0. "Zero-certification" means C = 0 (a screen failure, no grounded turn, or total repetition).
import { z } from "zod";

export const CERTIFIED_FORMULA_VERSION = "humor-C-1";

export const certifiedOptions = z.object({
  formula: z.literal(CERTIFIED_FORMULA_VERSION).default(CERTIFIED_FORMULA_VERSION),
  w_t: z.number().min(0).max(1).default(0.25),
});
export type CertifiedOptions = z.infer<typeof certifiedOptions>;

export interface CertifiedInputs {
  /** Policy turns. */
  m: number;
  /** Share of turns passing the grounding floor. */
  F: number;
  /** Maximum self-repetition. */
  S: number;
  /** Per-turn taste in [0, 1]. */
  taste: readonly number[];
  /** 1 iff every policy turn passes the screens. */
  B: 0 | 1;
}

export function certifiedRetention(x: CertifiedInputs, options: Pick<CertifiedOptions, "w_t">): number {
  if (x.m === 0) return 0;
  const meanTaste = x.taste.reduce((s, v) => s + v, 0) / x.taste.length;
  return x.B * x.F * (1 - x.S) * (1 - options.w_t + options.w_t * meanTaste);
}
