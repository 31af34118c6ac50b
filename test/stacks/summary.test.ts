// What `score` prints about failures: how many rows failed, and of what kind.
import { describe, expect, it } from "vitest";
import type { Score } from "../../src/core/types.js";
import { describeMean } from "../../src/stats/mean-ci.js";
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

  it("describes each term over the scored rows that have a finite value for it, in row order, sorted by name", () => {
    const t = (terms: Record<string, number | null>): Score => ({ value: 0.5, instrument: "i", terms: Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, { value: v }])) });
    const scores = [t({ b: 0.25, a: 1 }), t({ a: null, b: 0.5 }), t({ b: 0.125 }), failed("row x: boom"), t({ a: 0.75, b: NaN, c: null })];
    const s = summarizeScores(scores, { seconds: 1, modelCalls: 0, cacheHits: 0 });
    expect(Object.keys(s.terms)).toEqual(["a", "b", "c"]);
    expect(s.terms).toEqual({ a: describeMean([1, 0.75]), b: describeMean([0.25, 0.5, 0.125]), c: describeMean([]) });
  });

  it("says nothing about kinds when every row scored", () => {
    const s = summarizeScores([ok(1), ok(2)], { seconds: 1, modelCalls: 0, cacheHits: 0 });
    expect(s.errorsByKind).toEqual({ input: 0, model: 0, internal: 0 });
    expect(formatScoreSummary("toy", "i", s).split("\n")[0]).toBe("stack toy, instrument i: 2/2 rows scored, 0 with errors (value null, never 0)");
  });
});
