// The VR-CLI reward (Gurung & Lapata 2025; SPEC §8): relative perplexity improvement of the gold
// punchline when the policy's reasoning is added to the reference LM's context, floored at 0;
// −1 when the completion has no usable reasoning.
export const BROKEN_REASONING_REWARD = -1;

/** max(0, (base − plus) / base) for perplexities base, plus > 0. */
export function vrcliReward(basePerplexity: number, plusPerplexity: number): number {
  if (!(basePerplexity > 0) || !(plusPerplexity > 0) || !Number.isFinite(basePerplexity) || !Number.isFinite(plusPerplexity)) {
    throw new RangeError(`perplexities must be finite and positive, got base ${basePerplexity}, plus ${plusPerplexity}`);
  }
  return Math.max(0, (basePerplexity - plusPerplexity) / basePerplexity);
}

/**
 * The hardened reward (vrcli-2): the improvement beyond the best control candidate of the reasoning given
 * alone, max(0, (control − plus) / base), where control = min(base, the lowest perplexity any one
 * candidate the answer does not state gives). Listing candidate answers the policy does not commit to,
 * one of which holds the punchline, earns nothing beyond that candidate.
 */
export function controlledVrcliReward(basePerplexity: number, plusPerplexity: number, controlPerplexity: number): number {
  vrcliReward(basePerplexity, plusPerplexity);
  if (!(controlPerplexity > 0) || !Number.isFinite(controlPerplexity)) throw new RangeError(`control perplexity must be finite and positive, got ${controlPerplexity}`);
  return Math.max(0, (Math.min(basePerplexity, controlPerplexity) - plusPerplexity) / basePerplexity);
}
