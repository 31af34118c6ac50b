// What `score` prints about failures: how many rows failed, and of what kind.
import { describe, expect, it } from "vitest";
import type { Score } from "../../src/core/types.js";
import { describeBoundedMean } from "../../src/stats/bounded-mean.js";
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
    expect(s.terms).toEqual({ a: describeBoundedMean([1, 0.75]), b: describeBoundedMean([0.25, 0.5, 0.125]), c: describeBoundedMean([]) });
  });

  it("says nothing about kinds when every row scored", () => {
    const s = summarizeScores([ok(1), ok(2)], { seconds: 1, modelCalls: 0, cacheHits: 0 });
    expect(s.errorsByKind).toEqual({ input: 0, model: 0, internal: 0 });
    expect(formatScoreSummary("toy", "i", s).split("\n")[0]).toBe("stack toy, instrument i: 2/2 rows scored, 0 with errors (value null, never 0)");
  });

  it("keeps the intervals of bounded terms inside [0, 1]: Wilson for a 0/1 term, clipped t for a [0, 1] term", () => {
    // The case: a 0/1 gate passed by 9 of 10 rows printed "0.9000 (95% CI 0.6738 to 1.1262)".
    const row = (gates: number, taste: number, value: number): Score => ({ value, instrument: "i", terms: { gates: { value: gates }, taste: { value: taste } } });
    const scores = [...Array.from({ length: 9 }, (_, i) => row(1, 0.99 + i / 1000, 3 + i)), row(0, 0.2, -4)];
    const s = summarizeScores(scores, { seconds: 1, modelCalls: 0, cacheHits: 0 });
    expect(s.terms.gates.method).toBe("wilson");
    expect(s.terms.gates.ci![0]).toBeCloseTo(0.595846, 5); // scipy binomtest(9, 10).proportion_ci("wilson")
    expect(s.terms.gates.ci![1]).toBeCloseTo(0.982124, 5);
    expect(s.terms.taste.method).toBe("t clipped to [0, 1]");
    expect(s.terms.taste.ci![1]).toBe(1);
    expect(s.value.method).toBe("t");
    const lines = formatScoreSummary("toy", "i", s).split("\n");
    expect(lines).toContain("gates  0.9000 (95% CI 0.5958 to 0.9821, wilson), n=10");
    for (const line of lines.filter((l) => /^(gates|taste) /.test(l))) {
      const [lo, hi] = line
        .match(/CI (\S+) to (\S+),/)!
        .slice(1)
        .map(Number);
      expect(lo).toBeGreaterThanOrEqual(0);
      expect(hi).toBeLessThanOrEqual(1);
    }
  });
});
