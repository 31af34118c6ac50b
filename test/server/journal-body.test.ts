import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import type { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { replayJournal } from "../../src/server/replay.js";
import { journalRows } from "../../src/server/journal-rows.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer } from "../../src/stacks/types.js";
import { tempJournalPerTest } from "../helpers/temp-journal.js";

// /v1/score journals the body as it was sent (not the parsed rows serialized again); replay and the
// monitor read rows from it and must score exactly what was served.

// Scores what row parsing normalizes (`input` read as `prompt`, a numeric group_id made a string), so
// a replay that read the raw rows without parsing them as the server did would change every score.
const normalizedScorer: Scorer<BankRow> = {
  rowKind: "bank",
  instrument: { stack: "norm", version: "1", options: {}, models: {}, hash: "instr-norm" },
  scoreRows: async (rows) => rows.map((row): Score => ({ value: (typeof row.group_id === "string" ? 100 : 0) + String(row.prompt ?? "").length + row.output.length / 1000, terms: {}, instrument: "instr-norm" })),
};

let dir: string;
let journal: Journal;
tempJournalPerTest("fg-body-", (d, j) => ([dir, journal] = [d, j]));

describe("the journaled body of /v1/score", () => {
  it("is the request text as sent, and a replay from it gives the served scores bit for bit", async () => {
    const store = new SqliteStore(journal, "test");
    const app = createApp({ scorers: { norm: normalizedScorer }, defaultStack: "norm", journal: store });
    const text = `{ "request_id": "r1",\n  "rows": [ {"output": "caf\\u00e9 au lait", "input": "abc", "group_id": 7, "id": "a", "step": 2},\n {"id": "b", "prompt": "xy", "output": "zz"} ] }`;
    const res = await app.request("/v1/score", { method: "POST", body: text, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    const served = ((await res.json()) as { rows: { score: Score }[] }).rows.map((r) => r.score.value);
    expect(served).toEqual([103.012, 2.002]);
    expect(journal.get("r1")?.body).toBe(text);
    const report = await replayJournal(store, normalizedScorer);
    expect(report.rows).toBe(2);
    expect(report.changed).toBe(0);
    // Every reader of the journal (the monitor, ui --journal) sees the rows as the server parsed them.
    const [a, b] = journalRows("/v1/score", JSON.parse(journal.get("r1")!.body)) as BankRow[];
    expect([a.prompt, a.group_id, a.output, b.prompt]).toEqual(["abc", "7", "café au lait", "xy"]);
  });
});
