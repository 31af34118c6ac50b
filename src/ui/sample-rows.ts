// The sample browser's row model (SPEC §11): one flat row per scored bank or transcript row, whatever its
// source (a scored JSONL file or the reward server's journal), with the per-term values pulled out so the
// browser can show a term breakdown without parsing details.
import type { BankRow, ChatMessage, Score, TranscriptRow } from "../core/types.js";
import type { SampleRow } from "./api-types.js";
export type { SampleRow };

function promptText(prompt: BankRow["prompt"] | undefined): string {
  if (prompt === undefined || prompt === null) return "";
  if (typeof prompt === "string") return prompt;
  if (Array.isArray(prompt)) return (prompt as ChatMessage[]).map((m) => `${m.role}: ${m.content}`).join("\n");
  return JSON.stringify(prompt);
}

function outputText(row: BankRow | TranscriptRow): string {
  if (Array.isArray((row as TranscriptRow).turns)) return (row as TranscriptRow).turns.map((t) => `${t.speaker}: ${t.text}`).join("\n");
  const out = (row as BankRow).output;
  return typeof out === "string" ? out : JSON.stringify(out ?? "");
}

/** Flattens one row; `score` overrides the row's own (journal results are stored apart from the body). */
export function toSampleRow(row: BankRow | TranscriptRow, index: number, score: Score | undefined = row.score): SampleRow {
  const terms: Record<string, number | null> = {};
  const termErrors: Record<string, string> = {};
  const termDetails: Record<string, Record<string, unknown>> = {};
  for (const [name, t] of Object.entries(score?.terms ?? {})) {
    terms[name] = typeof t?.value === "number" ? t.value : null;
    if (t?.error) termErrors[name] = t.error;
    if (t?.details) termDetails[name] = t.details;
  }
  const bank = row as BankRow;
  return {
    index,
    id: String(row.id ?? index),
    step: typeof row.step === "number" ? row.step : null,
    group: typeof row.group_id === "string" ? row.group_id : null,
    value: typeof score?.value === "number" ? score.value : null,
    // An unscored row (a bank before `score`) is not an error: it has no score yet.
    error: score?.error ?? null,
    scored: score !== undefined && score !== null,
    terms,
    term_errors: termErrors,
    term_details: termDetails,
    prompt: promptText(bank.prompt ?? (bank.input as BankRow["prompt"] | undefined)),
    output: outputText(row),
    ...(Array.isArray((row as TranscriptRow).turns) ? { turns: (row as TranscriptRow).turns.map((t) => ({ speaker: String(t.speaker), text: String(t.text) })) } : {}),
    instrument: score?.instrument ?? null,
  };
}

/** The list view's copy of a row: texts cut to what one line shows, no details (pages stay small). */
export function listRow(row: SampleRow, chars = 200): SampleRow {
  const { term_details: _details, turns: _turns, ...rest } = row;
  return { ...rest, prompt: row.prompt.slice(0, chars), output: row.output.slice(0, chars) };
}
