// The laughter trigger class of the embedded LM (data in laughter-cues.json, derived from Unicode's
// emoji annotations and WordNet by laughter-source.ts, versioned there). This is the model's own list,
// kept apart from the text/ module's normalization vocabularies on purpose: the model must see laughter
// that a strip misses, or audits could not find the strip's gaps.
import { readFileSync } from "node:fs";
import { applyShape, SHAPE_CAPITALIZED, SHAPE_LOWER, SHAPE_UPPER } from "./casing.js";
import { canonicalCue, type LaughterCues } from "./laughter-source.js";

const cueFile = JSON.parse(readFileSync(new URL("./laughter-cues.json", import.meta.url), "utf8")) as LaughterCues;

export const LAUGHTER_CUES_VERSION = cueFile.version;

const symbols = new Set([...cueFile.emoticons, ...cueFile.emoji]);
/** Canonical form → the shortest cue with it: an elongation counts, a fragment ("ha" of "haha") does not. */
const shortest = new Map<string, number>();
for (const cue of [...cueFile.words, ...cueFile.emoticons]) {
  const key = canonicalCue(cue);
  shortest.set(key, Math.min(shortest.get(key) ?? Infinity, [...cue].length));
}

/** True when a token (leading space ignored) is a laughter cue. */
export function isLaughterToken(token: string): boolean {
  const bare = token.trim();
  if (bare.length === 0) return false;
  if (symbols.has(bare)) return true;
  const min = shortest.get(canonicalCue(bare));
  return min !== undefined && [...bare].length >= min;
}

/** The surfaces the trigger component spreads its mass over (uniformly), without duplicates. */
export function triggerSurfaces(): string[] {
  const out = new Set<string>();
  for (const word of cueFile.words) {
    for (const shape of [SHAPE_LOWER, SHAPE_CAPITALIZED, SHAPE_UPPER] as const) {
      const form = applyShape(word, shape);
      if (form) {
        out.add(form);
        out.add(` ${form}`);
      }
    }
  }
  for (const symbol of [...cueFile.emoticons, ...cueFile.emoji]) {
    out.add(symbol);
    out.add(` ${symbol}`);
  }
  return [...out];
}
