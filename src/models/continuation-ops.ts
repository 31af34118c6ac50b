// The two ways to get log P(continuation | context) from an OpenAI-compatible server, as named steps
// of the client (docs/models.md): echo (portable) and vLLM's prompt_logprobs. Each sends its requests
// through the transport and turns the answer into a ContinuationLogprob by the boundary rule.
import { InputError } from "../core/errors.js";
import { AmbiguousPromptLogprobs, ContinuationProblem, echoTokens, promptLogprobTokens, splitAtBoundary, type PromptToken } from "./continuation.js";
import { readEchoAnswer, type EchoAnswer } from "./echo-answer.js";
import { ModelError } from "./errors.js";
import type { EndpointRegistry } from "./limiter.js";
import { usageOf, type OpOutcome } from "./responses.js";
import type { BackendSpec, ContinuationLogprob } from "./spec.js";
import type { HttpResult, Transport } from "./transport.js";
import { completionResponse, parseWire, tokenizeResponse, type CompletionResponse } from "./wire.js";

export interface ContinuationDeps {
  spec: BackendSpec;
  transport: Transport;
  endpoints: EndpointRegistry;
}

/** One /completions request for many prompts (vLLM and the built-in server take a list), echoing each prompt's log-probs. */
export async function echoContinuations({ spec, transport, endpoints }: ContinuationDeps, pairs: readonly { context: string; continuation: string }[], signal?: AbortSignal): Promise<OpOutcome<ContinuationLogprob[]>> {
  const { endpoint, post } = transport;
  const texts = pairs.map((p) => p.context + p.continuation);
  // logprobs 1 by default: every server echoes the prompt's log-probs for it. 0 (each token's own
  // log-prob, no alternatives) is sent only where the backend declares it (echoLogprobs; the built-in
  // server does): current SGLang reads 0 as "output tokens only" and would skip the prompt.
  const logprobs = spec.echoLogprobs ?? 1;
  const body = (maxTokens: number) => ({
    ...spec.extraBody,
    model: spec.model,
    prompt: texts.length === 1 ? texts[0] : texts,
    echo: true,
    logprobs,
    max_tokens: maxTokens,
    temperature: 0,
  });
  let res: HttpResult;
  let attempts = 0;
  if (endpoints.echoNeedsOneToken.has(endpoint)) {
    res = await post("/completions", body(1), signal, false, readEchoAnswer);
  } else {
    try {
      res = await post("/completions", body(0), signal, false, readEchoAnswer);
    } catch (err) {
      // Some servers refuse max_tokens 0; ask once with 1 and remember the answer for this endpoint.
      if (!(err instanceof ModelError && err.kind === "http" && (err.status === 400 || err.status === 422))) throw err;
      attempts += err.attempts;
      res = await post("/completions", body(1), signal, false, readEchoAnswer);
      endpoints.echoNeedsOneToken.add(endpoint);
    }
  }
  attempts += res.attempts;
  const where = { endpoint, path: "/completions" };
  const parsed = parseEchoWire(res.json as EchoAnswer, where);
  if (parsed.choices.length !== texts.length) {
    throw new ModelError({ kind: "malformed", ...where }, `asked for ${texts.length} prompts, got ${parsed.choices.length} choices`);
  }
  const value = parsed.choices
    .map((c, i) => ({ c, i: typeof c.index === "number" ? c.index : i }))
    .sort((a, b) => a.i - b.i)
    .map(({ c }, i) => {
      const lp = c.logprobs;
      if (!lp) throw new ModelError({ kind: "unsupported", ...where }, `the response has no choices[${i}].logprobs: the server ignored logprobs/echo`);
      return continuationFrom(() => splitAtBoundary(echoTokens(lp, texts[i]), pairs[i].context.length), where);
    });
  return { value, attempts, status: res.status, usage: usageOf(parsed) };
}

export async function echoContinuation(deps: ContinuationDeps, context: string, continuation: string, signal?: AbortSignal): Promise<OpOutcome<ContinuationLogprob>> {
  const res = await echoContinuations(deps, [{ context, continuation }], signal);
  return { ...res, value: res.value[0] };
}

export async function promptLogprobsContinuation({ spec, transport }: ContinuationDeps, context: string, continuation: string, signal?: AbortSignal): Promise<OpOutcome<ContinuationLogprob>> {
  const { endpoint, post } = transport;
  const text = context + continuation;
  const body = { ...spec.extraBody, model: spec.model, prompt: text, max_tokens: 1, temperature: 0, prompt_logprobs: 0 };
  const res = await post("/completions", body, signal);
  let attempts = res.attempts;
  const where = { endpoint, path: "/completions" };
  const parsed = parseWire(completionResponse, res.json, where);
  const entries = parsed.choices[0].prompt_logprobs ?? parsed.prompt_logprobs;
  if (!entries) {
    throw new ModelError({ kind: "unsupported", ...where }, 'the response has no prompt_logprobs (not a vLLM server?); use continuationMethod "echo"');
  }
  let tokens: PromptToken[];
  try {
    tokens = continuationFrom(() => promptLogprobTokens(entries, text), where);
  } catch (err) {
    if (!(err instanceof AmbiguousPromptLogprobs)) throw err;
    const tok = await post("/tokenize", { model: spec.model, prompt: text }, signal, true);
    attempts += tok.attempts;
    const ids = parseWire(tokenizeResponse, tok.json, { endpoint, path: "/tokenize" }).tokens;
    tokens = continuationFrom(() => promptLogprobTokens(entries, text, ids), where);
  }
  const value = continuationFrom(() => splitAtBoundary(tokens, context.length), where);
  return { value, attempts, status: res.status, usage: usageOf(parsed) };
}

/** The answer as the wire schema reads it; where the lean value fails, the whole text's value says why (the error it always gave). */
function parseEchoWire(answer: EchoAnswer, where: { endpoint: string; path: string }): CompletionResponse {
  try {
    return parseWire(completionResponse, answer.lean, where);
  } catch (err) {
    if (!(err instanceof ModelError)) throw err;
    return parseWire(completionResponse, JSON.parse(answer.text), where);
  }
}

function continuationFrom<T>(compute: () => T, where: { endpoint: string; path: string }): T {
  try {
    return compute();
  } catch (err) {
    if (!(err instanceof ContinuationProblem)) throw err;
    if (err.kind === "input") throw new InputError("continuation", err.message);
    throw new ModelError({ kind: err.kind, ...where }, err.kind === "malformed" ? `malformed response: ${err.message}` : err.message);
  }
}
