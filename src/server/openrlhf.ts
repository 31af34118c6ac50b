// OpenRLHF's remote reward shape (INTEGRATIONS.md): {query, prompts, labels} in,
// {rewards, scores, extra_logs} out. `query` is prompt + response decoded with special tokens, so the
// response is what follows the prompt; BOS/template tokens can make the prompt differ from the
// query's head, a prompt past OpenRLHF's length limit is cut from the left (the query begins with its
// end), and end-of-sequence tokens such as <|im_end|> end the response. All are handled
// with a configurable list of special tokens; a prompt that still does not begin the query is a
// per-sample error naming where they differ, never a silently scored system prompt.
import { createHash } from "node:crypto";
import { z } from "zod";
import { formatIssues } from "../core/issues.js";
import { InputError } from "../core/errors.js";
import type { BankRow, Score } from "../core/types.js";

/** Special tokens removed from `query` and `prompts` before matching (BOS, EOS, end-of-turn). */
export const DEFAULT_STRIP_TOKENS = ["<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end_of_text|>", "<|begin_of_text|>", "<|end|>", "<|eos|>", "<end_of_turn>", "<eos>", "<bos>", "</s>", "<s>"];

export interface OpenRlhfOptions {
  stripTokens: readonly string[];
}

const body = z
  .object({
    query: z.array(z.string()),
    prompts: z.array(z.string()).optional(),
    labels: z.array(z.unknown()).optional(),
  })
  .strict();

export interface SampleProblem {
  index: number;
  id: string;
  reason: string;
}

function stripAll(text: string, tokens: readonly string[]): string {
  let out = text;
  for (const t of tokens) if (t) out = out.split(t).join("");
  return out;
}

/** Where two strings first differ, for the error message. */
function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Characters of a left-truncated prompt that must remain for the query to be matched with it. */
const MIN_KEPT_CHARS = 32;

/**
 * OpenRLHF truncates a prompt longer than its limit from the left: the query then begins with the
 * prompt's end, not the whole prompt. Returns the length of the longest end of `prompt` (at least
 * MIN_KEPT_CHARS) that begins `query`, or undefined.
 */
function keptPromptEnd(query: string, prompt: string): number | undefined {
  if (query.length < MIN_KEPT_CHARS) return undefined;
  const probe = query.slice(0, MIN_KEPT_CHARS);
  for (let at = prompt.indexOf(probe, 1); at > 0; at = prompt.indexOf(probe, at + 1)) {
    if (query.startsWith(prompt.slice(at))) return prompt.length - at;
  }
  return undefined;
}

/** A short, stable group id for the replies to one prompt. */
function promptGroup(prompt: string): string {
  return `prompt-${createHash("sha256").update(prompt).digest("hex").slice(0, 16)}`;
}

export function openRlhfRows(raw: unknown, options: OpenRlhfOptions = { stripTokens: DEFAULT_STRIP_TOKENS }): { rows: BankRow[]; problems: SampleProblem[] } {
  const parsed = body.safeParse(raw);
  if (!parsed.success) throw new InputError("request body", formatIssues(parsed.error));
  const { query, prompts, labels } = parsed.data;
  if (prompts && prompts.length !== query.length) throw new InputError("request body", `prompts has ${prompts.length} items but query has ${query.length}`);
  if (labels && labels.length !== query.length) throw new InputError("request body", `labels has ${labels.length} items but query has ${query.length}`);
  const problems: SampleProblem[] = [];
  const rows = query.map((q, i) => {
    const id = String(i);
    const prompt = prompts?.[i];
    let output = stripAll(q, options.stripTokens);
    let cleanPrompt: string | undefined;
    if (prompt !== undefined) {
      cleanPrompt = stripAll(prompt, options.stripTokens);
      const kept = q.startsWith(prompt) ? undefined : keptPromptEnd(output, cleanPrompt);
      if (q.startsWith(prompt)) output = stripAll(q.slice(prompt.length), options.stripTokens);
      else if (output.startsWith(cleanPrompt)) output = output.slice(cleanPrompt.length);
      else if (kept !== undefined) output = output.slice(kept);
      else {
        const at = firstDifference(output, cleanPrompt);
        problems.push({
          index: i,
          id,
          reason: `prompts[${i}] does not begin query[${i}] even without the special tokens ${options.stripTokens.join(" ")}: they differ at character ${at} (query ${JSON.stringify(output.slice(at, at + 24))}, prompt ${JSON.stringify(cleanPrompt.slice(at, at + 24))}); add the differing token to --strip-tokens or send prompts exactly as the query starts`,
        });
      }
    }
    const row: BankRow = { id, output };
    if (cleanPrompt !== undefined) {
      row.prompt = cleanPrompt;
      // OpenRLHF's replies to one prompt are one group: compared together when several share a call,
      // and each held to the group gates' baseline when it comes alone (one-item lists).
      row.group_id = promptGroup(cleanPrompt);
    }
    if (labels) row.label = labels[i];
    return row;
  });
  return { rows, problems };
}

export interface OpenRlhfResponse {
  rewards: number[];
  scores: number[];
  extra_logs: Record<string, number[]>;
}

export function openRlhfResponse(scores: Score[]): OpenRlhfResponse {
  const rewards = scores.map((s) => s.value as number);
  const termNames = [...new Set(scores.flatMap((s) => Object.keys(s.terms)))];
  const extra_logs: Record<string, number[]> = {};
  // OpenRLHF turns every extra_logs list into a tensor: a term is logged only when every sample has a
  // number for it (a gated reply skips some terms), never padded with made-up values.
  for (const name of termNames) {
    const values = scores.map((s) => s.terms[name]?.value);
    if (values.every((v): v is number => typeof v === "number" && Number.isFinite(v))) extra_logs[name] = values;
  }
  // OpenRLHF filters on `scores` in [0, 1]; rewards outside that range are clipped for it, not for `rewards`.
  return { rewards, scores: rewards.map((r) => Math.min(1, Math.max(0, r))), extra_logs };
}
