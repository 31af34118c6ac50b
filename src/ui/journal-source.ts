// The reward server's journal as a dashboard source: a SQLite file or a PostgreSQL URL (every
// replica's requests), opened read-only and followed in the order requests finished, so a refresh
// reads only what finished since the last one (the live monitor's cursor, see server/monitor.ts).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { BankRow, TranscriptRow } from "../core/types.js";
import { InputError } from "../core/errors.js";
import { isPostgresUrl, openJournalStore, type JournalStore } from "../server/journal-store.js";
import { journalRows } from "../server/journal-rows.js";
import { buildIndex } from "./sample-query.js";
import { toSampleRow, type SampleRow } from "./sample-rows.js";
import type { LoadedSource } from "./sample-sources.js";

export interface UiJournal {
  /** Where the journal lives, without credentials. */
  location(): Promise<string>;
  counts(): Promise<Record<string, number>>;
  /** Every finished request's rows with their stored scores, in the order they finished. */
  load(): Promise<LoadedSource>;
  close(): Promise<void>;
}

/** `--journal`: a postgres:// URL or a SQLite file, which must exist (nothing here creates one). */
export function uiJournal(location: string): UiJournal {
  const target = isPostgresUrl(location) ? location : resolve(location);
  if (!isPostgresUrl(location) && !existsSync(target)) throw new InputError("--journal", `${location} does not exist`);
  let store: Promise<JournalStore> | undefined;
  const opened = () => (store ??= openJournalStore(target, { readonly: true }));
  const rows: SampleRow[] = [];
  const bad: { line: number; problem: string }[] = [];
  let cursor = 0;
  let current: LoadedSource = { index: buildIndex([]), bad };
  let refreshing: Promise<LoadedSource> | undefined;

  const refresh = async (): Promise<LoadedSource> => {
    const journal = await opened();
    let added = false;
    for (;;) {
      const page = await journal.finishedAfter(cursor, 512);
      if (page.length === 0) break;
      for (const { seq, request, results } of page) {
        cursor = seq;
        let body: (BankRow | TranscriptRow)[];
        try {
          body = journalRows(request.route, JSON.parse(request.body));
        } catch (err) {
          bad.push({ line: rows.length, problem: `request ${request.id}: body unreadable (${(err as Error).message})` });
          continue;
        }
        for (const result of results) {
          const row = body[result.index] ?? { id: result.rowId ?? String(result.index), output: "" };
          const step = result.step ?? (typeof row.step === "number" ? row.step : undefined);
          rows.push(toSampleRow({ ...row, id: `${request.id}/${row.id ?? result.index}`, step } as BankRow | TranscriptRow, rows.length, result.score));
          added = true;
        }
      }
    }
    // The index is rebuilt only when rows arrived.
    if (added) current = { index: buildIndex(rows), bad };
    return current;
  };

  return {
    location: async () => (await opened()).location,
    counts: async () => (await opened()).counts(),
    load() {
      refreshing ??= refresh().finally(() => (refreshing = undefined));
      return refreshing;
    },
    async close() {
      if (store) await (await store).close();
    },
  };
}

/** Opens the journal once and reads its counts, so a wrong path or an unreachable server fails at start. */
export async function checkUiJournal(location: string): Promise<void> {
  const journal = uiJournal(location);
  try {
    await journal.counts();
  } finally {
    await journal.close().catch(() => {});
  }
}
