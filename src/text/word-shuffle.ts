// Word shuffle: a reply's whitespace tokens in a seeded random order (src/core/random.ts). The audits
// use it as an adversarial transform and the prose word-order guard as the reply's own control.
import { createRng } from "../core/random.js";

/** Whitespace tokens in a seeded random order; retried so a reply of ≥ 2 distinct tokens always changes. */
export function wordShuffle(text: string, seed: number | string): string {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (new Set(tokens).size < 2) return tokens.join(" ");
  const rng = createRng(seed);
  for (let attempt = 0; attempt < 20; attempt++) {
    const shuffled = rng.shuffle(tokens);
    if (shuffled.join(" ") !== tokens.join(" ")) return shuffled.join(" ");
  }
  return [...tokens.slice(1), tokens[0]].join(" ");
}
