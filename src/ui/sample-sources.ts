// Where sample rows come from: scored JSONL files under the artifacts folder, or the reward server's
// journal (opened read-only). Each source is indexed once and kept until its file changes.
import { statSync } from "node:fs";
import type { BankRow, TranscriptRow } from "../core/types.js";
import { readJsonl } from "../core/jsonl.js";
import { Journal } from "../server/journal.js";
import { journalRows } from "../server/journal-rows.js";
import { buildIndex, type SampleIndex } from "./sample-query.js";
import { toSampleRow, type SampleRow } from "./sample-rows.js";

export interface LoadedSource {
  index: SampleIndex;
  /** Lines that were not JSON objects, reported rather than dropped silently. */
  bad: { line: number; problem: string }[];
}

export function loadJsonlSource(path: string): LoadedSource {
  const { rows, bad } = readJsonl<BankRow | TranscriptRow>(path, { strict: false });
  return { index: buildIndex(rows.map((r, i) => toSampleRow(r, i))), bad };
}

/** Every finished request's rows with their stored scores, in arrival order. */
export function loadJournalSource(path: string): LoadedSource {
  const journal = new Journal(path, { readonly: true });
  const out: SampleRow[] = [];
  const bad: { line: number; problem: string }[] = [];
  try {
    for (const request of journal.finishedRequests()) {
      let rows: (BankRow | TranscriptRow)[];
      try {
        rows = journalRows(request.route, JSON.parse(request.body));
      } catch (err) {
        bad.push({ line: out.length, problem: `request ${request.id}: body unreadable (${(err as Error).message})` });
        continue;
      }
      for (const result of journal.results(request.id)) {
        const row = rows[result.index] ?? { id: result.rowId ?? String(result.index), output: "" };
        const step = result.step ?? (typeof row.step === "number" ? row.step : undefined);
        out.push(toSampleRow({ ...row, id: `${request.id}/${row.id ?? result.index}`, step } as BankRow | TranscriptRow, out.length, result.score));
      }
    }
  } finally {
    journal.close();
  }
  return { index: buildIndex(out), bad };
}

/** Caches loaded sources by path and modification time; the least recently used goes beyond `capacity`. */
export class SourceCache {
  private readonly entries = new Map<string, { mtimeMs: number; size: number; loaded: LoadedSource }>();

  constructor(private readonly capacity = 4) {}

  get(path: string, load: (path: string) => LoadedSource): LoadedSource {
    const st = statSync(path);
    const hit = this.entries.get(path);
    this.entries.delete(path);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) {
      this.entries.set(path, hit);
      return hit.loaded;
    }
    const loaded = load(path);
    this.entries.set(path, { mtimeMs: st.mtimeMs, size: st.size, loaded });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return loaded;
  }
}
