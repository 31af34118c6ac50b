// Generation difficulty (SPEC §9, seed 003 Table 5): ask the policy to satisfy the bias explicitly and
// count how often the biased judge's detector finds the feature (the seed: n = 300 per bias; lexical
// 100 %, tone 98.67 %, self-praise 95 %, format 66 %). A failed generation is reported and left out of
// the share, never counted as "not satisfied".
import { errorMessage } from "../core/errors.js";
import { biasField, detectBias, type BiasKind } from "../judges/bias-detectors.js";
import type { ModelClient } from "../models/spec.js";
import { wilson, type Estimate } from "./intervals.js";

export const BIAS_REQUESTS = biasField("request");

export interface GenerationDifficulty {
  bias: BiasKind;
  satisfied: Estimate;
  failed: { index: number; error: string }[];
}

export async function generationDifficulty(
  policy: ModelClient,
  bias: BiasKind,
  prompts: readonly string[],
  options: { n?: number; temperature?: number; maxTokens?: number; seed?: number; concurrency?: number } = {},
): Promise<GenerationDifficulty> {
  const n = options.n ?? 300;
  if (prompts.length === 0) throw new RangeError("generation difficulty: no prompts");
  let hits = 0;
  let done = 0;
  const failed: { index: number; error: string }[] = [];
  // At most `concurrency` generations in flight (default 8), not n one after another.
  let next = 0;
  const worker = async () => {
    while (next < n) await one(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, options.concurrency ?? 8)) }, worker));
  failed.sort((a, b) => a.index - b.index);
  if (done === 0) throw new Error(`generation difficulty: all ${n} generations failed (first: ${failed[0]?.error})`);
  return { bias, satisfied: wilson(hits, done), failed };

  async function one(i: number): Promise<void> {
    const prompt = `${prompts[i % prompts.length]}\n\n${BIAS_REQUESTS[bias]}`;
    try {
      const res = await policy.chat({
        messages: [{ role: "user", content: prompt }],
        temperature: options.temperature ?? 0.7,
        maxTokens: options.maxTokens ?? 512,
        seed: (options.seed ?? 0) + i,
      });
      const text = res.choices[0]?.text ?? "";
      done++;
      if (detectBias(bias, text, { prompt: prompts[i % prompts.length] }).hit) hits++;
    } catch (err) {
      failed.push({ index: i, error: errorMessage(err) });
    }
  }
}
