// The last few prompts the LM scored, with their per-position scores, so a prompt that shares a
// prefix with one of them copies that prefix's scores instead of recomputing them (the embedded LM's
// prefix cache). Exact: the scores at position i are a function of tokens 0..i alone.
import type { PromptScores } from "./lm.js";

/** Prompts kept by default; the demo's contexts come with a handful of continuations each, asked together. */
export const RECENT_PROMPTS = 16;
/** Longer prompts are not kept (their scores would hold memory for a rare repeat). */
const MAX_TOKENS = 20_000;

interface Entry {
  scores: PromptScores;
  topK: number;
  withRanks: boolean;
}

export class RecentPrompts {
  private readonly entries: Entry[] = [];

  constructor(private readonly keep = RECENT_PROMPTS) {}

  /** The kept prompt sharing the most leading tokens with `tokens` (scored with the same top-k, ranks when asked), and how many. */
  longestPrefix(tokens: readonly string[], topK: number, withRanks: boolean): { scores: PromptScores; length: number } | undefined {
    let best: { scores: PromptScores; length: number } | undefined;
    for (let e = this.entries.length - 1; e >= 0; e--) {
      const entry = this.entries[e];
      if (entry.topK !== topK || (withRanks && !entry.withRanks)) continue;
      const kept = entry.scores.tokens;
      const limit = Math.min(kept.length, tokens.length);
      let n = 0;
      while (n < limit && kept[n] === tokens[n]) n++;
      if (n > (best?.length ?? 0)) best = { scores: entry.scores, length: n };
    }
    return best;
  }

  add(scores: PromptScores, topK: number, withRanks: boolean): void {
    if (this.keep === 0 || scores.tokens.length > MAX_TOKENS) return;
    if (this.entries.length >= this.keep) this.entries.shift();
    this.entries.push({ scores, topK, withRanks });
  }
}
