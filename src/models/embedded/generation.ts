// Sampling from the embedded LM. Each step draws from the 64 most probable next tokens (renormalized
// after temperature and top-p); temperature 0 is greedy. Draws use the project's seeded PRNG, so a
// request with a seed (or temperature 0) is reproducible bit for bit.
import type { Rng } from "../../core/random.js";
import { EOS_TOKEN, type EmbeddedLm, type TokenScore } from "./lm.js";

const SAMPLE_POOL = 64;

export interface SamplingOptions {
  maxTokens: number;
  temperature: number;
  topP: number;
  stop: string[];
  /** Top-k logprobs to report per generated token (0 = none). */
  logprobs: number;
}

export interface GeneratedToken {
  token: string;
  logprob: number;
  top: TokenScore[];
}

export interface Generation {
  text: string;
  tokens: GeneratedToken[];
  finishReason: "stop" | "length";
}

export function pickToken(pool: TokenScore[], temperature: number, topP: number, rng: Rng): TokenScore {
  if (temperature <= 0) return pool[0];
  const weights = pool.map((e) => Math.exp((e.logprob - pool[0].logprob) / temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  let kept = pool.length;
  if (topP < 1) {
    let mass = 0;
    for (let i = 0; i < pool.length; i++) {
      mass += weights[i] / total;
      if (mass >= topP) {
        kept = i + 1;
        break;
      }
    }
  }
  let keptTotal = 0;
  for (let i = 0; i < kept; i++) keptTotal += weights[i];
  let r = rng.next() * keptTotal;
  for (let i = 0; i < kept; i++) {
    r -= weights[i];
    if (r < 0) return pool[i];
  }
  return pool[kept - 1];
}

export function generate(lm: EmbeddedLm, promptTokens: string[], options: SamplingOptions, rng: Rng): Generation {
  const cursor = lm.cursor(promptTokens);
  const tokens: GeneratedToken[] = [];
  let text = "";
  for (let step = 0; step < options.maxTokens; step++) {
    const pool = cursor.top(Math.max(SAMPLE_POOL, options.logprobs));
    const choice = pickToken(pool, options.temperature, options.topP, rng);
    if (choice.token === EOS_TOKEN) return { text, tokens, finishReason: "stop" };
    const next = text + choice.token;
    const stopAt = firstStop(next, options.stop, text.length);
    if (stopAt >= 0) return { text: next.slice(0, stopAt), tokens, finishReason: "stop" };
    tokens.push({ token: choice.token, logprob: choice.logprob, top: options.logprobs > 0 ? pool.slice(0, options.logprobs) : [] });
    text = next;
    cursor.push(choice.token);
  }
  return { text, tokens, finishReason: "length" };
}

/** Earliest index of any stop string that ends inside the newly added part of `text`, or -1. */
function firstStop(text: string, stops: string[], previousLength: number): number {
  let best = -1;
  for (const stop of stops) {
    if (stop.length === 0) continue;
    const i = text.indexOf(stop, Math.max(0, previousLength - stop.length + 1));
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  return best;
}
