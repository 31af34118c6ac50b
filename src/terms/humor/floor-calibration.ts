// How the grounding floor and the credit ceiling are chosen (SPEC §4): percentiles of g for real human
// replies, so that 95% of what people actually say to each other passes the floor, and the linear credit
// is full at a high percentile. Needs real dialogues and the embedder the numbers will be used with; the
// resulting numbers are what ship (grounding.ts), not the data.
import type { ModelClient } from "../../models/spec.js";
import { bootstrapCi, quantiles } from "../../stats/index.js";
import { cosine } from "../../stats/cosine.js";
import type { Conversation } from "./dialogues.js";
import { groundingWindow } from "./grounding.js";

export interface GroundingPair {
  conversation: string;
  /** Index of the reply in its conversation. */
  index: number;
  reply: string;
  context: string;
}

/** Every reply that has a full window before it (as the floor was calibrated: window turns of context). */
export function groundingPairs(conversations: readonly Conversation[], window: number): GroundingPair[] {
  const pairs: GroundingPair[] = [];
  for (const c of conversations) {
    for (let i = window; i < c.turns.length; i++) pairs.push({ conversation: c.id, index: i, reply: c.turns[i].text, context: groundingWindow(c.turns, i, window) });
  }
  return pairs;
}

export interface EmbedPlan {
  /** Texts per request. */
  batch: number;
  /** Requests in flight at once. */
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Embeds many texts as a bounded stream of requests: `batch` texts each, at most `concurrency` in
 * flight, with progress after each. Handing the whole list to one `embed` call queued every request at
 * once (the client cuts 64-text requests, the endpoint limiter lets 8 through). The embedded server
 * embeds on its own event loop, which then stayed busy for seconds at a time; a kept-alive socket left
 * idle past the server's keep-alive timeout meanwhile was closed just as the client reused it, and
 * bench/humor-floor.ts died with ECONNRESET after three attempts, ~4 min into 400 dialogues (the same
 * run completed with the embedder on a worker thread). With one request in flight no socket sits idle.
 */
export async function embedInBatches(embedder: ModelClient, texts: readonly string[], plan: EmbedPlan): Promise<number[][]> {
  if (!Number.isInteger(plan.batch) || plan.batch < 1) throw new RangeError(`batch must be an integer >= 1, got ${plan.batch}`);
  if (!Number.isInteger(plan.concurrency) || plan.concurrency < 1) throw new RangeError(`concurrency must be an integer >= 1, got ${plan.concurrency}`);
  const out: number[][] = new Array(texts.length);
  const starts: number[] = [];
  for (let i = 0; i < texts.length; i += plan.batch) starts.push(i);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < starts.length) {
      plan.signal?.throwIfAborted();
      const start = starts[next++];
      const chunk = texts.slice(start, start + plan.batch);
      const vectors = await embedder.embed(chunk, { signal: plan.signal });
      vectors.forEach((v, j) => (out[start + j] = v));
      done += chunk.length;
      plan.onProgress?.(done, texts.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(plan.concurrency, Math.max(1, starts.length)) }, worker));
  return out;
}

/** g for every pair: the reply's and the context's embeddings (each distinct text embedded once). */
export async function pairGroundingScores(pairs: readonly GroundingPair[], embedder: ModelClient, plan: EmbedPlan): Promise<number[]> {
  const unique = [...new Set(pairs.flatMap((p) => [p.reply, p.context]))];
  const vectors = await embedInBatches(embedder, unique, plan);
  const byText = new Map(unique.map((t, i) => [t, vectors[i]]));
  return pairs.map((p) => cosine(byText.get(p.reply)!, byText.get(p.context)!));
}

/** g for every reply that has a full window before it, over dialogues given as lists of turn texts. */
export async function humanGroundingScores(dialogues: readonly (readonly string[])[], embedder: ModelClient, window: number, plan: EmbedPlan = { batch: 64, concurrency: 1 }): Promise<number[]> {
  const conversations = dialogues.map((d, i) => ({ id: String(i), turns: d.map((text) => ({ speaker: "human", text })) }));
  return pairGroundingScores(groundingPairs(conversations, window), embedder, plan);
}

export interface PercentileEstimate {
  /** Probability in [0, 1] (0.05 = the 5th percentile). */
  p: number;
  /** Type-7 sample quantile (numpy's default). */
  estimate: number;
  /** Percentile-bootstrap 95% interval over replies. */
  ci: [number, number];
}

export interface FloorCalibration {
  n: number;
  floor: PercentileEstimate;
  ceiling: PercentileEstimate;
  quantiles: Record<string, number>;
  mean: number;
  bootstrap: { resamples: number; seed: number | string; method: "percentile"; unit: "reply" };
}

export interface CalibrationOptions {
  floorP?: number;
  ceilingP?: number;
  resamples?: number;
  seed?: number | string;
}

/** Floor and ceiling percentiles of g with bootstrap intervals (replies resampled with replacement). */
export function calibrateFloor(g: readonly number[], options: CalibrationOptions = {}): FloorCalibration {
  const { floorP = 0.05, ceilingP = 0.9, resamples = 2000, seed = 0 } = options;
  if (!(floorP > 0 && floorP < ceilingP && ceilingP < 1)) throw new RangeError(`percentiles must satisfy 0 < floor (${floorP}) < ceiling (${ceilingP}) < 1`);
  const at = (p: number): PercentileEstimate => {
    const b = bootstrapCi(g, (s) => quantiles(s, [p])[0], { resamples, seed: `${seed}:${p}` });
    return { p, estimate: b.estimate, ci: b.ci };
  };
  const ps = [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95];
  const qs = quantiles(g, ps);
  return {
    n: g.length,
    floor: at(floorP),
    ceiling: at(ceilingP),
    quantiles: Object.fromEntries(ps.map((p, i) => [`p${Math.round(p * 100)}`, qs[i]])),
    mean: g.reduce((a, b) => a + b, 0) / g.length,
    bootstrap: { resamples, seed, method: "percentile", unit: "reply" },
  };
}
