// A journal written by the first release (no lease or done_seq columns) is read whole, read-only or
// not, and keeps working when a new server opens it: its finished requests come first, in arrival
// order, then the new ones.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Journal } from "../../src/server/journal.js";

const OLD_SCHEMA = `
CREATE TABLE requests (id TEXT PRIMARY KEY, received_at TEXT NOT NULL, completed_at TEXT, route TEXT NOT NULL, stack TEXT NOT NULL,
  instrument TEXT NOT NULL, body_hash TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')), error TEXT);
CREATE TABLE results (request_id TEXT NOT NULL REFERENCES requests(id), idx INTEGER NOT NULL, row_id TEXT, step INTEGER, value REAL, error TEXT, score TEXT NOT NULL, PRIMARY KEY (request_id, idx));
`;

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fg-migrate-"));
  path = join(dir, "old.sqlite");
  const db = new Database(path);
  db.exec(OLD_SCHEMA);
  for (let i = 0; i < 300; i++) {
    db.prepare("INSERT INTO requests VALUES (?, ?, ?, '/v1/score', 's', 'i', ?, '{\"rows\":[]}', 'done', NULL)").run(`old-${i}`, new Date(i).toISOString(), new Date(i).toISOString(), `h${i}`);
    db.prepare("INSERT INTO results VALUES (?, 0, 'r', ?, ?, NULL, ?)").run(`old-${i}`, i, i, JSON.stringify({ value: i, terms: {}, instrument: "i" }));
  }
  db.close();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function follow(journal: Journal): string[] {
  const ids: string[] = [];
  for (let seq = 0; ; ) {
    const page = journal.finishedAfter(seq, 64);
    if (page.length === 0) return ids;
    seq = page.at(-1)!.seq;
    ids.push(...page.map((e) => e.request.id));
  }
}

describe("a journal from the first release", () => {
  it("is followed whole when opened read-only", () => {
    const journal = new Journal(path, { readonly: true });
    expect(follow(journal)).toEqual(Array.from({ length: 300 }, (_, i) => `old-${i}`));
    journal.close();
  });

  it("is migrated in place: old requests first, then new ones", () => {
    const journal = new Journal(path);
    expect(journal.begin({ id: "new-1", route: "/v1/score", stack: "s", instrument: "i", bodyHash: "n", body: "{}" }).kind).toBe("new");
    journal.complete("new-1", [{ index: 0, rowId: "r", step: 1, score: { value: 1, terms: {}, instrument: "i" } }]);
    const ids = follow(journal);
    expect(ids).toHaveLength(301);
    expect(ids.at(-1)).toBe("new-1");
    journal.close();
  });
});
