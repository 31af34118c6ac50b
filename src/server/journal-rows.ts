// The rows a journaled request scored. /v1/score bodies hold them as `rows`; /get_reward requests are
// journaled as the rows they were converted to (so a replay scores exactly what was served, whatever
// --strip-tokens said), and journals written before that hold OpenRLHF's own body.
import type { BankRow, TranscriptRow } from "../core/types.js";
import { openRlhfRows } from "./openrlhf.js";

export function journalRows(route: string, body: unknown): (BankRow | TranscriptRow)[] {
  const rows = (body as { rows?: unknown }).rows;
  if (Array.isArray(rows)) return rows as (BankRow | TranscriptRow)[];
  return route === "/get_reward" ? openRlhfRows(body).rows : [];
}
