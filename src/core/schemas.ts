// zod schemas for the data contracts of SPEC §12. Rows keep unknown extra fields (they are echoed
// back unchanged), but the fields foolsgold reads are checked and named when wrong.
import { z } from "zod";
import { InputError } from "./errors.js";
import { formatIssues } from "./issues.js";
import { plainBankRows } from "./plain-bank-row.js";
import type { BankRow, TranscriptRow } from "./types.js";

const chatMessage = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string(),
});

const idField = z.union([z.string().min(1), z.number().transform(String)]);

export const bankRowSchema = z
  .looseObject({
    id: idField,
    prompt: z.union([z.string(), z.array(chatMessage)]).optional(),
    input: z.union([z.string(), z.array(chatMessage)]).optional(),
    output: z.string(),
    group_id: z.union([z.string(), z.number().transform(String)]).optional(),
    step: z.number().int().nonnegative().optional(),
    finish_reason: z.string().optional(),
    thinking: z.boolean().optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .transform((row) => {
    // `input` is accepted for `prompt` (SPEC §12).
    if (row.prompt === undefined && row.input !== undefined) return { ...row, prompt: row.input };
    return row;
  });

export const turnSchema = z.looseObject({
  speaker: z.string().min(1),
  text: z.string(),
});

export const transcriptRowSchema = z.looseObject({
  id: idField,
  seed: z.number().int(),
  turns: z.array(turnSchema),
  meta: z.record(z.string(), z.unknown()).optional(),
});

export function parseRows(kind: "bank" | "transcript", rows: unknown[], where: string): BankRow[] | TranscriptRow[] {
  const plain = kind === "bank" ? plainBankRows(rows) : undefined;
  if (plain) return plain;
  const schema = kind === "bank" ? bankRowSchema : transcriptRowSchema;
  const parsed = z.array(schema).safeParse(rows);
  if (!parsed.success) throw new InputError(where, formatIssues(parsed.error, ["rows"]));
  return parsed.data as BankRow[] | TranscriptRow[];
}
