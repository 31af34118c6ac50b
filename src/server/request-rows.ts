// The rows of a /v1/score body, read with the row schema of SPEC §12. core's parseRows builds its
// array schema on every call (zod's constructors define properties one by one: ≈ 6 µs of the main
// thread per one-sample request, more than the row's own check); here the array schemas are built
// once, and a body that fails is read again by parseRows, so the error names the field exactly as
// every other reader of rows does. Plain bank rows (string fields only, OpenRLHF's and most trainers'
// rows) skip zod altogether through core's hand-checked shortcut, as parseRows itself does.
import { z } from "zod";
import { plainBankRows } from "../core/plain-bank-row.js";
import { bankRowSchema, parseRows, transcriptRowSchema } from "../core/schemas.js";
import type { BankRow, TranscriptRow } from "../core/types.js";

const bankRows = z.array(bankRowSchema);
const transcriptRows = z.array(transcriptRowSchema);

export function requestRows(kind: "bank" | "transcript", rows: unknown[], where: string): BankRow[] | TranscriptRow[] {
  const plain = kind === "bank" ? plainBankRows(rows) : undefined;
  if (plain) return plain;
  const parsed = (kind === "bank" ? bankRows : transcriptRows).safeParse(rows);
  if (parsed.success) return parsed.data as BankRow[] | TranscriptRow[];
  return parseRows(kind, rows, where);
}
