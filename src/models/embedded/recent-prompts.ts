// The last few prompts the LM scored, with their per-position scores, so a prompt that shares a
// prefix with one of them copies that prefix's scores instead of recomputing them (the embedded LM's
// prefix cache). Exact: the scores at position i are a function of tokens 0..i alone.
import type { PromptScores } from "./lm.js";

/** Prompts kept by default; the demo's contexts come with a handful of continuations each, asked together. */
export const RECENT_PROMPTS = 16;
/**
 * Scores held at most, counted as positions × (1 + top-k): a bound on memory whatever clients send
 * (16 long prompts with 20 alternatives each would otherwise hold millions of objects for good).
 */
const MAX_HELD = 200_000;

interface Entry {
  scores: PromptScores;
  topK: number;
  withRanks: boolean;
}

export class RecentPrompts {
  private readonly entries: Entry[] = [];
  private held = 0;

  constructor(private readonly keep = RECENT_PROMPTS) {}

  /** The kept prompt sharing the most leading tokens with `tokens` (scored with the same top-k, ranks when asked), and how many. */
  longestPrefix(tokens: readonly string[], topK: number, withRanks: boolean): { scores: PromptScores; length: number } | undefined {
    let best: { scores: PromptScores; length: number } | undefined;
    let bestLength = 0;
    for (let e = this.entries.length - 1; e >= 0; e--) {
      const entry = this.entries[e];
      if (entry.topK !== topK || (withRanks && !entry.withRanks)) continue;
      const kept = entry.scores.tokens;
      const limit = Math.min(kept.length, tokens.length);
      // Only a prompt that also shares the token at bestLength can share more than the best so far:
      // that one comparison rules out most kept prompts without walking their whole shared prefix.
      if (bestLength > 0 && (bestLength >= limit || kept[bestLength] !== tokens[bestLength])) continue;
      let n = 0;
      while (n < limit && kept[n] === tokens[n]) n++;
      if (n > bestLength) {
        best = { scores: entry.scores, length: n };
        bestLength = n;
      }
    }
    return best;
  }

  add(scores: PromptScores, topK: number, withRanks: boolean): void {
    const weight = weightOf(scores, topK);
    if (this.keep === 0 || weight > MAX_HELD) return;
    while (this.entries.length > 0 && (this.entries.length >= this.keep || this.held + weight > MAX_HELD)) {
      const dropped = this.entries.shift()!;
      this.held -= weightOf(dropped.scores, dropped.topK);
    }
    this.entries.push({ scores, topK, withRanks });
    this.held += weight;
  }

  /** Scores held now (positions × (1 + top-k)), for tests. */
  get size(): number {
    return this.held;
  }
}

function weightOf(scores: PromptScores, topK: number): number {
  return scores.tokens.length * (1 + topK);
}
