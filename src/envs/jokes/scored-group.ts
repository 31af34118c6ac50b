// The atropos-like ScoredDataGroup that `jokes process` writes, one JSON line per usable group, and
// the verdict on a group: atropos silently drops groups whose scores are all equal (no advantage
// signal) or that hit the length limit; we drop the same groups but always say which and why.
import type { ChatRequest } from "../../models/spec.js";

export type Message = ChatRequest["messages"][number];

export interface ScoredDataGroup {
  /** Token ids per sample: prompt tokens then completion tokens (only when the policy server has /tokenize). */
  tokens?: number[][];
  /** Same length as tokens: −100 on prompt tokens, the token id on completion tokens. */
  masks?: number[][];
  scores: number[];
  messages: Message[][];
  group_id: string;
  joke_id: string;
  finish_reasons: (string | null)[];
  /** Per-sample reward details: perplexities, or why the reasoning was broken. */
  details: Record<string, unknown>[];
}

export type DropReason = "policy_failed" | "short_group" | "reference_failed" | "length_limit" | "scores_all_equal" | "tokenize_failed";

export interface DroppedGroup {
  group_id: string;
  joke_id: string;
  reason: DropReason;
  message: string;
  scores: (number | null)[];
}

export interface GroupVerdictInput {
  expected: number;
  scores: (number | null)[];
  errors: string[];
  finishReasons: (string | null)[];
  /** Keep groups with a sample that stopped at max_tokens (atropos would drop them). */
  keepTruncated: boolean;
}

/** null when the group is usable, otherwise the first reason it is not. */
export function groupDropReason(input: GroupVerdictInput): { reason: DropReason; message: string } | null {
  const { expected, scores, errors, finishReasons } = input;
  if (scores.length < expected) return { reason: "short_group", message: `the policy returned ${scores.length} of ${expected} samples` };
  const failed = scores.filter((s) => s === null).length;
  if (failed > 0) return { reason: "reference_failed", message: `${failed} of ${scores.length} samples could not be scored: ${errors[0] ?? "unknown error"}` };
  const truncated = finishReasons.filter((f) => f === "length").length;
  if (truncated > 0 && !input.keepTruncated) {
    return { reason: "length_limit", message: `${truncated} of ${scores.length} samples stopped at max_tokens (atropos drops such groups; --keep-truncated keeps them)` };
  }
  if (scores.every((s) => s === scores[0])) return { reason: "scores_all_equal", message: `all ${scores.length} scores equal ${scores[0]}: no advantage signal` };
  return null;
}
