// Self-repetition (SPEC §4): s_j = max over earlier policy replies i < j of |shared content words| /
// |content words of reply j| (lemmatized, stopwords removed, as sets); the first reply and a reply with
// no content words score 0. S = max_j s_j. Two modes, versioned:
// - "seed" (seed 000): every shared content word counts. On a real conversation the words a reply shares
//   with the policy's earlier replies are mostly the topic, which the partner keeps using too, so a
//   reply that changes the subject shares fewer of them and the term pays it (issue #22: S 0.075 for
//   off-topic swaps vs 0.198 for the real replies).
// - "beyond-partner": a shared word counts only when it is not in the recent partner turns (the
//   grounding window's partner turns): staying on the topic the partner is talking about is not
//   repetition; saying your own thing again is. The denominator stays |content words of reply j|.
import { z } from "zod";
import { contentWords } from "../../text/stopwords.js";

export const REPETITION_MODES = ["seed", "beyond-partner"] as const;
export type RepetitionMode = (typeof REPETITION_MODES)[number];

export const repetitionOptions = z.object({ mode: z.enum(REPETITION_MODES).default("seed") }).strict();
export type RepetitionOptions = z.infer<typeof repetitionOptions>;

/**
 * s_j for each reply, from each reply's content words. `excused[j]`, when given, holds words that do not
 * count as repeated in reply j (the recent partner turns' content words).
 */
export function selfRepetitionFromWords(replies: readonly (readonly string[])[], excused?: readonly (readonly string[])[]): number[] {
  const sets = replies.map((words) => new Set(words));
  const excusedSets = excused?.map((words) => new Set(words));
  return sets.map((own, j) => {
    if (own.size === 0) return 0;
    const free = excusedSets?.[j];
    let best = 0;
    for (let i = 0; i < j; i++) {
      let shared = 0;
      for (const w of own) if (sets[i].has(w) && !free?.has(w)) shared++;
      best = Math.max(best, shared / own.size);
    }
    return best;
  });
}

export function selfRepetition(replies: readonly string[]): number[] {
  return selfRepetitionFromWords(replies.map((r) => contentWords(r)));
}

/** s_j under a mode; `partnerRecent[j]` is the text of the partner turns in reply j's window. */
export function repetitionScores(replies: readonly string[], partnerRecent: readonly string[], mode: RepetitionMode): number[] {
  const words = replies.map((r) => contentWords(r));
  if (mode === "seed") return selfRepetitionFromWords(words);
  return selfRepetitionFromWords(
    words,
    partnerRecent.map((t) => contentWords(t)),
  );
}
