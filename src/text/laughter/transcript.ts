// Laughter normalization of a transcript before it reaches the audience model (SPEC §3, seed 000):
// "v1" strips cues from the policy's turns only (the seed's first countermeasure), "v2" strips them from
// every speaker (instrument v2: it closes the partner-laughter contamination channel). In both, a turn
// that was nothing but laughter becomes an ellipsis "…" so the turn still exists in the conversation.
import { InputError } from "../../core/errors.js";
import type { Turn } from "../../core/types.js";
import { stripLaughter, type StrippedLaughter } from "./match.js";
import type { LaughterVocab } from "./vocab.js";

export const NORMALIZATION_MODES = ["none", "v1", "v2"] as const;
export type NormalizationMode = (typeof NORMALIZATION_MODES)[number];

export interface NormalizeOptions {
  mode: NormalizationMode;
  /** Required for "v1" and "v2". */
  vocab?: LaughterVocab;
  policySpeaker?: string;
  /**
   * What counts as a cue: the vocabulary's entries ("vocab", the seed's) or, with the hardened default,
   * the laughter-by-meaning detector as well ("meaning", src/text/laughter-meaning.ts), whose strip is
   * passed in so this module does not depend on it.
   */
  strip?: (text: string) => StrippedLaughter;
}

export const ALL_LAUGHTER_PLACEHOLDER = "…";

/** New turns (inputs untouched). Each changed turn keeps its other fields; text alone is replaced. */
export function normalizeTranscriptLaughter(turns: readonly Turn[], options: NormalizeOptions): Turn[] {
  const { mode, vocab, policySpeaker = "policy", strip } = options;
  if (!NORMALIZATION_MODES.includes(mode)) {
    throw new InputError("normalization mode", `"${String(mode)}" is not one of ${NORMALIZATION_MODES.join(", ")}`);
  }
  if (mode === "none") return turns.map((t) => ({ ...t }));
  if (!vocab) throw new InputError("normalization vocab", `mode "${mode}" needs a laughter vocabulary`);
  return turns.map((turn) => {
    if (mode === "v1" && turn.speaker !== policySpeaker) return { ...turn };
    const stripped = strip ? strip(turn.text) : stripLaughter(turn.text, vocab);
    if (stripped.removed.length === 0) return { ...turn };
    return { ...turn, text: stripped.allLaughter ? ALL_LAUGHTER_PLACEHOLDER : stripped.text };
  });
}
