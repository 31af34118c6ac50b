// The rows a journaled request scored. /v1/score bodies hold them as `rows`, as the client sent them
// (the server journals the body as it came), so each row is read as the server parsed it (`input` as
// `prompt`, a numeric group_id as a string) for every reader: the monitor, `ui --journal`, replay.
// /get_reward requests are journaled as the rows they were converted to (so a replay scores exactly
// what was served, whatever --strip-tokens said), and journals written before that hold OpenRLHF's
// own body.
import { bankRowSchema, transcriptRowSchema } from "../core/schemas.js";
import type { BankRow, TranscriptRow } from "../core/types.js";
import { openRlhfRows } from "./openrlhf.js";

export function journalRows(route: string, body: unknown): (BankRow | TranscriptRow)[] {
  const rows = (body as { rows?: unknown }).rows;
  if (Array.isArray(rows)) return rows.map(asParsed);
  return route === "/get_reward" ? openRlhfRows(body).rows : [];
}

/** A row as the server's row schema reads it; one that no longer passes (an older journal) as stored. */
function asParsed(row: unknown): BankRow | TranscriptRow {
  const schema = Array.isArray((row as { turns?: unknown } | null)?.turns) ? transcriptRowSchema : bankRowSchema;
  const parsed = schema.safeParse(row);
  return (parsed.success ? parsed.data : row) as BankRow | TranscriptRow;
}
