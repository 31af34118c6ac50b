// The laughter trigger class of the embedded LM (data in laughter-cues.json, versioned there). This is
// the model's own list, kept apart from the text/ module's normalization vocabularies on purpose: the
// model must see laughter that a strip misses, or audits could not find the strip's gaps.
import { readFileSync } from "node:fs";
import { applyShape, SHAPE_CAPITALIZED, SHAPE_LOWER, SHAPE_UPPER } from "./casing.js";

interface CueFile {
  version: string;
  words: string[];
  emoticons: string[];
  emoji: string[];
  detectPattern: string;
}

const cueFile = JSON.parse(readFileSync(new URL("./laughter-cues.json", import.meta.url), "utf8")) as CueFile;

export const LAUGHTER_CUES_VERSION = cueFile.version;

const detect = new RegExp(cueFile.detectPattern, "iu");
const symbols = new Set([...cueFile.emoticons, ...cueFile.emoji]);

/** True when a token (leading space ignored) is a laughter cue. */
export function isLaughterToken(token: string): boolean {
  const bare = token.trim();
  return bare.length > 0 && (symbols.has(bare) || detect.test(bare));
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
