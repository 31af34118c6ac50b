// Training-log rows for the group-level audits: humor transcript rows with a GRPO group (`group_id` at
// the top level or in meta) and, optionally, a step and a humor score (score.terms as the humor stack
// writes them). The per-session reward components are read from the score's per-turn details.
import { InputError } from "../core/errors.js";
import type { Score, TranscriptRow } from "../core/types.js";
import { stepOf } from "./training-guards.js";

export type LogRow = TranscriptRow & { group_id?: string; step?: number; score?: Score };

export function groupOf(row: LogRow): string | null {
  const g = row.group_id ?? (row.meta as Record<string, unknown> | undefined)?.group_id;
  return typeof g === "string" && g !== "" ? g : typeof g === "number" ? String(g) : null;
}

export function requireGroups(rows: readonly LogRow[], where = "log"): void {
  rows.forEach((r, i) => {
    if (groupOf(r) === null) throw new InputError(`${where} row ${i + 1}.group_id`, "expected a GRPO group id (top-level group_id or meta.group_id)");
  });
}

/** A term's session value from a humor score, or an error naming the known terms. */
export function termValue(score: Score | undefined, term: string, where: string): number | null {
  if (!score) throw new InputError(where, "has no score: score the log first (foolsgold score --stack humor) or let the audit score it");
  if (!(term in score.terms)) throw new InputError("--term", `unknown term "${term}" (this score has: ${Object.keys(score.terms).join(", ")})`);
  const v = score.terms[term].value;
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

const meanOf = (xs: unknown): number | null => (Array.isArray(xs) && xs.length > 0 && xs.every((x) => typeof x === "number") ? (xs as number[]).reduce((s, x) => s + x, 0) / xs.length : null);

/**
 * The additive training reward's components per session (SPEC §4): mean grounding credit, mean
 * (1 − self-repetition), mean taste, and the mean screen-fail indicator. Null when the score lacks them.
 */
export function humorRewardComponents(score: Score | undefined): Record<"floor" | "repetition" | "taste" | "screen", number> | null {
  if (!score || score.value === null) return null;
  const credit = meanOf(score.terms.grounding?.details?.credit);
  const s = meanOf(score.terms.repetition?.details?.s);
  const taste = meanOf(score.terms.taste?.details?.taste);
  const m = (score.terms.grounding?.details?.credit as unknown[] | undefined)?.length ?? 0;
  const fails = (score.terms.screens?.details?.fail_turns as unknown[] | undefined)?.length ?? 0;
  if (credit === null || s === null || taste === null || m === 0) return null;
  return { floor: credit, repetition: 1 - s, taste, screen: fails / m };
}

export { stepOf };
