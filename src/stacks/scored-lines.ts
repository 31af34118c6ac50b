// One scored output row as `foolsgold score` writes it, and the part of a score the run summary
// reads, so a scoring thread can write rows itself and send back only that part.
import type { Score, TermValue } from "../core/types.js";

/**
 * The row unchanged plus its score, as one JSON line with its newline: the text of
 * `JSON.stringify({ ...row, score })`. The row's own string values (the reply, the prompt) are most of
 * a line, and the engine's serializer copies a long two-byte string a character at a time; a string
 * whose only characters to escape are `\`, `"` and newlines is escaped by native replaces instead
 * (issue 20). Any other row, or value, is serialized by the engine.
 */
export function scoredLine(row: object, score: Score): string {
  if (!plainRow(row)) return JSON.stringify({ ...row, score }) + "\n";
  let out = "{";
  const fields = row as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    // Any other value inside a one-field object: a toJSON is called with its key, and what the engine
    // leaves out of an object (undefined, functions, symbols) comes back as "{}", so as nothing.
    const field = typeof value === "string" ? JSON.stringify(key) + ":" + jsonString(value) : JSON.stringify({ [key]: value }).slice(1, -1);
    if (field !== "") out += field + ",";
  }
  return out + '"score":' + JSON.stringify(score) + "}\n";
}

/**
 * A row whose fields serialize one by one as they do inside it: an object that is no array, has no
 * toJSON of its own and no `score` field (the spread would put the score in that field's place).
 */
function plainRow(row: object): boolean {
  return !Array.isArray(row) && typeof (row as { toJSON?: unknown }).toJSON !== "function" && !Object.hasOwn(row, "score");
}

/** Control characters other than the newline, and surrogates (paired or lone): left to the engine. */
const ESCAPED_BY_ENGINE = /[\u0000-\u0009\u000b-\u001f\ud800-\udfff]/;

/** JSON.stringify(s), by native replaces when s holds no character in ESCAPED_BY_ENGINE. */
export function jsonString(s: string): string {
  if (ESCAPED_BY_ENGINE.test(s)) return JSON.stringify(s);
  let out = s;
  if (out.includes("\\")) out = out.replaceAll("\\", "\\\\");
  if (out.includes('"')) out = out.replaceAll('"', '\\"');
  if (out.includes("\n")) out = out.replaceAll("\n", "\\n");
  return '"' + out + '"';
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
