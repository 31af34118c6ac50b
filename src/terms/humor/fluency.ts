// Fluency safeguard for the surprise gate (seed 000 §3): the mean negative log-likelihood per token of
// a reply given its conversation, from continuation log-probs. Surprising text should still be plausible
// language; word-shuffled text is not.
import { z } from "zod";
import type { ModelClient } from "../../models/spec.js";

export const fluencyOptions = z.object({
  /** A reply passes when its mean NLL (nats/token) is at most this. Calibrate per model. */
  max_nll: z.number().positive().default(6),
});
export type FluencyOptions = z.infer<typeof fluencyOptions>;

export interface FluencyResult {
  nll: number;
  tokens: number;
  pass: boolean;
}

/** Mean NLL of each `reply` after its `context` (the reply gets a leading space, as after "Name:"). */
export async function fluency(client: ModelClient, items: readonly { context: string; reply: string }[], options: FluencyOptions): Promise<FluencyResult[]> {
  const results = await client.continuationLogprobs(items.map((it) => ({ context: it.context, continuation: ` ${it.reply.trim()}` })));
  return results.map((r) => {
    const tokens = Math.max(1, r.tokens.length);
    const nll = -r.logprob / tokens;
    return { nll, tokens: r.tokens.length, pass: nll <= options.max_nll };
  });
}
