// How much more the model uses something than humans do, and the penalty that follows (seed 002:
// "anything the model uses at twice the human rate or less is dropped … above that, the penalty grows
// with the gap"). The growth is logarithmic so a 64× word is not 32× a 4× word.

/** Smoothing added to the human count, so an entry humans never used has a finite ratio. */
export const HUMAN_COUNT_PRIOR = 0.5;
export const MAX_WEIGHT = 8;

/** Model rate over human rate, both per word, with the human count smoothed by HUMAN_COUNT_PRIOR. */
export function rateRatio(modelCount: number, modelWords: number, humanCount: number, humanWords: number): number {
  if (modelWords <= 0 || humanWords <= 0) return 0;
  return modelCount / modelWords / ((humanCount + HUMAN_COUNT_PRIOR) / humanWords);
}

/** 0 at or below `floorRatio`×, then strength × log2(ratio / floorRatio), capped at MAX_WEIGHT. */
export function overuseWeight(ratio: number, floorRatio = 2, strength = 1): number {
  if (!(ratio > floorRatio)) return 0;
  return Math.min(MAX_WEIGHT, strength * Math.log2(ratio / floorRatio));
}
