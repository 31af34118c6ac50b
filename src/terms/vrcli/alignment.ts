// Exact token alignment of the gold punchline. The client splits echoed tokens at the context
// boundary (src/models/continuation.ts: a token belongs to the continuation when it starts at or
// after the boundary or straddles it); this module checks the result against what the reward needs
// — the first punchline token present, every log-prob finite — and turns log-probs into perplexity.
import type { ContinuationLogprob } from "../../models/spec.js";

export interface PunchlineTokens {
  tokens: string[];
  logprobs: number[];
}

export class AlignmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AlignmentError";
  }
}

/**
 * Checks a client's continuation result against the alignment rules and returns its per-token
 * log-probs: at least one token, the first starting at or before the boundary (otherwise the
 * first punchline token was dropped — the seed's off-by-one), every log-prob finite.
 */
export function checkedPunchlineLogprobs(result: ContinuationLogprob, context: string): PunchlineTokens {
  if (result.tokens.length === 0) throw new AlignmentError("the reference returned no punchline tokens");
  const first = result.tokens[0];
  if (first.offset > context.length) {
    throw new AlignmentError(`first punchline token starts at ${first.offset}, after the boundary ${context.length}: a token was dropped`);
  }
  const logprobs = result.tokens.map((t) => {
    if (!Number.isFinite(t.logprob)) throw new AlignmentError(`punchline token ${JSON.stringify(t.token)} has no finite log-prob`);
    return t.logprob;
  });
  return { tokens: result.tokens.map((t) => t.token), logprobs };
}

/** exp(−mean token log-prob): defined for one token (exp(−lp)); an empty list is an error, not NaN. */
export function perplexity(logprobs: readonly number[]): number {
  if (logprobs.length === 0) throw new AlignmentError("perplexity of zero tokens is undefined");
  let sum = 0;
  for (const lp of logprobs) sum += lp;
  return Math.exp(-sum / logprobs.length);
}
