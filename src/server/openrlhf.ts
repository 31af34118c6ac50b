// OpenRLHF's remote reward shape (INTEGRATIONS.md): {query, prompts, labels} in,
// {rewards, scores, extra_logs} out. `query` is prompt + response decoded with special tokens, so the
// response is what follows the prompt when the query starts with it.
import { z } from "zod";
import { formatIssues } from "../config/issues.js";
import { InputError } from "../core/errors.js";
import type { BankRow, Score } from "../core/types.js";

const body = z.object({
  query: z.array(z.string()).min(1, "must hold at least one sample"),
  prompts: z.array(z.string()).optional(),
  labels: z.array(z.unknown()).optional(),
});

export function openRlhfRows(raw: unknown): BankRow[] {
  const parsed = body.safeParse(raw);
  if (!parsed.success) throw new InputError("request body", formatIssues(parsed.error));
  const { query, prompts, labels } = parsed.data;
  if (prompts && prompts.length !== query.length) throw new InputError("request body", `prompts has ${prompts.length} items but query has ${query.length}`);
  if (labels && labels.length !== query.length) throw new InputError("request body", `labels has ${labels.length} items but query has ${query.length}`);
  return query.map((q, i) => {
    const prompt = prompts?.[i];
    const output = prompt !== undefined && q.startsWith(prompt) ? q.slice(prompt.length) : q;
    const row: BankRow = { id: String(i), output };
    if (prompt !== undefined) row.prompt = prompt;
    if (labels) row.label = labels[i];
    return row;
  });
}

export function openRlhfResponse(scores: Score[]): { rewards: number[]; scores: number[]; extra_logs: Record<string, (number | null)[]> } {
  const rewards = scores.map((s) => s.value as number);
  const termNames = [...new Set(scores.flatMap((s) => Object.keys(s.terms)))];
  const extra_logs: Record<string, (number | null)[]> = {};
  for (const name of termNames) extra_logs[name] = scores.map((s) => s.terms[name]?.value ?? null);
  // OpenRLHF filters on `scores` in [0, 1]; rewards outside that range are clipped for it, not for `rewards`.
  return { rewards, scores: rewards.map((r) => Math.min(1, Math.max(0, r))), extra_logs };
}
