// Versioned laughter vocabulary: load, find, strip, normalize transcripts (SPEC §3).
export {
  LAUGHTER_VOCAB_VERSIONS,
  LaughterVocabSchema,
  compileLaughterVocab,
  laughterVocabHash,
  loadLaughterVocab,
} from "./vocab.js";
export type { LaughterEntry, LaughterVocab, LaughterVocabData, LaughterVocabVersion } from "./vocab.js";
export { containsLaughter, findLaughter, stripLaughter } from "./match.js";
export type { LaughterSpan, StrippedLaughter } from "./match.js";
export { ALL_LAUGHTER_PLACEHOLDER, NORMALIZATION_MODES, normalizeTranscriptLaughter } from "./transcript.js";
export type { NormalizationMode, NormalizeOptions } from "./transcript.js";
