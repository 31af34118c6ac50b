// Binding a bank to the reward server's journal (`prereg record --journal J`): each row of a bank rolled
// out by a training pipeline must be a row the server scored, named by the journal's request id and
// the row's index in that request, with the request's body hash. certify re-reads the journal and
// refuses when a bound request is gone, its body changed, or its row is no longer the bank's row.
import { sha256 } from "../core/hash.js";
import type { TranscriptRow } from "../core/types.js";
import { openJournalStore } from "../server/journal-store.js";
import { ProvenanceRefused, rowHash } from "./registry.js";

export interface JournalSource {
  kind: "journal";
  /** The journal's location (a SQLite path or a postgres:// URL without credentials). */
  journal: string;
  /** Per bank row, in order: the request that carried it and its index there. */
  rows: { request_id: string; index: number }[];
  /** sha256 of each bound request's stored body, by request id. */
  bodies: Record<string, string>;
}

function requestRows(body: string): unknown[] {
  try {
    const parsed = JSON.parse(body) as { rows?: unknown };
    return Array.isArray(parsed.rows) ? parsed.rows : [];
  } catch {
    return [];
  }
}

function isTranscript(row: unknown): row is TranscriptRow {
  return row !== null && typeof row === "object" && Array.isArray((row as TranscriptRow).turns);
}

/** Finds every row of `rows` among the journal's finished requests; refuses a row the server never scored. */
export async function bindToJournal(location: string, rows: readonly TranscriptRow[], label: string): Promise<JournalSource> {
  const store = await openJournalStore(location, { readonly: true });
  try {
    const where = new Map<string, { request_id: string; index: number; body: string }>();
    for (let seq = 0; ; ) {
      const page = await store.finishedAfter(seq, 500);
      if (page.length === 0) break;
      for (const entry of page) {
        requestRows(entry.request.body).forEach((row, index) => {
          if (!isTranscript(row)) return;
          const key = rowHash(row);
          if (!where.has(key)) where.set(key, { request_id: entry.request.id, index, body: entry.request.body });
        });
      }
      seq = page.at(-1)!.seq;
    }
    const bound = rows.map((row, i) => {
      const found = where.get(rowHash(row));
      if (!found) throw new ProvenanceRefused(`${label}: row ${i + 1} (seed ${row.seed}) is in no request the reward server's journal ${store.location} finished; a journal-bound bank holds only rows the server scored`, "journal_unbound");
      return found;
    });
    return {
      kind: "journal",
      journal: store.location,
      rows: bound.map(({ request_id, index }) => ({ request_id, index })),
      bodies: Object.fromEntries(bound.map((b) => [b.request_id, sha256(b.body)])),
    };
  } finally {
    await store.close();
  }
}

/** Re-reads the journal a bank was bound to; refuses when it no longer attests to the bank's rows. */
export async function checkJournalBinding(source: JournalSource, rows: readonly TranscriptRow[], label: string): Promise<void> {
  const store = await openJournalStore(source.journal, { readonly: true });
  try {
    const bodies = new Map<string, string | undefined>();
    for (const id of Object.keys(source.bodies)) bodies.set(id, (await store.get(id))?.body);
    for (const [id, hash] of Object.entries(source.bodies)) {
      const body = bodies.get(id);
      if (body === undefined) throw new ProvenanceRefused(`${label} bank: request ${id} of the reward server's journal ${source.journal} is gone`, "journal_mismatch");
      if (sha256(body) !== hash) throw new ProvenanceRefused(`${label} bank: request ${id} in the journal ${source.journal} changed since the bank was recorded`, "journal_mismatch");
    }
    rows.forEach((row, i) => {
      const at = source.rows[i];
      const carried = at ? requestRows(bodies.get(at.request_id)!)[at.index] : undefined;
      if (!at || !isTranscript(carried) || rowHash(carried) !== rowHash(row)) {
        throw new ProvenanceRefused(`${label} bank: row ${i + 1} (seed ${row.seed}) is not the row the journal's request ${at?.request_id ?? "(none)"} carried`, "journal_mismatch");
      }
    });
  } finally {
    await store.close();
  }
}
