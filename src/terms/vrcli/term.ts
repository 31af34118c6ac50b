// The VR-CLI term: completions in, rewards out, through a fixed reference LM. All reference
// requests for a batch (a group of samples of one joke, or an evaluation set) go out in one batched
// continuationLogprobs call (lists of up to 32 prompts per HTTP request), with duplicates removed:
// the base context is shared by every sample of a joke, and identical reasonings share their plus
// context, so a group of 8 costs one request.
import { z } from "zod";
import { errorMessage } from "../../core/errors.js";
import { ModelError } from "../../models/errors.js";
import type { ContinuationLogprob, ModelClient } from "../../models/spec.js";
import { contentWords } from "../../text/stopwords.js";
import { parseCompletion, type ReasoningProblem } from "./think.js";
import { checkedPunchlineLogprobs, perplexity } from "./alignment.js";
import { BROKEN_REASONING_REWARD, controlledVrcliReward, vrcliReward } from "./reward.js";
import { baseContext, plusContext, punchlineContinuation } from "./template.js";

export const vrcliOptions = z.object({
  /** Accept "reasoning</think>answer" without an opening tag (templates that open the block in the prompt). */
  implicitOpen: z.boolean().default(false),
  /** Score a reply without think tags as all reasoning (policies that cannot emit tags, e.g. the embedded LM). */
  wholeReply: z.boolean().default(false),
  /**
   * "hardened" (default): the improvement is controlled against the reasoning's candidates given
   * without the reasoning (CANDIDATE_CONTROL below); "seed": the paper's formula as written.
   */
  preset: z.enum(["hardened", "seed"]).default("hardened"),
});
export type VrcliOptions = z.infer<typeof vrcliOptions>;

export interface VrcliItem {
  setup: string;
  punchline: string;
  completion: string;
}

export interface VrcliDetails {
  reasoning_problem?: ReasoningProblem;
  answer: string;
  base_perplexity?: number;
  plus_perplexity?: number;
  /** Hardened: the lowest perplexity any one control candidate (a sentence not stating the answer) gives alone, and how many there were. */
  control_perplexity?: number;
  candidates?: number;
  /** Punchline tokens as the reference tokenized them (counted in both perplexities). */
  punchline_tokens?: number;
}

/** value null + error when the reference failed; −1 for broken reasoning; otherwise the reward. */
export interface VrcliOutcome {
  value: number | null;
  details: VrcliDetails;
  error?: string;
}

interface Pair {
  context: string;
  continuation: string;
}

type Plan = { broken: true; problem: ReasoningProblem; answer: string } | { broken: false; answer: string; base: string; plus: string; baseIndex: number; plusIndex: number; candidates: { context: string; index: number }[] };

/**
 * The candidates of a reasoning: its sentences (and lines). A reasoning that lists candidate answers
 * ("Why …? Because …. Why …? …") is worth no more than its best candidate given alone; a reasoning
 * that works toward one answer is worth more than any one of its sentences.
 */
export function reasoningCandidates(reasoning: string): string[] {
  return [
    ...new Set(
      reasoning
        .split(/\n+|(?<=[.!?…])\s+/u)
        .map((s) => s.trim())
        .filter((s) => /[\p{L}\p{N}]/u.test(s)),
    ),
  ];
}

/**
 * A candidate states the answer when each holds at least half of the other's content words: the same
 * line in other words, not a sentence that merely shares one ("money" in a joke about a bank).
 */
export function agreesWithAnswer(candidate: string, answer: string): boolean {
  const a = new Set(contentWords(answer));
  const c = new Set(contentWords(candidate));
  if (a.size === 0 || c.size === 0) return false;
  let shared = 0;
  for (const w of a) if (c.has(w)) shared++;
  return shared / a.size >= 0.5 && shared / c.size >= 0.5;
}

/**
 * The control candidates: the reasoning's candidates other than those that state the policy's own
 * answer. Reasoning toward the answer it gives is paid for what it adds beyond every candidate it did
 * not commit to; a list of candidates the answer ignores earns nothing beyond the best of them.
 */
export function controlCandidates(reasoning: string, answer: string): string[] {
  return reasoningCandidates(reasoning).filter((c) => !agreesWithAnswer(c, answer));
}

type PairResult = { ok: true; value: ContinuationLogprob } | { ok: false; error: string };

/**
 * Whether a failed batch is worth splitting: a request-specific problem (a 4xx such as a prompt over
 * the reference's context length, or an odd response) may concern one pair only; an unreachable,
 * timed-out or 5xx server fails every pair alike, and retrying them one by one would only multiply
 * the wait.
 */
function requestSpecific(err: unknown): boolean {
  if (!(err instanceof ModelError)) return true;
  return (err.kind === "http" && err.status !== undefined && err.status < 500) || err.kind === "malformed";
}

/** One batched call for all pairs; a request-specific failure is retried pair by pair so it fails only its rows. */
async function scorePairs(reference: ModelClient, pairs: Pair[], signal?: AbortSignal): Promise<PairResult[]> {
  if (pairs.length === 0) return [];
  try {
    const results = await reference.continuationLogprobs(pairs, { signal, batch: true });
    return results.map((value) => ({ ok: true, value }));
  } catch (batchError) {
    if (pairs.length === 1 || signal?.aborted || !requestSpecific(batchError)) return pairs.map(() => ({ ok: false, error: errorMessage(batchError) }));
    return Promise.all(
      pairs.map(async (pair): Promise<PairResult> => {
        try {
          const [value] = await reference.continuationLogprobs([pair], { signal });
          return { ok: true, value };
        } catch (err) {
          return { ok: false, error: errorMessage(err) };
        }
      }),
    );
  }
}

export async function scoreVrcli(reference: ModelClient, items: readonly VrcliItem[], options: Partial<VrcliOptions> & { signal?: AbortSignal } = {}): Promise<VrcliOutcome[]> {
  const pairs: Pair[] = [];
  const pairIndex = new Map<string, number>();
  const indexOf = (context: string, continuation: string): number => {
    const key = `${context}\u0000${continuation}`;
    let index = pairIndex.get(key);
    if (index === undefined) {
      index = pairs.push({ context, continuation }) - 1;
      pairIndex.set(key, index);
    }
    return index;
  };

  // Callers that pass no preset (the jokes environment's signal and evaluation) keep the paper's formula;
  // the vrcli stack parses its options, so its default is "hardened".
  const preset = options.preset ?? "seed";
  const plans = items.map((item): Plan => {
    const parsed = parseCompletion(item.completion, { implicitOpen: options.implicitOpen, wholeReply: options.wholeReply });
    if (!parsed.ok) return { broken: true, problem: parsed.problem, answer: parsed.answer };
    const continuation = punchlineContinuation(item.punchline);
    const base = baseContext(item.setup);
    const plus = plusContext(item.setup, parsed.reasoning);
    const baseIndex = indexOf(base, continuation);
    const plusIndex = indexOf(plus, continuation);
    const candidates = preset === "seed" ? [] : controlCandidates(parsed.reasoning, parsed.answer).map((c) => ({ context: plusContext(item.setup, c), index: indexOf(plusContext(item.setup, c), continuation) }));
    return { broken: false, answer: parsed.answer, base, plus, baseIndex, plusIndex, candidates };
  });

  const results = await scorePairs(reference, pairs, options.signal);

  return plans.map((plan): VrcliOutcome => {
    if (plan.broken) return { value: BROKEN_REASONING_REWARD, details: { reasoning_problem: plan.problem, answer: plan.answer } };
    const details: VrcliDetails = { answer: plan.answer };
    const baseResult = results[plan.baseIndex];
    const plusResult = results[plan.plusIndex];
    if (!baseResult.ok) return { value: null, details, error: `reference (base context): ${baseResult.error}` };
    if (!plusResult.ok) return { value: null, details, error: `reference (plus context): ${plusResult.error}` };
    try {
      const baseTokens = checkedPunchlineLogprobs(baseResult.value, plan.base);
      const plusTokens = checkedPunchlineLogprobs(plusResult.value, plan.plus);
      details.base_perplexity = perplexity(baseTokens.logprobs);
      details.plus_perplexity = perplexity(plusTokens.logprobs);
      details.punchline_tokens = baseTokens.logprobs.length;
      if (preset === "seed") return { value: vrcliReward(details.base_perplexity, details.plus_perplexity), details };
      let control = details.base_perplexity;
      for (const candidate of plan.candidates) {
        const result = results[candidate.index];
        if (!result.ok) return { value: null, details, error: `reference (candidate context): ${result.error}` };
        control = Math.min(control, perplexity(checkedPunchlineLogprobs(result.value, candidate.context).logprobs));
      }
      details.control_perplexity = control;
      details.candidates = plan.candidates.length;
      return { value: controlledVrcliReward(details.base_perplexity, details.plus_perplexity, control), details };
    } catch (err) {
      return { value: null, details, error: `reference alignment: ${errorMessage(err)}` };
    }
  });
}
