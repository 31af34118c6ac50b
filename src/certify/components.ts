// Per-component paired deltas (SPEC §6): the same paired t on each term of the certified score
// (taste, grounding, repetition, screens by default), so a gain can be traced to what moved.
import type { TermValue } from "../core/types.js";
import { pairedDelta, type PairedDelta } from "./paired-delta.js";
import type { SessionPair } from "./pairing.js";

export const DEFAULT_COMPONENTS = ["taste", "grounding", "repetition", "screens"];

export interface ComponentDelta {
  /** Pairs where both arms have a numeric value for this term. */
  n: number;
  /** Pairs skipped because the term is absent or null in an arm. */
  missing: number;
  delta: PairedDelta | null;
}

const valueOf = (term: TermValue | undefined): number | null => (term && typeof term.value === "number" && Number.isFinite(term.value) ? term.value : null);

export function componentDeltas(pairs: readonly SessionPair[], names: readonly string[] = DEFAULT_COMPONENTS): Record<string, ComponentDelta> {
  const out: Record<string, ComponentDelta> = {};
  for (const name of names) {
    const base: number[] = [];
    const trained: number[] = [];
    for (const p of pairs) {
      const b = valueOf(p.base.score.terms[name]);
      const t = valueOf(p.trained.score.terms[name]);
      if (b === null || t === null) continue;
      base.push(b);
      trained.push(t);
    }
    out[name] = { n: base.length, missing: pairs.length - base.length, delta: base.length >= 2 ? pairedDelta(base, trained) : null };
  }
  return out;
}
