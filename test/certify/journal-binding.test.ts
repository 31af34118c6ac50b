// A bank rolled out by a training pipeline is bound to the reward server's journal: every row must be a
// row the server scored, and certify re-reads the journal. The server is the real app (createApp, the
// SQLite journal store) answering real requests; the scorer counts words of the policy's turns, since
// what is tested is the journal's record of the rows, not a score.
import Database from "better-sqlite3";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toJsonl } from "../../src/core/jsonl.js";
import { readLog } from "../../src/certify/registry.js";
import { runMain } from "../helpers/capture-output.js";
import { bindToJournal, checkJournalBinding } from "../../src/certify/journal-binding.js";
import type { Score, TranscriptRow } from "../../src/core/types.js";
import { createApp } from "../../src/server/app.js";
import type { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import type { Scorer } from "../../src/stacks/types.js";
import { tempJournalPerTest } from "../helpers/temp-journal.js";
import { session } from "./fixtures.js";

const words: Scorer<TranscriptRow> = {
  rowKind: "transcript",
  instrument: { stack: "words", version: "1", options: {}, models: {}, hash: "instr-words" },
  scoreRows: async (rows) =>
    rows.map(
      (r): Score => ({
        value: r.turns
          .filter((t) => t.speaker === "policy")
          .map((t) => t.text)
          .join(" ")
          .split(" ").length,
        terms: {},
        instrument: "instr-words",
      }),
    ),
};

let journal: Journal;
let dir: string;
tempJournalPerTest("fg-journal-binding-", (d, j) => {
  [dir, journal] = [d, j];
});

const rowsOf = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => session(20_000_000 + offset + i, [`Reply ${offset + i} one.`, `Reply ${offset + i} two.`]));

async function serve(batches: TranscriptRow[][]): Promise<void> {
  const app = createApp({ scorers: { words }, defaultStack: "words", journal: new SqliteStore(journal, "test journal") });
  for (const [i, rows] of batches.entries()) {
    const res = await app.request("/v1/score", { method: "POST", body: JSON.stringify({ request_id: `rollout-${i}`, rows }), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
  }
}

describe("binding a bank to the reward server's journal", () => {
  it("names each row's request and index; refuses a row the server never scored", async () => {
    const bank = rowsOf(6);
    await serve([bank.slice(0, 4), bank.slice(4)]);
    const source = await bindToJournal(journal.path, bank, "demo trained");
    expect(source.rows).toEqual([0, 1, 2, 3].map((index) => ({ request_id: "rollout-0", index })).concat([0, 1].map((index) => ({ request_id: "rollout-1", index }))));
    expect(Object.keys(source.bodies)).toEqual(["rollout-0", "rollout-1"]);
    await expect(checkJournalBinding(source, bank, "demo trained")).resolves.toBeUndefined();
    const foreign = [...bank.slice(0, 5), ...rowsOf(1, 40)];
    await expect(bindToJournal(journal.path, foreign, "demo trained")).rejects.toThrow(/demo trained: row 6 \(seed 20000040\) is in no request the reward server's journal .* finished/);
  });

  it("certify's check refuses an edited bank row and an edited journal request", async () => {
    const bank = rowsOf(3);
    await serve([bank]);
    const source = await bindToJournal(journal.path, bank, "demo trained");
    const edited = bank.map((r, i) => (i === 1 ? { ...r, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, text: `${t.text} Haha!` } : t)) } : r));
    await expect(checkJournalBinding(source, edited, "demo trained")).rejects.toThrow(/demo trained bank: row 2 \(seed 20000001\) is not the row the journal's request rollout-0 carried/);
    const db = new Database(journal.path);
    db.prepare("UPDATE requests SET body = ? WHERE id = ?").run(JSON.stringify({ rows: edited }), "rollout-0");
    db.close();
    await expect(checkJournalBinding(source, bank, "demo trained")).rejects.toThrow(/request rollout-0 in the journal .* changed since the bank was recorded/);
  });

  it("prereg record --journal records the binding; certify refuses once the journal no longer attests the bank", async () => {
    const base = rowsOf(3);
    const trained = base.map((r) => ({ ...r, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, text: `${t.text} Indeed.` } : t)) }));
    await serve([base, trained]);
    const write = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
    const prereg = write(
      "p.json",
      JSON.stringify({ format: "foolsgold-preregistration/1", name: "journal", registered_at: "2026-01-01T00:00:00Z", hypothesis: "h", seed_set: "demo", bars: [{ metric: "retention", min_delta: 0.02 }], bait: false }),
    );
    const log = join(dir, "log.jsonl");
    const [b, t] = [write("base.jsonl", toJsonl(base)), write("trained.jsonl", toJsonl(trained))];
    expect((await runMain(["prereg", "register", prereg, "--prereg-log", log])).status).toBe(0);
    const rec = await runMain(["prereg", "record", `base=${b}`, `trained=${t}`, "--journal", journal.path, "--prereg", prereg, "--prereg-log", log]);
    expect(rec.status).toBe(0);
    const entry = readLog(log).at(-1)!;
    expect(entry.kind === "rollout" && entry.banks.map((x) => [x.label, x.source?.kind])).toEqual([
      ["demo base", "journal"],
      ["demo trained", "journal"],
    ]);
    const db = new Database(journal.path);
    db.prepare("DELETE FROM results WHERE request_id = ?").run("rollout-1");
    db.prepare("DELETE FROM requests WHERE id = ?").run("rollout-1");
    db.close();
    const r = await runMain(["certify", "--prereg", prereg, "--prereg-log", log, "--no-cache", "--base", b, "--trained", t]);
    expect(r.stderr).toMatch(/demo trained bank: request rollout-1 of the reward server's journal .* is gone/);
    expect(r.status).toBe(3);
  }, 120_000);
});
