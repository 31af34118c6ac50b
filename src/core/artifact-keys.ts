// snake_case keys in every artifact (issue 21). The measuring code keeps its TypeScript names; an
// artifact's keys are renamed once, where it is made (makeArtifact), by an explicit table rather than
// a blind camelCase→snake_case rule, so data keys (terms, labels, phrases such as "xD") are never
// touched. Readers pass what they load through the same table, so an artifact written before the
// rename (schema_version 1, camelCase) still loads; that compatibility is kept for one version.
//
// Objects recorded verbatim keep their own spelling: an `instrument` (its keys are hashed; renaming
// them would break the hash check), and the configuration it echoes (`options`, `models`, `detector`),
// whose keys are the config file's own (`baseUrl`, `wordsOnly`, …, schemas/config.schema.json).

/** Old (camelCase) artifact key → its snake_case name. */
export const RENAMED_KEYS: Readonly<Record<string, string>> = Object.freeze({
  // audit: probe and stack-transform results
  meanTaste: "mean_taste",
  nNegative: "n_negative",
  nPositive: "n_positive",
  seHanleyMcNeil: "se_hanley_mcneil",
  // detect: its tuning flags as recorded in params
  minRise: "min_rise",
  minZ: "min_z",
  onsetFraction: "onset_fraction",
  // jokes: filter counts
  rejectedBy: "rejected_by",
  removedFirstBy: "removed_first_by",
  // onset: entanglement odds ratio
  haldaneCorrected: "haldane_corrected",
  oddsRatio: "odds_ratio",
  seLog: "se_log",
  // score: run summary
  cacheHits: "cache_hits",
  errorExamples: "error_examples",
  errorsByKind: "errors_by_kind",
  modelCalls: "model_calls",
  rowsPerSecond: "rows_per_second",
  // mine: summary
  baseScore: "base_score",
  baseTypical: "base_typical",
  constrainedBy: "constrained_by",
  densestHumanScore: "densest_human_score",
  humanDensest: "human_densest",
  humanP75: "human_p75",
  nHuman: "n_human",
  nModel: "n_model",
  excessWords: "excess_words",
  humanPhrases: "human_phrases",
  openerTemplates: "opener_templates",
  weightedPatterns: "weighted_patterns",
  penalizedEcho: "penalized_echo",
  stackedRatio: "stacked_ratio",
  topExcessWords: "top_excess_words",
  topOpenerTemplates: "top_opener_templates",
  topPairs: "top_pairs",
  // cache stats
  fileBytes: "file_bytes",
  valueBytes: "value_bytes",
  // audit: noise (sequential vs concurrent scoring)
  sequentialPasses: "sequential_passes",
  concurrentPasses: "concurrent_passes",
  inFlight: "in_flight",
  sequentialVsConcurrent: "sequential_vs_concurrent",
  concurrentVsConcurrent: "concurrent_vs_concurrent",
  sdTaste: "sd_taste",
  maxAbs: "max_abs",
  bitExact: "bit_exact",
  batchInvariant: "batch_invariant",
  requestsPerPass: "requests_per_pass",
  concurrentPeak: "concurrent_peak",
  endpointLimit: "endpoint_limit",
  sequentialPeak: "sequential_peak",
  // audit: fuzz and contamination
  buysReward: "buys_reward",
  meanNats: "mean_nats",
  afterPartnerLaugh: "after_partner_laugh",
  // replay, certify bindings, onset and simulation summaries
  rowsWithErrors: "rows_with_errors",
  servedInstruments: "served_instruments",
  rescoredInstrument: "rescored_instrument",
  meanChange: "mean_change",
  maxAbsChange: "max_abs_change",
  rowId: "row_id",
  requestId: "request_id",
  revisedInstrumentHash: "revised_instrument_hash",
  preregistrationHash: "preregistration_hash",
  instrumentHash: "instrument_hash",
  screenFails: "screen_fails",
  finishReasons: "finish_reasons",
  meanScore: "mean_score",
  fileSize: "file_size",
  totalBytes: "total_bytes",
  headerBytes: "header_bytes",
  badLines: "bad_lines",
  withScore: "with_score",
  perTurn: "per_turn",
  policyTurns: "policy_turns",
  minedPositions: "mined_positions",
  mechPercents: "mech_percents",
  severeMech: "severe_mech",
  severeGap: "severe_gap",
  gapThresholds: "gap_thresholds",
  windowFraction: "window_fraction",
  rowsPerStep: "rows_per_step",
  expectedPolicyTurns: "expected_policy_turns",
});

/** Keys whose values are recorded verbatim (see above). */
export const VERBATIM_KEYS: ReadonlySet<string> = new Set(["instrument", "options", "models", "detector", "plan"]);

/** A copy of `value` with every key in RENAMED_KEYS renamed, outside verbatim subtrees. */
export function snakeKeys<T>(value: T): T {
  return rename(value) as T;
}

function rename(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rename);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = Object.hasOwn(RENAMED_KEYS, key) ? RENAMED_KEYS[key] : key;
    // An artifact that already has the new name wins over a stale old one beside it.
    if (name !== key && Object.hasOwn(value, name)) continue;
    out[name] = VERBATIM_KEYS.has(key) ? v : rename(v);
  }
  return out;
}
