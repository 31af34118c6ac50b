// Self-repetition (SPEC §4): s_j = max over earlier policy replies i < j of |shared content words| /
// |content words of reply j| (lemmatized, stopwords removed, as sets); the first reply and a reply with
// no content words score 0. S = max_j s_j.
import { z } from "zod";
import { contentWords } from "../../text/stopwords.js";
import type { TermMeta } from "../types.js";

export const repetitionMeta: TermMeta<Record<string, never>> = {
  name: "repetition",
  kind: "factor",
  needsModel: false,
  description: "Content-word overlap of each policy reply with the policy's earlier replies; S = the maximum.",
  options: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
};

/** s_j for each reply, from each reply's content words. */
export function selfRepetitionFromWords(replies: readonly (readonly string[])[]): number[] {
  const sets = replies.map((words) => new Set(words));
  return sets.map((own, j) => {
    if (own.size === 0) return 0;
    let best = 0;
    for (let i = 0; i < j; i++) {
      let shared = 0;
      for (const w of own) if (sets[i].has(w)) shared++;
      best = Math.max(best, shared / own.size);
    }
    return best;
  });
}

export function selfRepetition(replies: readonly string[]): number[] {
  return selfRepetitionFromWords(replies.map((r) => contentWords(r)));
}
