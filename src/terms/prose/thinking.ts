// Thinking length (SPEC §7, seed 002): the first 600 thinking words are free; after that the factor
// falls smoothly (a half cosine, so it has no kink at either end) and reaches 0 at 1,200 words.

export const FREE_THINKING_WORDS = 600;
export const ZERO_THINKING_WORDS = 1200;

export function thinkingFactor(words: number, free = FREE_THINKING_WORDS, zero = ZERO_THINKING_WORDS): number {
  if (words <= free) return 1;
  if (words >= zero) return 0;
  return 0.5 * (1 + Math.cos((Math.PI * (words - free)) / (zero - free)));
}
