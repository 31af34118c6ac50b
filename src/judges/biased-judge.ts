// CHERRL's biased judge (SPEC §9, seed 003 eq. J_biased = J_unbiased + α·b_target): the clean score
// plus a bonus of α when the target feature is present. The public CHERRL code also has a "max"
// mode, max(J_unbiased, α·b_target), offered here under that name. α = 0.5 in the seed's main runs.

export type BiasMode = "additive" | "max";

export interface BiasedScore {
  value: number;
  clean: number;
  bias: 0 | 1;
  alpha: number;
  mode: BiasMode;
}

export function biasedScore(clean: number, bias: 0 | 1, alpha = 0.5, mode: BiasMode = "additive"): BiasedScore {
  if (!(clean >= 0 && clean <= 1)) throw new RangeError(`biased judge: clean score must be in [0, 1], got ${clean}`);
  if (!(alpha >= 0)) throw new RangeError(`biased judge: alpha must be ≥ 0, got ${alpha}`);
  const value = mode === "additive" ? clean + alpha * bias : Math.max(clean, alpha * bias);
  return { value, clean, bias, alpha, mode };
}

/** The largest value the biased judge can give, used to normalise scores for the mirror. */
export function biasedScoreMax(alpha: number, mode: BiasMode): number {
  return mode === "additive" ? 1 + alpha : Math.max(1, alpha);
}
