// The one typed per-row error value. A score keeps `error` as a readable string (what journals,
// dashboards and trainers already read) and adds `error_kind`; rowErrorOf turns either back into
// the typed value.
import { errorMessage, InputError } from "../core/errors.js";
import type { Score } from "../core/types.js";
import { ModelError } from "../models/errors.js";
import type { RowError, RowErrorKind } from "../terms/types.js";

export const ROW_ERROR_KINDS: readonly RowErrorKind[] = ["input", "model", "internal"];

/** Classifies a thrown error: bad input, a failed backend call, or anything else (a bug). */
export function rowErrorFrom(err: unknown): RowError {
  if (err instanceof InputError) return { kind: "input", message: err.message };
  if (err instanceof ModelError) return { kind: "model", message: err.message };
  return { kind: "internal", message: errorMessage(err) };
}

/** A term's reported error: a bare string is what legacy model-based terms return on a failed call. */
export function asRowError(error: RowError | string): RowError {
  return typeof error === "string" ? { kind: "model", message: error } : error;
}

/** The typed error of a score, or undefined when it has a value. Scores without error_kind read as internal. */
export function rowErrorOf(score: Pick<Score, "error" | "error_kind">): RowError | undefined {
  if (score.error === undefined) return undefined;
  return { kind: score.error_kind ?? "internal", message: score.error };
}
