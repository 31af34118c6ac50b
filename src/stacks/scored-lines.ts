// One scored output row as `foolsgold score` writes it, and the part of a score the run summary
// reads, so a scoring thread can write rows itself and send back only that part.
import type { Score, TermValue } from "../core/types.js";

/** The row unchanged plus its score, as one JSON line with its newline. */
export function scoredLine(row: object, score: Score): string {
  return JSON.stringify({ ...row, score }) + "\n";
}

/**
 * What summarizeScores reads of a score, and the type it takes: reading anything more does not
 * typecheck, so summaryPart cannot fall behind it.
 */
export interface SummaryScore extends Pick<Score, "value" | "instrument" | "error" | "error_kind"> {
  terms: Record<string, Pick<TermValue, "value">>;
}

/** A score cut to its SummaryScore: value, instrument, error and kind, and each term's value. */
export function summaryPart(score: Score): SummaryScore {
  const terms: SummaryScore["terms"] = {};
  for (const name of Object.keys(score.terms)) terms[name] = { value: score.terms[name].value };
  const part: SummaryScore = { value: score.value, terms, instrument: score.instrument };
  if (score.error !== undefined) part.error = score.error;
  if (score.error_kind !== undefined) part.error_kind = score.error_kind;
  return part;
}
