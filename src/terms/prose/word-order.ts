// Word-order guard (opt-in; not in seed 002): every other prose term is lexical and reads word order
// only inside 5-word windows, so shuffling a reply's words breaks the pairs, frames and opener chains
// they penalize and raises the reward (+0.091 on 300 held-out replies, docs/prose.md). The guard asks
// a reference LM how much worse the reply reads with its own words shuffled: the gap
// NLL(shuffled) − NLL(reply), in nats per token. Real prose keeps a clear gap (embedded LM: p5 ≈ 1.0
// for model replies, 1.2 for human passages); word salad has none (p95 ≈ 0.07), because shuffling it
// again changes nothing. factor = clip(gap / minGap, 0, 1). Comparing a reply with its own shuffle
// cancels what the words alone cost (names, rare words), so one minGap serves any vocabulary.
import { z } from "zod";
import { wordShuffle } from "../../text/word-shuffle.js";
import type { ModelClient } from "../../models/spec.js";

export const wordOrderOptions = z
  .object({
    enabled: z.boolean().default(false),
    /** Gap (nats/token) at and above which the factor is 1; below it the factor falls linearly to 0. */
    minGap: z.number().positive().default(0.5),
  })
  .strict();
export type WordOrderOptions = z.infer<typeof wordOrderOptions>;

/** The fixed context both versions follow (the server needs a non-empty one; the gap cancels it). */
export const WORD_ORDER_CONTEXT = "Text:";

export interface WordOrderMeasure {
  /** Mean NLL per token of the reply and of its shuffle. */
  nll: number;
  shuffledNll: number;
  gap: number;
}

export function wordOrderFactor(gap: number, minGap: number): number {
  return Math.min(1, Math.max(0, gap / minGap));
}

/**
 * Both versions of every text in one batch per version. The shuffle is seeded by `ids[i]`, so a row
 * always meets the same shuffle. A failed call rejects: the caller reports it per row, never as 0.
 */
export async function measureWordOrder(client: ModelClient, texts: readonly string[], ids: readonly string[]): Promise<WordOrderMeasure[]> {
  const shuffled = texts.map((t, i) => wordShuffle(t, `word-order/${ids[i]}`));
  const ask = (xs: readonly string[]) => client.continuationLogprobs(xs.map((t) => ({ context: WORD_ORDER_CONTEXT, continuation: ` ${t.trim()}` })));
  const [real, fake] = await Promise.all([ask(texts), ask(shuffled)]);
  const perToken = (r: { logprob: number; tokens: unknown[] }) => -r.logprob / Math.max(1, r.tokens.length);
  return real.map((r, i) => {
    const nll = perToken(r);
    const shuffledNll = perToken(fake[i]);
    return { nll, shuffledNll, gap: shuffledNll - nll };
  });
}
