// Default admission and time limits fit the trainers: 128 one-sample requests at once (OpenRLHF's
// and verl's per-sample pattern) all find a slot or a queue place, and a request's lease ends inside
// OpenRLHF's 180 s client timeout, so its retry takes the request over instead of waiting on it.
import { describe, expect, it } from "vitest";
import { createApp, DEFAULT_LIMITS, leaseMsFor } from "../../src/server/app.js";
import { openJournalStore } from "../../src/server/journal-store.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer } from "../../src/stacks/types.js";

const OPENRLHF_CLIENT_TIMEOUT_MS = 180_000;

describe("default admission", () => {
  it("serves 128 concurrent one-sample requests without a 429", async () => {
    const slow: Scorer<BankRow> = {
      rowKind: "bank",
      instrument: { stack: "slow", version: "1", options: {}, models: {}, hash: "instr-slow" },
      scoreRows: async (rows) => (await new Promise((r) => setTimeout(r, 20)), rows.map((): Score => ({ value: 1, terms: {}, instrument: "instr-slow" }))),
    };
    const journal = await openJournalStore(":memory:");
    try {
      const app = createApp({ scorers: { slow }, defaultStack: "slow", journal });
      const answers = await Promise.all(
        Array.from({ length: 128 }, (_, i) => app.request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows: [{ id: `s${i}`, output: "one sample" }] }) })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(0);
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      await journal.close();
    }
  });

  it("ends a request's lease, and every time limit, inside OpenRLHF's 180 s client timeout", () => {
    expect(leaseMsFor(DEFAULT_LIMITS.requestTimeoutMs)).toBeLessThan(OPENRLHF_CLIENT_TIMEOUT_MS);
    expect(DEFAULT_LIMITS.bodyTimeoutMs + DEFAULT_LIMITS.requestTimeoutMs).toBeLessThan(OPENRLHF_CLIENT_TIMEOUT_MS);
  });
});
