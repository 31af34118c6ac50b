// How the default grounding floor is chosen (SPEC §4): the 5th percentile of g for real human replies,
// so 95% of what people actually say to each other passes. Needs real dialogues and the embedder the
// floor will be used with; the resulting number is what ships (grounding.ts), not the data.
import type { ModelClient } from "../../models/spec.js";
import { groundingWindow } from "./grounding.js";
import { cosine } from "../../stats/cosine.js";

/** g for every reply that has a full window before it, over dialogues given as lists of turn texts. */
export async function humanGroundingScores(dialogues: readonly (readonly string[])[], embedder: ModelClient, window: number): Promise<number[]> {
  const pairs: { reply: string; context: string }[] = [];
  for (const d of dialogues) {
    const turns = d.map((text) => ({ speaker: "human", text }));
    for (let i = window; i < turns.length; i++) pairs.push({ reply: turns[i].text, context: groundingWindow(turns, i, window) });
  }
  const unique = [...new Set(pairs.flatMap((p) => [p.reply, p.context]))];
  const vectors = await embedder.embed(unique);
  const byText = new Map(unique.map((t, i) => [t, vectors[i]]));
  return pairs.map((p) => cosine(byText.get(p.reply)!, byText.get(p.context)!));
}
