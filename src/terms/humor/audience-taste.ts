// Audience taste (SPEC §4): L_j = log Σ_c P(c | normalized context) over the prefix-free laughter
// openers, in nats, after policy turn j; taste_j = clip((L_j − L_lo)/(L_hi − L_lo), 0, 1). The exact mode
// asks the audience model for each opener's continuation log-prob (one request per opener, issued
// together so a real server can reuse the shared prefix); the top-k mode reads one next-token top-k list.
import { z } from "zod";
import type { Turn } from "../../core/types.js";
import type { ModelClient } from "../../models/spec.js";
import { normalizeTranscriptLaughter, type LaughterVocab } from "../../text/laughter/index.js";
import { stripLaughterByMeaning } from "../../text/laughter-meaning.js";
import { readerView } from "../../text/reader-view.js";
import { audiencePrompt } from "./audience-prompt.js";
import { LAUGHTER_OPENERS, isLaughterToken } from "./laughter-openers.js";

export const tasteOptions = z.object({
  mode: z.enum(["exact", "topk"]).default("exact"),
  /** Next-token list length for the top-k mode (most servers allow at most 20). */
  k: z.number().int().min(1).max(100).default(20),
  L_lo: z.number().default(-20),
  L_hi: z.number().default(-2),
});
export type TasteOptions = z.infer<typeof tasteOptions>;

export type { NormalizationMode } from "../../text/laughter/index.js";
import type { NormalizationMode } from "../../text/laughter/index.js";

export interface AudienceNormalization {
  mode: NormalizationMode;
  vocab: LaughterVocab;
  /** Whose turns v1 strips (default "policy"). */
  policySpeaker?: string;
  /** "meaning": strip with the laughter-by-meaning detector as well as the vocabulary (the hardened default). */
  cues?: "vocab" | "meaning";
}

const stripByMeaning = (text: string) => stripLaughterByMeaning(readerView(text));

export function tasteUnits(L: number, lo: number, hi: number): number {
  if (!(hi > lo)) throw new RangeError(`L_hi (${hi}) must exceed L_lo (${lo})`);
  return Math.min(1, Math.max(0, (L - lo) / (hi - lo)));
}

/** log Σ exp(x_i), stable. */
export function logSumExp(xs: readonly number[]): number {
  const max = Math.max(...xs);
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (const x of xs) sum += Math.exp(x - max);
  return max + Math.log(sum);
}

/**
 * The audience prompt after the turn at `index` (inclusive), with laughter normalized over the whole
 * transcript first (v1: policy turns only; v2: every speaker; an all-laughter turn becomes "…").
 */
export function audienceContext(turns: readonly Turn[], index: number, normalization: AudienceNormalization): string {
  const prefix = turns.slice(0, index + 1);
  const normalized = normalization.mode === "none" ? prefix : normalizeTranscriptLaughter(prefix, normalization.cues === "meaning" ? { ...normalization, strip: stripByMeaning } : normalization);
  return audiencePrompt(normalized);
}

export interface LaughterMass {
  /** Nats; for top-k with no laughing token in the list, L_lo (taste 0) and `belowTopK`. */
  L: number;
  mode: "exact" | "topk";
  /** Exact mode: each opener's log-prob. */
  openers?: Record<string, number>;
  /** Top-k mode: the laughing tokens found and the list's smallest log-prob (an upper bound when none). */
  laughTokens?: Record<string, number>;
  belowTopK?: boolean;
  minTopLogprob?: number;
}

/** L for many contexts at once: every request of every context is issued together, in context order. */
export async function laughterMass(client: ModelClient, contexts: readonly string[], options: TasteOptions): Promise<LaughterMass[]> {
  if (options.mode === "exact") {
    const pairs = contexts.flatMap((context) => LAUGHTER_OPENERS.map((continuation) => ({ context, continuation })));
    const results = await client.continuationLogprobs(pairs);
    return contexts.map((_, i) => {
      const openers: Record<string, number> = {};
      LAUGHTER_OPENERS.forEach((o, j) => (openers[o] = results[i * LAUGHTER_OPENERS.length + j].logprob));
      return { L: logSumExp(Object.values(openers)), mode: "exact", openers };
    });
  }
  const lists = await Promise.all(contexts.map((c) => client.topLogprobs(c, options.k)));
  return lists.map((list) => {
    const laughTokens: Record<string, number> = {};
    for (const { token, logprob } of list.tokens) if (isLaughterToken(token)) laughTokens[token] = logprob;
    const found = Object.values(laughTokens);
    const minTopLogprob = Math.min(...list.tokens.map((t) => t.logprob));
    if (found.length === 0) return { L: options.L_lo, mode: "topk", laughTokens, belowTopK: true, minTopLogprob };
    return { L: logSumExp(found), mode: "topk", laughTokens, belowTopK: false, minTopLogprob };
  });
}

/**
 * The audits' entry point: L and taste of the audience's reaction right after turn `index` of a
 * transcript (usually a policy turn), under a normalization mode.
 */
export async function scoreTurnLaughter(client: ModelClient, turns: readonly Turn[], index: number, normalization: AudienceNormalization, options: TasteOptions): Promise<LaughterMass & { taste: number; context: string }> {
  const context = audienceContext(turns, index, normalization);
  const [mass] = await laughterMass(client, [context], options);
  return { ...mass, taste: tasteUnits(mass.L, options.L_lo, options.L_hi), context };
}
