// Pure arithmetic of continuation log-probs: which tokens of context + continuation belong to the
// continuation, and how vLLM's prompt_logprobs (ids and decoded strings, no offsets) map back onto
// character offsets. Throws ContinuationProblem with a plain sentence; the client turns it into a
// ModelError naming the endpoint.
import type { ContinuationLogprob, TokenLogprob } from "./spec.js";
import type { PromptLogprobs } from "./wire.js";

export class ContinuationProblem extends Error {
  constructor(
    readonly kind: "malformed" | "unsupported" | "input",
    message: string,
  ) {
    super(message);
    this.name = "ContinuationProblem";
  }
}

export interface PromptToken {
  token: string;
  /** null only where the server has no log-prob (the first prompt token). */
  logprob: number | null;
  /** The token's span in context + continuation, [offset, end); zero-width for BOS and other specials. */
  offset: number;
  end: number;
}

/**
 * Splits the prompt tokens of `context + continuation` at the context boundary. A token belongs to
 * the continuation when it starts at or after the boundary, or straddles it (starts before, ends
 * after): tokenizers often merge the space or punctuation at the join, and dropping that token would
 * lose part of the continuation's probability. A zero-width token without a log-prob (BOS) carries
 * no text and is never part of the continuation.
 */
export function splitAtBoundary(prompt: PromptToken[], contextLength: number): ContinuationLogprob {
  const picked: TokenLogprob[] = [];
  let firstPicked = -1;
  for (let i = 0; i < prompt.length; i++) {
    const { token, logprob, offset, end } = prompt[i];
    const inContinuation = offset >= contextLength || end > contextLength;
    if (!inContinuation || (logprob === null && end === offset)) continue;
    if (firstPicked < 0) firstPicked = i;
    if (logprob === null) {
      throw new ContinuationProblem(
        i === 0 ? "input" : "malformed",
        i === 0 ? "the continuation begins at the prompt's first token, which has no log-probability: give a non-empty context" : `token ${i} (${JSON.stringify(token)}) has a null log-probability`,
      );
    }
    picked.push({ token, logprob, offset });
  }
  if (picked.length === 0) {
    throw new ContinuationProblem("malformed", `the server returned no tokens at or after the continuation start (offset ${contextLength})`);
  }
  return { logprob: picked.reduce((sum, t) => sum + t.logprob, 0), tokens: picked, contextTokenCount: firstPicked };
}

/**
 * Echo-mode prompt tokens from the completions `logprobs` parallel arrays. The server's text_offset
 * is only trusted to say the prompt was echoed (first offset 0, or -1 where the server sends no
 * offsets, as SGLang does): servers compute it by adding up the
 * lengths of per-token decoded strings, which drifts from the real text for sentencepiece pieces
 * (their decoded strings drop the leading space) and byte-fallback pieces (a partial UTF-8 character
 * decodes to U+FFFD). Spans are rebuilt by aligning the token strings with the text instead;
 * tokens after the end of the text (generated when the server needed max_tokens ≥ 1) are dropped.
 */
export function echoTokens(lp: { tokens: string[]; token_logprobs: (number | null)[]; text_offset: number[] }, text: string): PromptToken[] {
  const n = lp.tokens.length;
  if (lp.token_logprobs.length !== n || lp.text_offset.length !== n) {
    throw new ContinuationProblem("malformed", `logprobs arrays differ in length (tokens ${n}, token_logprobs ${lp.token_logprobs.length}, text_offset ${lp.text_offset.length})`);
  }
  if (n === 0) throw new ContinuationProblem("malformed", "the server returned no tokens");
  // -1 is SGLang's "offset unknown": the alignment below still proves the tokens spell the prompt.
  if (lp.text_offset[0] !== 0 && lp.text_offset[0] !== -1) {
    throw new ContinuationProblem("unsupported", `the first token starts at offset ${lp.text_offset[0]}, not 0: the server did not echo the prompt`);
  }
  lp.token_logprobs.forEach((value, i) => {
    if (value !== null && !(value <= 0)) {
      throw new ContinuationProblem("malformed", `token ${i} (${JSON.stringify(lp.tokens[i])}) has log-probability ${value}; a log-probability must be ≤ 0`);
    }
  });
  return alignTokens(lp.tokens, text).map((span, i) => ({ token: lp.tokens[i], logprob: lp.token_logprobs[i], ...span }));
}

const SPECIAL_TOKEN = /^(<\|[^|]*\|>|<\/?s>|<unk>|<pad>|\[[A-Z]+\])$/;
const REPLACEMENT = "\uFFFD";

/**
 * Spans of `tokens` in `text`, reading forward until the text is used up. A token either matches the
 * text at the cursor; or matches after whitespace its decoded string dropped (it then owns that
 * whitespace); or is a special token absent from the text (zero width); or belongs to a run of
 * byte-fallback pieces (containing U+FFFD) that together cover the characters up to where the next
 * clean token matches — every piece of the run gets the run's whole span, so a run that straddles
 * the boundary goes to the continuation entire.
 */
export function alignTokens(tokens: string[], text: string): { offset: number; end: number }[] {
  const spans: { offset: number; end: number }[] = [];
  let cursor = 0;
  let i = 0;
  const matchAt = (token: string, at: number): number | undefined => {
    if (token.length > 0 && text.startsWith(token, at)) return at + token.length;
    let skip = at;
    while (skip < text.length && /\s/.test(text[skip])) skip++;
    if (skip > at && token.length > 0 && text.startsWith(token, skip)) return skip + token.length;
    return undefined;
  };
  while (i < tokens.length && cursor < text.length) {
    const token = tokens[i];
    const end = matchAt(token, cursor);
    if (end !== undefined) {
      spans.push({ offset: cursor, end });
      cursor = end;
      i++;
    } else if (token.includes(REPLACEMENT)) {
      let j = i;
      while (j < tokens.length && tokens[j].includes(REPLACEMENT)) j++;
      const runEnd = j < tokens.length ? nextMatch(tokens[j], cursor + 1, j - i) : text.length;
      if (runEnd === undefined) throw misaligned(i, token, cursor);
      for (let k = i; k < j; k++) spans.push({ offset: cursor, end: runEnd });
      cursor = runEnd;
      i = j;
    } else if (token.length === 0 || SPECIAL_TOKEN.test(token)) {
      spans.push({ offset: cursor, end: cursor });
      i++;
    } else {
      throw misaligned(i, token, cursor);
    }
  }
  if (cursor < text.length) {
    throw new ContinuationProblem("malformed", `the server's ${tokens.length} tokens cover only ${cursor} of the text's ${text.length} characters`);
  }
  return spans;

  /**
   * Where the clean token after a byte run starts: the earliest match. A piece holds a few bytes (and
   * maybe a space) and a UTF-16 unit is at least one byte, so 4 units per piece bounds the search.
   */
  function nextMatch(token: string, from: number, pieces: number): number | undefined {
    for (let at = from; at <= Math.min(text.length, from + 4 * pieces); at++) {
      if (matchAt(token, at) !== undefined) return at;
    }
    return undefined;
  }
}

function misaligned(index: number, token: string, cursor: number): ContinuationProblem {
  return new ContinuationProblem("malformed", `cannot align echoed token ${index} (${JSON.stringify(token)}) with the text at offset ${cursor}; the server's tokens do not spell the prompt`);
}

/**
 * Turns vLLM prompt_logprobs into offset tokens. Each entry maps token ids to {logprob, decoded_token};
 * the prompt's own token is the only key when prompt_logprobs is 0, otherwise `ids` (from /tokenize)
 * pick it. Offsets are rebuilt from the end of the text backwards by matching decoded strings, so a
 * BOS token (first, null, not in the text) gets an empty span. Whitespace a tokenizer folds into a
 * word piece (sentencepiece "▁") but drops from the decoded string is given to the following token.
 */
export function promptLogprobTokens(entries: PromptLogprobs, text: string, ids?: number[]): PromptToken[] {
  if (entries.length === 0) throw new ContinuationProblem("malformed", "prompt_logprobs is empty");
  if (ids && ids.length !== entries.length) {
    throw new ContinuationProblem("malformed", `/tokenize gave ${ids.length} tokens but prompt_logprobs has ${entries.length} entries`);
  }
  const chosen = entries.map((entry, i) => {
    if (entry === null) {
      if (i === 0) return null;
      throw new ContinuationProblem("malformed", `prompt_logprobs[${i}] is null (only the first entry may be)`);
    }
    const keys = Object.keys(entry);
    const key = keys.length === 1 ? keys[0] : ids ? String(ids[i]) : undefined;
    if (key === undefined) return "ambiguous" as const;
    const value = entry[key];
    if (!value) throw new ContinuationProblem("malformed", `prompt_logprobs[${i}] lacks the prompt token id ${key}`);
    if (typeof value.decoded_token !== "string") {
      throw new ContinuationProblem("malformed", `prompt_logprobs[${i}]["${key}"].decoded_token is missing`);
    }
    return { token: value.decoded_token, logprob: value.logprob };
  });
  if (chosen.includes("ambiguous")) throw new AmbiguousPromptLogprobs();

  const known = chosen as { token: string; logprob: number }[];
  try {
    return alignBackward(known, text);
  } catch (err) {
    if (!(err instanceof ContinuationProblem)) throw err;
    // Byte-fallback pieces (U+FFFD) defeat matching from the end; align forward instead, trying each
    // length of the first token (whose string the server does not send) until the rest fits the text.
    const rest = known.slice(1).map((t) => t.token);
    for (let start = 0; start <= Math.min(text.length, MAX_FIRST_TOKEN_CHARS); start++) {
      let spans: { offset: number; end: number }[];
      try {
        spans = alignTokens(rest, text.slice(start));
      } catch {
        continue;
      }
      if (spans.length !== rest.length) continue;
      return [{ token: text.slice(0, start), logprob: null, offset: 0, end: start }, ...spans.map((span, i) => ({ ...known[i + 1], offset: span.offset + start, end: span.end + start }))];
    }
    throw err;
  }
}

/** The server never names the first prompt token; no tokenizer has pieces longer than this. */
const MAX_FIRST_TOKEN_CHARS = 64;

function alignBackward(chosen: { token: string; logprob: number }[], text: string): PromptToken[] {
  const out: Omit<PromptToken, "end">[] = new Array(chosen.length);
  let end = text.length;
  for (let i = chosen.length - 1; i >= 1; i--) {
    const { token, logprob } = chosen[i];
    let start = end - token.length;
    if (text.slice(start, end) !== token) {
      const trimmed = text.slice(0, end).replace(/\s+$/, "").length;
      start = trimmed - token.length;
      if (trimmed === end || text.slice(start, trimmed) !== token) {
        throw new ContinuationProblem("malformed", `cannot align prompt token ${i} (${JSON.stringify(token)}) with the text before offset ${end}; use continuationMethod "echo"`);
      }
      if (i + 1 >= chosen.length) {
        throw new ContinuationProblem("malformed", "the prompt's trailing whitespace matches no decoded token");
      }
      out[i + 1] = { ...out[i + 1], offset: trimmed };
    }
    out[i] = { token, logprob, offset: start };
    end = start;
  }
  out[0] = { token: text.slice(0, end), logprob: null, offset: 0 };
  return out.map((t, i) => ({ ...t, end: i + 1 < out.length ? out[i + 1].offset : text.length }));
}

/** Signals that prompt_logprobs entries carry several ids and /tokenize is needed to pick the prompt's. */
export class AmbiguousPromptLogprobs extends Error {
  constructor() {
    super("prompt_logprobs entries carry several token ids; token ids from /tokenize are needed");
    this.name = "AmbiguousPromptLogprobs";
  }
}
