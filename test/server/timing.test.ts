import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import type { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { parseServerTiming, startTiming } from "../../src/server/timing.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer } from "../../src/stacks/types.js";
import { tempJournalPerTest } from "../helpers/temp-journal.js";

describe("request stages (Server-Timing)", () => {
  it("times each stage from the end of the previous one, and reads its own header back", () => {
    const clock = [10, 10.5, 13, 13.25];
    const timing = startTiming(() => clock.shift()!);
    timing.mark("admit");
    timing.mark("score");
    timing.mark("commit");
    expect(timing.header()).toBe("admit;dur=0.50, score;dur=2.50, commit;dur=0.25");
    expect(parseServerTiming(timing.header())).toEqual({ admit: 0.5, score: 2.5, commit: 0.25 });
    expect(parseServerTiming("cache;desc=hit, db;dur=53")).toEqual({ db: 53 });
    expect(parseServerTiming(undefined)).toEqual({});
  });

  let dir: string;
  let journal: Journal;
  tempJournalPerTest("fg-timing-", (d, j) => ([dir, journal] = [d, j]));

  it("a scored request says how long it was read, admitted, parsed, registered, scored and committed", async () => {
    // Scoring that takes ≥ 40 ms must show in the score stage, not elsewhere.
    const scorer: Scorer<BankRow> = {
      rowKind: "bank",
      instrument: { stack: "slow", version: "1", options: {}, models: {}, hash: "instr-slow" },
      scoreRows: async (rows) => {
        await new Promise((r) => setTimeout(r, 40));
        return rows.map((): Score => ({ value: 1, terms: {}, instrument: "instr-slow" }));
      },
    };
    const app = createApp({ scorers: { slow: scorer }, defaultStack: "slow", journal: new SqliteStore(journal, "test") });
    const res = await app.request("/v1/score", { method: "POST", body: JSON.stringify({ rows: [{ id: "a", output: "x" }] }), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    const stages = parseServerTiming(res.headers.get("server-timing") ?? "");
    expect(Object.keys(stages)).toEqual(["read", "admit", "parse", "begin", "score", "commit"]);
    expect(stages.score).toBeGreaterThanOrEqual(39);
    expect(stages.admit).toBeLessThan(stages.score);
  });
});
