// Certified retention (SPEC §4; seed 000 gives the inputs, not the formula): foolsgold's documented,
// versioned reconstructions; an empty session scores 0. "Zero-certification" means C = 0.
// - humor-C-1 (seed-faithful): C = B · F · (1 − S) · ((1 − w_t) + w_t · mean_j taste_j). F only counts
//   turns above the floor, so an off-topic reply that clears it certifies as well as an on-topic one.
// - humor-C-2 (hardened): the same with F replaced by G = mean_j g'_j, the continuous grounding credit
//   (zero for a turn below the floor under the linear credit, so the floor still zeroes a session in
//   which no turn passes it).
// - humor-C-3 (hardened default since humor-stack-5): humor-C-2 with the mean self-repetition
//   S̄ = mean_j s_j in place of the maximum. The maximum is decided by one turn: a real speaker who says
//   one short line with a word of an earlier one ("Michael!" … "Michael, no.") gets s = 1 and C = 0,
//   while a reply taken from another conversation repeats nothing. On The Office (seasons 1–4, the
//   calibration split) that made C rank real replies above same-length swaps with AUC 0.61 although
//   their relevance alone ranked them at 0.80; with the mean, 0.77, and a reply said again at every
//   turn still scores (1 − S̄) = 1/m (bench/studies/humor-swaps-split.ts).
import { z } from "zod";

export const CERTIFIED_FORMULAS = ["humor-C-1", "humor-C-2", "humor-C-3"] as const;
export type CertifiedFormula = (typeof CERTIFIED_FORMULAS)[number];
/** The seed-faithful formula's version (kept under this name for older callers). */
export const CERTIFIED_FORMULA_VERSION: CertifiedFormula = "humor-C-1";

export const certifiedOptions = z
  .object({
    /** Defaults to the profile's (humor-C-3 hardened, humor-C-1 seed). */
    formula: z.enum(CERTIFIED_FORMULAS).optional(),
    w_t: z.number().min(0).max(1).default(0.25),
  })
  .strict();
export type CertifiedOptions = z.infer<typeof certifiedOptions>;

export interface CertifiedInputs {
  /** Policy turns. */
  m: number;
  /** Share of turns passing the grounding floor. */
  F: number;
  /** Mean grounding credit g'_j (humor-C-2's grounding factor). */
  G?: number;
  /** Maximum self-repetition. */
  S: number;
  /** Per-turn self-repetition s_j (humor-C-3 reads their mean). */
  s?: readonly number[];
  /** Per-turn taste in [0, 1]. */
  taste: readonly number[];
  /** 1 iff every policy turn passes the screens. */
  B: 0 | 1;
}

export function certifiedRetention(x: CertifiedInputs, options: { w_t: number; formula?: CertifiedFormula }): number {
  if (x.m === 0) return 0;
  const formula = options.formula ?? CERTIFIED_FORMULA_VERSION;
  if (formula !== "humor-C-1" && x.G === undefined) throw new RangeError(`${formula} needs the mean grounding credit G`);
  if (formula === "humor-C-3" && x.s?.length !== x.m) throw new RangeError("humor-C-3 needs every turn's self-repetition s_j");
  const grounding = formula === "humor-C-1" ? x.F : x.G!;
  const repetition = formula === "humor-C-3" ? x.s!.reduce((a, v) => a + v, 0) / x.m : x.S;
  const meanTaste = x.taste.reduce((s, v) => s + v, 0) / x.taste.length;
  return x.B * grounding * (1 - repetition) * (1 - options.w_t + options.w_t * meanTaste);
}
