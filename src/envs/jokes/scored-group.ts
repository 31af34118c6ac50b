// The atropos-like ScoredDataGroup that `jokes process` writes, one JSON line per usable group, and
// the verdict on a group: atropos silently drops groups whose scores are all equal (no advantage
// signal) or that hit the length limit; we drop the same groups but always say which and why.
import { z } from "zod";
import type { ChatRequest } from "../../models/spec.js";

export type Message = ChatRequest["messages"][number];

const message = z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() });

/** One JSON line of `jokes process --write`; published as schemas/scored-data-group.schema.json. */
export const scoredDataGroupSchema = z
  .object({
    tokens: z.array(z.array(z.number().int())).optional().describe("Per sample: prompt token ids then completion token ids (when the policy server has /tokenize)"),
    masks: z.array(z.array(z.number().int())).optional().describe("Same shape as tokens: -100 on prompt tokens, the token id on completion tokens"),
    scores: z.array(z.number()).describe("VR-CLI reward per sample: in [0, 1), or -1 for missing/broken reasoning"),
    messages: z.array(z.array(message)).describe("Per sample: the policy prompt and the completion as generated"),
    group_id: z.string().describe("joke id : group index"),
    joke_id: z.string().describe("Stable hash of the joke (normalized setup + punchline)"),
    finish_reasons: z.array(z.string().nullable()),
    details: z.array(z.record(z.string(), z.unknown())).describe("Per sample: base_perplexity, plus_perplexity, punchline_tokens, answer, reasoning_problem"),
  })
  .describe("An atropos-like ScoredDataGroup written by foolsgold jokes process");

export type ScoredDataGroup = z.infer<typeof scoredDataGroupSchema>;

export function scoredDataGroupJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scoredDataGroupSchema, { target: "draft-2020-12" }),
    $id: "https://foolsgold.dev/schemas/scored-data-group.schema.json",
    title: "foolsgold scored data group",
  };
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
