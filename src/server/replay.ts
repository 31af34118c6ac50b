// Replay the journal: rescore every finished request under another instrument and compare with
// what was served (SPEC §10 "replay and rescoring"). Read-only on the journal.
import type { Score } from "../core/types.js";
import { parseRows } from "../core/schemas.js";
import type { Scorer } from "../stacks/types.js";
import type { JournalStore } from "./journal-store.js";
import { journalRows } from "./journal-rows.js";

export interface ReplayRow {
  requestId: string;
  index: number;
  rowId: string | null;
  served: number | null;
  rescored: number | null;
  error?: string;
}

export interface ReplayReport {
  requests: number;
  rows: number;
  servedInstruments: string[];
  rescoredInstrument: string;
  /** Rows whose value changed (bit-exact comparison). */
  changed: number;
  meanChange: number | null;
  maxAbsChange: number | null;
  rowsWithErrors: number;
  details: ReplayRow[];
}

export async function replayJournal(journal: JournalStore, scorer: Scorer, options: { stack?: string; pageSize?: number } = {}): Promise<ReplayReport> {
  const details: ReplayRow[] = [];
  const servedInstruments = new Set<string>();
  let requests = 0;
  let cursor = 0;
  for (;;) {
    const page = await journal.finishedAfter(cursor, options.pageSize ?? 256);
    if (page.length === 0) break;
    cursor = page[page.length - 1].seq;
    for (const { request, results: served } of page) {
      if (options.stack && request.stack !== options.stack) continue;
      requests++;
      servedInstruments.add(request.instrument);
      const rows = parseRows(scorer.rowKind, journalRows(request.route, JSON.parse(request.body)), `journal request ${request.id}`);
      const rescored: Score[] = await scorer.scoreRows(rows as never);
      rescored.forEach((score, index) => {
        details.push({
          requestId: request.id,
          index,
          rowId: served[index]?.rowId ?? null,
          served: served[index]?.score.value ?? null,
          rescored: score.value,
          ...(score.error ? { error: score.error } : {}),
        });
      });
    }
  }
  const comparable = details.filter((d) => d.served !== null && d.rescored !== null);
  const diffs = comparable.map((d) => (d.rescored as number) - (d.served as number));
  return {
    requests,
    rows: details.length,
    servedInstruments: [...servedInstruments],
    rescoredInstrument: scorer.instrument.hash,
    changed: diffs.filter((d) => d !== 0).length,
    meanChange: diffs.length ? diffs.reduce((a, b) => a + b, 0) / diffs.length : null,
    maxAbsChange: diffs.length ? Math.max(...diffs.map(Math.abs)) : null,
    rowsWithErrors: details.filter((d) => d.error).length,
    details,
  };
}
