// Scores that arrive from a scoring worker as JSON text keep that text beside the parsed object, so the
// journal stores it as it came instead of serializing the same score again on the main thread.
// JSON.stringify of the parsed object gives back the same text (plain objects, finite numbers), so
// the stored bits are those of serializing the score here.
import type { Score } from "../core/types.js";

const texts = new WeakMap<object, string>();

/** Parses a score sent as JSON text and remembers the text. */
export function scoreFromJson(text: string): Score {
  const score = JSON.parse(text) as Score;
  texts.set(score, text);
  return score;
}

/** The score's JSON text: as it arrived, or serialized now. */
export function scoreJson(score: Score): string {
  return texts.get(score) ?? JSON.stringify(score);
}
