// Where sample rows come from: scored JSONL files under the artifacts folder (the reward server's
// journal is read by journal-source.ts). Each file is indexed once and kept until it changes.
import { statSync } from "node:fs";
import type { BankRow, TranscriptRow } from "../core/types.js";
import { readJsonl } from "../core/jsonl.js";
import { buildIndex, type SampleIndex } from "./sample-query.js";
import { toSampleRow } from "./sample-rows.js";

export interface LoadedSource {
  index: SampleIndex;
  /** Lines that were not JSON objects, reported rather than dropped silently. */
  bad: { line: number; problem: string }[];
}

export function loadJsonlSource(path: string): LoadedSource {
  const { rows, bad } = readJsonl<BankRow | TranscriptRow>(path, { strict: false });
  return { index: buildIndex(rows.map((r, i) => toSampleRow(r, i))), bad };
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
