// Adversarial transforms of a reply (SPEC §5): text that keeps surface statistics of a real reply but is
// not a real reply. A term that cannot tell the real reply from its transform (AUC near 0.5) rewards
// something the transform keeps. All randomness is seeded (src/core/random.ts).
import { InputError } from "../core/errors.js";
import { createRng } from "../core/random.js";
import { wordShuffle } from "../text/word-shuffle.js";

export { wordShuffle };

export const TRANSFORMS = ["word-shuffle", "truncation", "repetition", "laughter-insertion"] as const;
export type TransformName = (typeof TRANSFORMS)[number];

/** The first half of the words (at least one), cut mid-sentence; line and paragraph breaks are kept. */
export function truncate(text: string, keep = 0.5): string {
  const ends = [...text.trim().matchAll(/\S+/g)].map((m) => m.index + m[0].length);
  if (ends.length === 0) return "";
  return text.trim().slice(0, ends[Math.max(1, Math.floor(ends.length * keep)) - 1]);
}

/** The reply said twice. */
export function repeatReply(text: string): string {
  return `${text.trim()} ${text.trim()}`;
}

const INSERTED_CUES = ["haha", "lol", "😂", "hahaha"];

/** A laughter cue inserted at a seeded word boundary. */
export function insertLaughter(text: string, seed: number | string): string {
  const rng = createRng(seed);
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const at = rng.int(tokens.length + 1);
  return [...tokens.slice(0, at), rng.pick(INSERTED_CUES), ...tokens.slice(at)].join(" ");
}

export function applyTransform(name: TransformName, text: string, seed: number | string): string {
  switch (name) {
    case "word-shuffle":
      return wordShuffle(text, seed);
    case "truncation":
      return truncate(text);
    case "repetition":
      return repeatReply(text);
    case "laughter-insertion":
      return insertLaughter(text, seed);
    default:
      throw new InputError("transform", `unknown transform "${String(name)}" (known: ${TRANSFORMS.join(", ")})`);
  }
}
