// `jokes process` (SPEC §8, seed 001's process): sample groups of n completions for training
// jokes, score them with VR-CLI, and keep the groups a GRPO trainer can use. Every group is
// accounted for: written, or dropped with its reason.
import { errorMessage } from "../../core/errors.js";
import { createRng } from "../../core/random.js";
import type { ModelMiddleware } from "../../models/middleware.js";
import { wrapModelClient } from "../../models/middleware.js";
import type { CallOptions, CallReport, ModelClient } from "../../models/spec.js";
import { scoreVrcli } from "../../terms/vrcli/term.js";
import type { Joke } from "./joke.js";
import { samplePunchlines } from "./policy.js";
import type { JokePolicyClient } from "./retrieval-policy.js";
import { policyMessages } from "./prompt.js";
import { groupDropReason, type DropReason, type DroppedGroup, type ScoredDataGroup } from "./scored-group.js";
import { meanWithCi, shareWithCi, type MeanSummary, type ShareSummary } from "./summary.js";
import type { TrainerTokenizer } from "./tokenize.js";

export interface ProcessOptions {
  groups: number;
  groupSize?: number;
  temperature?: number;
  maxTokens?: number;
  seed?: number | string;
  implicitOpen?: boolean;
  wholeReply?: boolean;
  keepTruncated?: boolean;
  /** Adds tokens/masks to each written group. */
  tokenizer?: TrainerTokenizer;
  /** Groups in flight at once. */
  concurrency?: number;
  signal?: AbortSignal;
  onGroup?: (group: ScoredDataGroup | DroppedGroup, done: number, total: number) => void;
}

export interface ProcessResult {
  requested: number;
  written: number;
  dropped: DroppedGroup[];
  drop_reasons: Partial<Record<DropReason, number>>;
  /** All scored samples, written or not. */
  scores: MeanSummary;
  broken: ShareSummary;
  /** HTTP requests per group as recorded by the clients (cache hits excluded). */
  http_per_group: { policy: number; reference: number };
  tokens: boolean;
}

export const DEFAULT_GROUP_SIZE = 8;

/** Counts the HTTP requests calls report sending (CallOptions.report; cache hits excluded): an in-process policy sends none. */
function requestCounter() {
  let sent = 0;
  const count = (r: CallReport) => void (r.cached || sent++);
  const counted = (options: CallOptions = {}): CallOptions => ({ ...options, report: options.report ? (r) => (count(r), options.report!(r)) : count });
  return { sent: () => sent, counted, middleware: { wrapCall: ({ call, next }) => next({ ...call, options: counted(call.options) }) } satisfies ModelMiddleware };
}

export async function processGroup(policy: JokePolicyClient, reference: ModelClient, joke: Joke, index: number, options: ProcessOptions, seed: number): Promise<{ group: ScoredDataGroup } | { dropped: DroppedGroup }> {
  const n = options.groupSize ?? DEFAULT_GROUP_SIZE;
  const group_id = `${joke.id}:${index}`;
  const sampled = await samplePunchlines(policy, joke.setup, {
    n,
    temperature: options.temperature ?? 1,
    maxTokens: options.maxTokens ?? 512,
    seed,
    signal: options.signal,
  });
  if (!sampled.ok) return { dropped: { group_id, joke_id: joke.id, reason: "policy_failed", message: sampled.error, scores: [] } };
  const choices = sampled.choices.slice(0, n);
  const outcomes = await scoreVrcli(
    reference,
    choices.map((c) => ({ setup: joke.setup, punchline: joke.punchline, completion: c.text })),
    { implicitOpen: options.implicitOpen, wholeReply: options.wholeReply, signal: options.signal },
  );
  const scores = outcomes.map((o) => o.value);
  const verdict = groupDropReason({
    expected: n,
    scores,
    errors: outcomes.flatMap((o) => (o.error ? [o.error] : [])),
    finishReasons: choices.map((c) => c.finishReason),
    keepTruncated: options.keepTruncated ?? false,
  });
  if (verdict) return { dropped: { group_id, joke_id: joke.id, ...verdict, scores } };
  const prompt = policyMessages(joke.setup);
  const group: ScoredDataGroup = {
    scores: scores as number[],
    messages: choices.map((c) => [...prompt, { role: "assistant", content: c.text }]),
    group_id,
    joke_id: joke.id,
    finish_reasons: choices.map((c) => c.finishReason),
    details: outcomes.map((o) => ({ ...o.details })),
  };
  if (options.tokenizer) {
    try {
      const encoded = await options.tokenizer.encodeGroup(
        prompt,
        choices.map((c) => c.text),
        options.signal,
      );
      group.tokens = encoded.tokens;
      group.masks = encoded.masks;
    } catch (err) {
      // A group without tokens beside groups with them would break a trainer's batch: drop it, say why.
      return { dropped: { group_id, joke_id: joke.id, reason: "tokenize_failed", message: errorMessage(err), scores } };
    }
  }
  return { group };
}

/** Training jokes only: the caller passes the train split, never the held-out one. */
export async function processJokes(anyPolicy: JokePolicyClient, anyReference: ModelClient, train: readonly Joke[], options: ProcessOptions, write: (group: ScoredDataGroup) => void | Promise<void>): Promise<ProcessResult> {
  const rng = createRng(options.seed ?? "jokes-process");
  const sorted = [...train].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const order = rng.shuffle(sorted);
  const jobs = Array.from({ length: options.groups }, (_, i) => ({ joke: order[i % order.length], index: i, seed: rng.int(2 ** 31) }));
  const policyRequests = requestCounter();
  const referenceRequests = requestCounter();
  const policy: JokePolicyClient = { chat: (req, options) => anyPolicy.chat(req, policyRequests.counted(options)) };
  const reference = wrapModelClient({ client: anyReference, middleware: referenceRequests.middleware });
  const dropped: DroppedGroup[] = [];
  const allScores: number[] = [];
  let broken = 0;
  let written = 0;
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const result = await processGroup(policy, reference, job.joke, job.index, options, job.seed);
      const scores = "group" in result ? result.group.scores : result.dropped.scores;
      for (const s of scores) {
        if (s === null) continue;
        allScores.push(s);
        if (s === -1) broken++;
      }
      if ("group" in result) {
        await write(result.group);
        written++;
      } else dropped.push(result.dropped);
      options.onGroup?.("group" in result ? result.group : result.dropped, ++done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  const drop_reasons: Partial<Record<DropReason, number>> = {};
  for (const d of dropped) drop_reasons[d.reason] = (drop_reasons[d.reason] ?? 0) + 1;
  const perGroup = (calls: number) => (jobs.length === 0 ? 0 : calls / jobs.length);
  return {
    requested: jobs.length,
    written,
    dropped,
    drop_reasons,
    scores: meanWithCi(allScores),
    broken: shareWithCi(broken, allScores.length),
    http_per_group: { policy: perGroup(policyRequests.sent()), reference: perGroup(referenceRequests.sent()) },
    tokens: options.tokenizer !== undefined,
  };
}
