import { describe, expect, it } from "vitest";
import type { Journal, StoredResult } from "../../src/server/journal.js";
import { tempJournalPerTest } from "../helpers/temp-journal.js";

// begin() registers a new id with its insert alone and complete() replaces results by index (no
// lookup before the insert, no delete before the results): every outcome of the longer form holds.

let dir: string;
let journal: Journal;
tempJournalPerTest("fg-statements-", (d, j) => ([dir, journal] = [d, j]));

const request = (id: string, bodyHash = "h1") => ({ id, route: "/v1/score", stack: "s", instrument: "i", bodyHash, body: '{"rows":[{"id":"a","output":"x"},{"id":"b","output":"y"}]}' });
const results = (value: number): StoredResult[] => [0, 1].map((index) => ({ index, rowId: index ? "b" : "a", step: 3, score: { value: value + index, terms: {}, instrument: "i" } }));

describe("journal statements", () => {
  it("registers a new id once, then reports it pending, in conflict or done as before", () => {
    expect(journal.begin(request("r1"), 60_000)).toEqual({ kind: "new" });
    expect(journal.begin(request("r1"), 60_000).kind).toBe("pending");
    expect(journal.begin(request("r1", "other"), 60_000)).toEqual({ kind: "conflict", storedHash: "h1" });
    journal.complete("r1", results(1));
    const done = journal.begin(request("r1"), 60_000);
    expect(done.kind).toBe("done");
    expect(done.kind === "done" && done.results.map((r) => r.score.value)).toEqual([1, 2]);
    expect(journal.counts()).toEqual({ pending: 0, done: 1, failed: 0 });
  });

  it("keeps one result per row when a request taken over is finished by both calls", () => {
    expect(journal.begin(request("r2"), -1).kind).toBe("new"); // its lease has already run out
    expect(journal.begin(request("r2"), 60_000)).toEqual({ kind: "new" }); // taken over
    journal.complete("r2", results(5));
    journal.complete("r2", results(7));
    expect(journal.results("r2").map((r) => [r.index, r.rowId, r.score.value])).toEqual([
      [0, "a", 7],
      [1, "b", 8],
    ]);
    expect(journal.finishedAfter(0, 10).map((e) => [e.request.id, e.results.length])).toEqual([["r2", 2]]);
  });

  it("reads finished requests a page at a time, each with its own results in row order", () => {
    for (const [id, value] of [
      ["z", 1],
      ["a", 3],
      ["m", 5],
    ] as const) {
      journal.begin(request(id), 60_000);
      journal.complete(id, results(value).reverse());
    }
    journal.begin(request("pending-one"), 60_000);
    const page1 = journal.finishedAfter(0, 2);
    const page2 = journal.finishedAfter(page1.at(-1)!.seq, 2);
    expect([...page1, ...page2].map((e) => [e.request.id, e.request.status, e.results.map((r) => [r.index, r.score.value])])).toEqual([
      [
        "z",
        "done",
        [
          [0, 1],
          [1, 2],
        ],
      ],
      [
        "a",
        "done",
        [
          [0, 3],
          [1, 4],
        ],
      ],
      [
        "m",
        "done",
        [
          [0, 5],
          [1, 6],
        ],
      ],
    ]);
    expect(journal.finishedAfter(page2.at(-1)!.seq, 2)).toEqual([]);
  });
});
