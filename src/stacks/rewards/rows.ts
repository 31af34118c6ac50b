// Rows as trainers hold them, in one place. Reading: a JSONL row from foolsgold ({id, prompt, output}),
// verl ({prompt, response, data_source, reward_model: {ground_truth}, extra_info}) or TRL ({prompt,
// completion, …columns}) becomes a bank row. Calling: a bank row becomes verl's compute_score arguments,
// TRL's (prompts, completions, **columns) batch, or OpenRLHF's {query, prompts, labels} body.
import { InputError } from "../../core/errors.js";
import { readJsonl } from "../../core/jsonl.js";
import type { BankRow, ChatMessage } from "../../core/types.js";

/** The reply's field, in the order trainers' dumps name it. */
const OUTPUT_FIELDS = ["output", "response", "completion", "solution_str"] as const;

/** A trainer's row as a bank row: the reply under `output`, ground truth lifted from verl's reward_model, every other field kept. */
export function toBankRow(raw: unknown, where: string, index: number): BankRow {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new InputError(where, "is not a JSON object");
  const row = raw as Record<string, unknown>;
  const field = OUTPUT_FIELDS.find((f) => row[f] !== undefined);
  if (field === undefined) throw new InputError(where, `has no reply: expected one of ${OUTPUT_FIELDS.join(", ")}`);
  const output = replyText(row[field], `${where}: ${field}`);
  const { [field]: _reply, ...rest } = row;
  const id = row.id ?? row.uid ?? row.index;
  const groundTruth = row.ground_truth ?? groundTruthOf(row.reward_model);
  return {
    ...rest,
    id: typeof id === "string" || typeof id === "number" ? String(id) : String(index + 1),
    output,
    ...(groundTruth !== undefined ? { ground_truth: groundTruth } : {}),
  };
}

function replyText(value: unknown, where: string): string {
  if (typeof value === "string") return value;
  // TRL's conversational completions: [{role: "assistant", content}].
  if (Array.isArray(value) && value.every(isMessage)) return value.map((m) => m.content).join("\n");
  throw new InputError(where, "must be a string or a list of {role, content} messages");
}

function isMessage(value: unknown): value is { role: string; content: string } {
  return value !== null && typeof value === "object" && typeof (value as { role?: unknown }).role === "string" && typeof (value as { content?: unknown }).content === "string";
}

function groundTruthOf(rewardModel: unknown): unknown {
  return rewardModel !== null && typeof rewardModel === "object" ? (rewardModel as { ground_truth?: unknown }).ground_truth : undefined;
}

/** The prompt as one text: a string as is, chat messages' contents joined by lines. */
export function promptText(prompt: BankRow["prompt"]): string {
  if (prompt === undefined) return "";
  if (typeof prompt === "string") return prompt;
  return (prompt as ChatMessage[]).map((m) => m.content).join("\n");
}

/** verl's per-sample compute_score(data_source, solution_str, ground_truth, extra_info). */
export interface VerlArguments {
  data_source: unknown;
  solution_str: string;
  ground_truth: unknown;
  extra_info: unknown;
}

/** A trainer column of a row: a field of its own, or one under `meta` (where the server's /v1/score rows carry them). */
export function column(row: BankRow, name: string): unknown {
  return row[name] ?? row.meta?.[name];
}

export function verlArguments(row: BankRow): VerlArguments {
  // OpenRLHF calls the ground truth a label (the server keeps it as `label`).
  return { data_source: column(row, "data_source") ?? null, solution_str: row.output, ground_truth: column(row, "ground_truth") ?? column(row, "label") ?? null, extra_info: column(row, "extra_info") ?? null };
}

/** TRL's reward_func(prompts=, completions=, **columns): every other column as a list, one entry per row. */
export interface TrlBatch {
  prompts: unknown[];
  completions: unknown[];
  columns: Record<string, unknown[]>;
}

/** Columns a trainer would not hand to a reward function: foolsgold's own score; `meta` is opened into its fields. */
const NOT_COLUMNS = new Set(["prompt", "output", "score", "meta"]);

export function trlBatch(rows: BankRow[]): TrlBatch {
  const names = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) if (!NOT_COLUMNS.has(key)) names.add(key);
    for (const key of Object.keys(row.meta ?? {})) if (!NOT_COLUMNS.has(key)) names.add(key);
  }
  const columns: Record<string, unknown[]> = {};
  for (const name of names) columns[name] = rows.map((r) => column(r, name) ?? null);
  return {
    prompts: rows.map((r) => r.prompt ?? ""),
    // Conversational prompts get conversational completions, as TRL gives them.
    completions: rows.map((r) => (Array.isArray(r.prompt) ? [{ role: "assistant", content: r.output }] : r.output)),
    columns,
  };
}

/** OpenRLHF's remote reward body: query = prompt + reply, the prompts, and the labels (ground truth). */
export interface OpenRlhfBody {
  query: string[];
  prompts: string[];
  labels: unknown[];
}

export function openRlhfBody(rows: BankRow[]): OpenRlhfBody {
  const prompts = rows.map((r) => promptText(r.prompt));
  return { query: rows.map((r, i) => prompts[i] + r.output), prompts, labels: rows.map((r) => column(r, "ground_truth") ?? column(r, "label") ?? "") };
}

/** A JSONL(.gz) file of rows in any trainer's shape, as bank rows; a row without a reply is an InputError naming its line. */
export function readTrainerRows(path: string): BankRow[] {
  return readJsonl<unknown>(path).rows.map((raw, i) => toBankRow(raw, `${path} row ${i + 1}`, i));
}
