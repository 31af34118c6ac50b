// What `score` prints about failures: how many rows failed, and of what kind.
import { describe, expect, it } from "vitest";
import type { Score } from "../../src/core/types.js";
import { formatScoreSummary, summarizeScores } from "../../src/stacks/summary.js";

const ok = (value: number): Score => ({ value, terms: {}, instrument: "i" });
const failed = (error: string, error_kind?: Score["error_kind"]): Score => ({ value: null, terms: {}, instrument: "i", error, ...(error_kind ? { error_kind } : {}) });

describe("score summary", () => {
  it("counts failed rows by kind; a failure without a kind counts as internal", () => {
    const scores = [ok(1), ok(0), failed("row a: no rubric", "input"), failed("row b: judge: HTTP 503", "model"), failed("row c: judge: HTTP 503", "model"), failed("row d: boom")];
    const s = summarizeScores(scores, { seconds: 1, modelCalls: 3, cacheHits: 0 });
    expect([s.rows, s.scored, s.errors]).toEqual([6, 2, 4]);
    expect(s.errorsByKind).toEqual({ input: 1, model: 2, internal: 1 });
    expect(formatScoreSummary("cherrl", "i", s).split("\n")[0]).toBe("stack cherrl, instrument i: 2/6 rows scored, 4 with errors (input 1, model 2, internal 1; value null, never 0)");
  });

  it("says nothing about kinds when every row scored", () => {
    const s = summarizeScores([ok(1), ok(2)], { seconds: 1, modelCalls: 0, cacheHits: 0 });
    expect(s.errorsByKind).toEqual({ input: 0, model: 0, internal: 0 });
    expect(formatScoreSummary("toy", "i", s).split("\n")[0]).toBe("stack toy, instrument i: 2/2 rows scored, 0 with errors (value null, never 0)");
  });
});
