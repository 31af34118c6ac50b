// Exact token alignment of the gold punchline inside an echoed (context + continuation) text.
// Rules (docs/vrcli.md): a token belongs to the punchline when it ends after the boundary, so the
// first punchline token always counts, including one that straddles the boundary; the echo's first
// token (log-prob null) can never be a punchline token because the context is never empty.
import type { ContinuationLogprob } from "../../models/spec.js";

/** The raw echo arrays of an OpenAI-compatible /v1/completions response (`choices[0].logprobs`). */
export interface EchoLogprobs {
  tokens: string[];
  token_logprobs: (number | null)[];
  text_offset: number[];
}

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

/** The tokens of an echo that cover text from `boundary` on, with their log-probs (nats). */
export function tokensAfterBoundary(echo: EchoLogprobs, boundary: number): PunchlineTokens {
  const tokens: string[] = [];
  const logprobs: number[] = [];
  for (let i = 0; i < echo.tokens.length; i++) {
    const end = echo.text_offset[i] + echo.tokens[i].length;
    if (end <= boundary) continue;
    const lp = echo.token_logprobs[i];
    if (lp === null || !Number.isFinite(lp)) {
      throw new AlignmentError(`punchline token ${JSON.stringify(echo.tokens[i])} at offset ${echo.text_offset[i]} has no finite log-prob`);
    }
    tokens.push(echo.tokens[i]);
    logprobs.push(lp);
  }
  if (tokens.length === 0) throw new AlignmentError(`no tokens after character ${boundary}`);
  return { tokens, logprobs };
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
