// `jokes evaluate` (SPEC §8, seed 001's evaluate): n held-out jokes (default 64), greedy decoding,
// mean VR-CLI reward with its t interval, the share of −1s (broken reasoning) and every failure.
import { createRng } from "../../core/random.js";
import type { ModelClient } from "../../models/spec.js";
import { scoreVrcli, type VrcliItem } from "../../terms/vrcli/term.js";
import type { Joke } from "./joke.js";
import { samplePunchlines } from "./policy.js";
import type { JokePolicyClient } from "./retrieval-policy.js";
import { reasoningSignal, type SignalResult } from "./signal.js";
import { meanWithCi, shareWithCi, type MeanSummary, type ShareSummary } from "./summary.js";

export interface EvaluateOptions {
  n?: number;
  seed?: number | string;
  maxTokens?: number;
  implicitOpen?: boolean;
  wholeReply?: boolean;
  /** Also run the constructed-reasoning signal check on the same jokes. */
  signalCheck?: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface EvaluatedSample {
  joke_id: string;
  setup: string;
  gold: string;
  completion: string | null;
  finish_reason: string | null;
  reward: number | null;
  base_perplexity?: number;
  plus_perplexity?: number;
  reasoning_problem?: string;
  error?: string;
}

export interface EvaluateResult extends MeanSummary {
  requested: number;
  /** Held-out jokes available; fewer than requested means all of them were used. */
  available: number;
  broken: ShareSummary;
  errors: number;
  reasoning_problems: Record<string, number>;
  /** Rewards exactly 0 (reasoning that does not help the gold punchline), and the largest reward. */
  at_floor: number;
  max: number;
  signal?: SignalResult;
  samples: EvaluatedSample[];
}

export const DEFAULT_EVAL_JOKES = 64;

/** A seeded sample of held-out jokes; sorting by id first makes it independent of file order. */
export function pickEvalJokes(held: readonly Joke[], n: number, seed: number | string): Joke[] {
  const sorted = [...held].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return createRng(seed).shuffle(sorted).slice(0, n);
}

export async function evaluateJokes(policy: JokePolicyClient, reference: ModelClient, held: readonly Joke[], options: EvaluateOptions = {}): Promise<EvaluateResult> {
  const requested = options.n ?? DEFAULT_EVAL_JOKES;
  const jokes = pickEvalJokes(held, requested, options.seed ?? "jokes-evaluate");
  let done = 0;
  const sampled = await Promise.all(
    jokes.map(async (joke) => {
      const result = await samplePunchlines(policy, joke.setup, { n: 1, temperature: 0, maxTokens: options.maxTokens ?? 512, signal: options.signal });
      options.onProgress?.(++done, jokes.length);
      return result;
    }),
  );
  const items: VrcliItem[] = [];
  const itemOf: number[] = [];
  sampled.forEach((s, i) => {
    if (s.ok && s.choices.length > 0) {
      itemOf[i] = items.push({ setup: jokes[i].setup, punchline: jokes[i].punchline, completion: s.choices[0].text }) - 1;
    }
  });
  const outcomes = await scoreVrcli(reference, items, { implicitOpen: options.implicitOpen, wholeReply: options.wholeReply, signal: options.signal });
  const samples: EvaluatedSample[] = jokes.map((joke, i) => {
    const s = sampled[i];
    const base = { joke_id: joke.id, setup: joke.setup, gold: joke.punchline };
    if (!s.ok || s.choices.length === 0) {
      return { ...base, completion: null, finish_reason: null, reward: null, error: s.ok ? "policy returned no choices" : s.error };
    }
    const o = outcomes[itemOf[i]];
    return {
      ...base,
      completion: s.choices[0].text,
      finish_reason: s.choices[0].finishReason,
      reward: o.value,
      ...(o.details.base_perplexity !== undefined ? { base_perplexity: o.details.base_perplexity, plus_perplexity: o.details.plus_perplexity } : {}),
      ...(o.details.reasoning_problem ? { reasoning_problem: o.details.reasoning_problem } : {}),
      ...(o.error ? { error: o.error } : {}),
    };
  });
  const rewards = samples.flatMap((s) => (s.reward === null ? [] : [s.reward]));
  const problems: Record<string, number> = {};
  for (const s of samples) if (s.reasoning_problem) problems[s.reasoning_problem] = (problems[s.reasoning_problem] ?? 0) + 1;
  const brokenCount = samples.filter((s) => s.reasoning_problem !== undefined).length;
  return {
    ...meanWithCi(rewards),
    requested,
    available: held.length,
    broken: shareWithCi(brokenCount, rewards.length),
    errors: samples.length - rewards.length,
    reasoning_problems: problems,
    at_floor: rewards.filter((r) => r === 0).length,
    max: rewards.length ? Math.max(...rewards) : NaN,
    ...(options.signalCheck ? { signal: await reasoningSignal(reference, jokes, options.signal) } : {}),
    samples,
  };
}
