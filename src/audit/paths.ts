// Scoring paths for the probes (SPEC §5): the same term under different audience-input normalizations.
// "raw" is the pre-fix path with no strip at all (mode none): the seed's raw path shows +6.36 nats for
// " Haha!", so its bait reached the audience untouched. (Seed 000's first countermeasure, v1, stripped
// policy turns only; a bait on a policy turn is stripped by v1 exactly as by v2, so v1 is not a raw path
// for suffix probes — it is one for the contamination probe, where the partner's turns matter.)
import { InputError } from "../core/errors.js";
import type { Turn } from "../core/types.js";
import { audienceContext } from "../terms/humor/audience-taste.js";
import { LAUGHTER_VOCAB_VERSIONS, loadLaughterVocab, NORMALIZATION_MODES, type LaughterVocabVersion, type NormalizationMode } from "../text/laughter/index.js";

export interface ScoringPath {
  name: string;
  mode: NormalizationMode;
  /** Needed for v1/v2. */
  vocab?: LaughterVocabVersion;
}

export const RAW_PATH: ScoringPath = { name: "raw", mode: "none" };
export const V2_SEED_PATH: ScoringPath = { name: "v2", mode: "v2", vocab: "v2-seed" };
export const V3_PATH: ScoringPath = { name: "v3", mode: "v2", vocab: "v3" };

/** "raw", "v1", "v2" (= v2 + v2-seed), "v3" (= v2 + v3), or "MODE:VOCAB" such as "v1:v3". */
export function parsePath(spec: string): ScoringPath {
  const named: Record<string, ScoringPath> = { raw: RAW_PATH, none: RAW_PATH, v1: { name: "v1", mode: "v1", vocab: "v2-seed" }, v2: V2_SEED_PATH, v3: V3_PATH };
  if (named[spec]) return named[spec];
  const [mode, vocab] = spec.split(":");
  if (!NORMALIZATION_MODES.includes(mode as NormalizationMode) || !LAUGHTER_VOCAB_VERSIONS.includes(vocab as LaughterVocabVersion)) {
    throw new InputError("path", `"${spec}" is not raw, v1, v2, v3 or MODE:VOCAB (modes ${NORMALIZATION_MODES.join("/")}, vocabularies ${LAUGHTER_VOCAB_VERSIONS.join("/")})`);
  }
  return { name: spec, mode: mode as NormalizationMode, vocab: vocab as LaughterVocabVersion };
}

/** The audience prompt after turn `index` on a path. */
export function pathContext(path: ScoringPath, turns: readonly Turn[], index: number, policySpeaker = "policy"): string {
  const vocab = path.mode === "none" ? loadLaughterVocab("v3") : loadLaughterVocab(path.vocab ?? "v2-seed");
  return audienceContext(turns, index, { mode: path.mode, vocab, policySpeaker });
}
