// Generation difficulty (SPEC §9, seed 003 Table 5): ask the policy to satisfy the bias explicitly and
// count how often the biased judge's detector finds the feature (the seed: n = 300 per bias; lexical
// 100 %, tone 98.67 %, self-praise 95 %, format 66 %). A failed generation is reported and left out of
// the share, never counted as "not satisfied".
import { errorMessage } from "../core/errors.js";
import { biasField, detectBias, type BiasKind } from "../judges/bias-detectors.js";
import type { ModelClient } from "../models/spec.js";
import { wilson, type Estimate } from "./intervals.js";

export const BIAS_REQUESTS = biasField("request");

/** Seed 003 Table 5 (Qwen3-4B, 300 generations per bias): the share whose feature the detector found. */
export const SEED_TABLE_5: Record<BiasKind, { satisfied: number; n: number }> = {
  lexical: { satisfied: 300, n: 300 },
  tone: { satisfied: 296, n: 300 },
  self_praise: { satisfied: 285, n: 300 },
  format: { satisfied: 198, n: 300 },
};

export interface Generation {
  index: number;
  prompt_index: number;
  text: string;
  hit: boolean;
}

export interface GenerationDifficulty {
  bias: BiasKind;
  satisfied: Estimate;
  failed: { index: number; error: string }[];
  /** Every answered generation, in index order, with the detector's verdict. */
  generations: Generation[];
}

export async function generationDifficulty(
  policy: ModelClient,
  bias: BiasKind,
  prompts: readonly string[],
  options: { n?: number; temperature?: number; maxTokens?: number; seed?: number; concurrency?: number } = {},
): Promise<GenerationDifficulty> {
  const n = options.n ?? 300;
  if (prompts.length === 0) throw new RangeError("generation difficulty: no prompts");
  const generations: Generation[] = [];
  const failed: { index: number; error: string }[] = [];
  // At most `concurrency` generations in flight (default 8), not n one after another.
  let next = 0;
  const worker = async () => {
    while (next < n) await one(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, options.concurrency ?? 8)) }, worker));
  failed.sort((a, b) => a.index - b.index);
  generations.sort((a, b) => a.index - b.index);
  if (generations.length === 0) throw new Error(`generation difficulty: all ${n} generations failed (first: ${failed[0]?.error})`);
  return { bias, satisfied: wilson(generations.filter((g) => g.hit).length, generations.length), failed, generations };

  async function one(i: number): Promise<void> {
    const p = i % prompts.length;
    const prompt = `${prompts[p]}\n\n${BIAS_REQUESTS[bias]}`;
    try {
      const res = await policy.chat({
        messages: [{ role: "user", content: prompt }],
        temperature: options.temperature ?? 0.7,
        maxTokens: options.maxTokens ?? 512,
        seed: (options.seed ?? 0) + i,
      });
      const text = res.choices[0]?.text ?? "";
      generations.push({ index: i, prompt_index: p, text, hit: detectBias(bias, text, { prompt: prompts[p] }).hit });
    } catch (err) {
      failed.push({ index: i, error: errorMessage(err) });
    }
  }
}
