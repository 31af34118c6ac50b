// The dashboard's journal source on both engines: a real PostgreSQL journal written by two replicas
// (test/helpers/postgres.ts; skipped, saying why, where none is reachable) and a SQLite file that
// keeps growing while the dashboard reads it.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Score } from "../../src/core/types.js";
import { Journal } from "../../src/server/journal.js";
import { openJournalStore, type JournalStore } from "../../src/server/journal-store.js";
import { createUiApp } from "../../src/ui/app.js";
import { freshSchema, pgSkipReason, PG_URL } from "../helpers/postgres.js";
import { runMain } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-ui-journal-"));
const root = join(dir, "artifacts");
mkdirSync(root);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const score = (value: number): Score => ({ value, terms: { slop: { value: value / 2 } }, instrument: "fixture" });

async function serve(store: JournalStore, id: string, outputs: string[], step: number): Promise<void> {
  const rows = outputs.map((output, i) => ({ id: `${id}-r${i}`, output, step }));
  await store.begin({ id, route: "/v1/score", stack: "prose", instrument: "fixture", bodyHash: `h-${id}`, body: JSON.stringify({ rows }) }, 60_000);
  await store.complete(
    id,
    rows.map((r, index) => ({ index, rowId: r.id, step, score: score(index + 1) })),
  );
}

type Samples = { total: number; matched: number; rows: { id: string; step: number; value: number | null; output: string }[] };
const get = async (app: ReturnType<typeof createUiApp>, path: string) => {
  const res = await app.request(path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe.skipIf(pgSkipReason !== undefined)(`ui --journal postgres://…${pgSkipReason ? ` (skipped: ${pgSkipReason})` : ""}`, () => {
  const schema = freshSchema();
  const stores: JournalStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });
  afterAll(() => schema.drop());

  it("shows every replica's rows with their stored scores, and rows that finish later", async () => {
    const [a, b] = [await openJournalStore(schema.url), await openJournalStore(schema.url)];
    stores.push(a, b);
    await serve(a, "from-a", ["Knock knock.", "Who's there?"], 3);
    await serve(b, "from-b", ["Lettuce."], 4);
    const pending = { id: "still-pending", route: "/v1/score", stack: "prose", instrument: "fixture", bodyHash: "h-p", body: JSON.stringify({ rows: [{ id: "p", output: "…" }] }) };
    await a.begin(pending, 60_000);
    const app = createUiApp({ artifactsDir: root, journalPath: schema.url });
    const runs = (await get(app, "/api/runs")).body.journal as { file: string; counts: Record<string, number> };
    expect(runs.counts).toEqual({ done: 2, pending: 1, failed: 0 });
    expect(runs.file).not.toContain("foolsgold:foolsgold@"); // no password shown
    const first = (await get(app, "/api/samples?source=journal")).body as Samples;
    expect(first.rows.map((r) => [r.id, r.step, r.value, r.output])).toEqual([
      ["from-a/from-a-r0", 3, 1, "Knock knock."],
      ["from-a/from-a-r1", 3, 2, "Who's there?"],
      ["from-b/from-b-r0", 4, 1, "Lettuce."],
    ]);
    // Another replica finishes a request: the next call shows it, filters included.
    await serve(b, "later", ["Lettuce in, it's cold out here."], 5);
    const next = (await get(app, "/api/samples?source=journal&q=lettuce")).body as Samples;
    expect(next.total).toBe(4);
    expect(next.rows.map((r) => r.id)).toEqual(["from-b/from-b-r0", "later/later-r0"]);
    const row = (await get(app, "/api/sample?source=journal&index=3")).body as { id: string; value: number; terms: Record<string, number> };
    expect([row.id, row.value, row.terms.slop]).toEqual(["later/later-r0", 1, 0.5]);
  });

  it("refuses an unreachable server at start with one line naming --journal (exit 2)", async () => {
    const bad = PG_URL.replace(/:\d+\//, ":1/");
    const run = await runMain(["ui", "--artifacts", root, "--journal", bad, "--port", "0"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--journal.*cannot open the PostgreSQL journal/);
  });
});

describe("ui --journal FILE", () => {
  it("shows rows journaled after the dashboard first read the file", async () => {
    const path = join(dir, "growing.sqlite");
    const writer = await openJournalStore(path);
    await serve(writer, "one", ["first reply"], 1);
    const app = createUiApp({ artifactsDir: root, journalPath: path });
    expect(((await get(app, "/api/samples?source=journal")).body as Samples).matched).toBe(1);
    // Written to the WAL: the database file itself may not change until a checkpoint.
    await serve(writer, "two", ["second reply", "third reply"], 2);
    const after = (await get(app, "/api/samples?source=journal")).body as Samples;
    expect(after.matched).toBe(3);
    expect(after.rows.map((r) => r.output)).toEqual(["first reply", "second reply", "third reply"]);
    await writer.close();
    const check = new Journal(path, { readonly: true });
    expect(check.counts().done).toBe(2);
    check.close();
  });

  it("names a file that does not exist", () => {
    expect(() => createUiApp({ artifactsDir: root, journalPath: join(dir, "missing.sqlite") })).toThrow(/--journal.*missing\.sqlite does not exist/);
  });
});
