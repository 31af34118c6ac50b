// The surprise gate (seed 000 §2–3), the rejected candidate kept for the audits: predict an ordinary
// continuation and a twist-aware one, then require the reply to be far from the ordinary prediction yet
// closer to the twist-aware one (embedding distance 1 − cosine). Seed 000 found it cannot tell witty
// replies from word-shuffled ones (AUC 0.511); the fluency safeguard (fluency.ts) is the attempted fix.
import { z } from "zod";
import { readerView } from "../../text/reader-view.js";
import type { Turn } from "../../core/types.js";
import type { ModelClient } from "../../models/spec.js";
import { audiencePrompt, displayName } from "./audience-prompt.js";
import { cosine } from "../../stats/cosine.js";

export const SURPRISE_PROMPT_VERSION = "humor-surprise-1";

export const surpriseOptions = z.object({
  /** The reply must be at least this far (1 − cosine) from the ordinary prediction. */
  min_distance: z.number().min(0).max(2).default(0.6),
  max_tokens: z.number().int().min(1).default(40),
});
export type SurpriseOptions = z.infer<typeof surpriseOptions>;

export interface SurpriseDecision {
  dOrdinary: number;
  dTwist: number;
  pass: boolean;
}

export function surpriseDecision(dOrdinary: number, dTwist: number, options: Pick<SurpriseOptions, "min_distance">): SurpriseDecision {
  return { dOrdinary, dTwist, pass: dOrdinary >= options.min_distance && dTwist < dOrdinary };
}

/** The two prediction prompts for the reply that follows `context` from `speaker`. */
export function surprisePrompts(context: readonly Turn[], speaker: string): { ordinary: string; twist: string } {
  const base = audiencePrompt(context.map((t) => ({ ...t, text: readerView(t.text) }))).replace(/\n[^\n]*:$/, "\n");
  const name = displayName(speaker);
  return {
    ordinary: `${base}${name}:`,
    twist: `${base}(${name} answers with an unexpected, witty twist.)\n${name}:`,
  };
}

export async function surpriseGate(generator: ModelClient, embedder: ModelClient, context: readonly Turn[], reply: string, speaker: string, options: SurpriseOptions): Promise<SurpriseDecision & { ordinary: string; twist: string }> {
  const prompts = surprisePrompts(context, speaker);
  const generate = async (prompt: string) => {
    const out = await generator.complete({ prompt, temperature: 0, maxTokens: options.max_tokens, stop: ["\n"] });
    const text = out.choices[0]?.text.trim() ?? "";
    if (text === "") throw new Error("the surprise gate's predictor returned an empty continuation");
    return text;
  };
  const [ordinary, twist] = await Promise.all([generate(prompts.ordinary), generate(prompts.twist)]);
  // The reply and its context as a reader sees them: invisible, compatibility and look-alike characters
  // cannot move the distances.
  const [r, o, t] = await embedder.embed([readerView(reply), ordinary, twist]);
  return { ...surpriseDecision(1 - cosine(r, o), 1 - cosine(r, t), options), ordinary, twist };
}
