// Stacked adjectives (SPEC §7: "a thick, suffocating cloud"): a function word, an adjective and a
// comma, a second adjective or participle, then a noun-like content word. The adjective list comes
// with the dictionary (word forms tagged adjective in the Brown corpus), so no tagger runs per reply.
import { WORD_CONTENT, type Lexicon } from "../../text/lexicon.js";
import { T_COMMA_AFTER, T_DASH_AFTER, T_END_AFTER, T_QUOTE_AFTER, T_SEMI_AFTER, type Scan } from "../../text/scan.js";

const BREAK_AFTER = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUOTE_AFTER;

/** True when a stacked-adjective pattern has its first adjective at word i. */
export function isStackAt(scan: Scan, lexicon: Lexicon, adjectives: Set<number>, i: number): boolean {
  const { n, surface, flags, sentence } = scan;
  if ((flags[i] & T_COMMA_AFTER) === 0) return false;
  if (i < 1 || i + 2 >= n || sentence[i + 2] !== sentence[i] || sentence[i - 1] !== sentence[i]) return false;
  if (!adjectives.has(surface[i])) return false;
  if (flags[i - 1] & BREAK_AFTER || lexicon.surfaceFlags[surface[i - 1]] & WORD_CONTENT) return false;
  const second = surface[i + 1];
  if (flags[i + 1] & BREAK_AFTER) return false;
  if (!adjectives.has(second)) {
    const w = lexicon.surfaces[second];
    if (!(w.endsWith("ing") || w.endsWith("ed")) || (lexicon.surfaceFlags[second] & WORD_CONTENT) === 0) return false;
  }
  const head = surface[i + 2];
  return (lexicon.surfaceFlags[head] & WORD_CONTENT) !== 0 && !adjectives.has(head);
}

export function countStacks(scan: Scan, lexicon: Lexicon, adjectives: Set<number>): number {
  let count = 0;
  for (let i = 1; i < scan.n; i++) if (isStackAt(scan, lexicon, adjectives, i)) count++;
  return count;
}
