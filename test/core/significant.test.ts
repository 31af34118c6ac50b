// CLI summaries print significant digits, and a mean with its interval in one precision (issue 39:
// the humor summary printed fixed decimals, so 0.00002 read "0.000" and F/S had two decimals beside
// C's three; `score` printed "1 (95% CI 0.9984 to 1.0000)").
import { describe, expect, it } from "vitest";
import { estimateText, sharedDecimals } from "../../src/core/significant.js";
import { formatHumorTable, type HumorScoreSummary, type MeanInterval } from "../../src/envs/humor/score-summary.js";
import { formatScoreSummary, type ScoreSummary } from "../../src/stacks/summary.js";

describe("estimateText", () => {
  it("gives the largest of mean and bounds 4 significant digits, and all three its decimals", () => {
    expect(estimateText(1, [0.9984, 1])).toEqual({ mean: "1.000", ci: ["0.998", "1.000"] });
    expect(estimateText(0.3267, [0.3172, 0.3362])).toEqual({ mean: "0.3267", ci: ["0.3172", "0.3362"] });
    expect(estimateText(12.5, [9.75, 15.25])).toEqual({ mean: "12.50", ci: ["9.75", "15.25"] });
    expect(estimateText(0.00002, [0, 0.00005])).toEqual({ mean: "2.000e-5", ci: ["0.000e+0", "5.000e-5"] });
    expect(estimateText(3, [2, 4])).toEqual({ mean: "3", ci: ["2", "4"] });
    expect(estimateText(0.5, null)).toEqual({ mean: "0.5000" });
  });

  it("counts the digits of every magnitude from 1e-3 to 1e4 the same way", () => {
    for (let e = -3; e < 4; e++) {
      const x = 1.23456789 * 10 ** e;
      const text = estimateText(x, null).mean;
      expect(text.replace("-", "").replace(".", "").replace(/^0+/, "")).toHaveLength(4);
      expect(sharedDecimals([x])).toBe(Math.max(0, 3 - e));
    }
  });
});

const interval = (mean: number, lo: number, hi: number, n = 40): MeanInterval => ({ n, mean, ci95: [lo, hi] });

describe("the humor score summary", () => {
  it("prints every estimate in 4 significant digits, a tiny mean included", () => {
    const summary: HumorScoreSummary = {
      instrument: "abc",
      sessions: 40,
      scored: 40,
      failed: 0,
      certified: interval(0.00002, 0, 0.00005),
      zero_certification: 39,
      training_reward: interval(2.345678, 1.9, 2.8),
      taste: interval(0.61234, 0.5, 0.7),
      grounding_F: interval(0.98765, 0.97, 1),
      repetition_S: interval(0.1234, 0.1, 0.15),
      screen_fail_sessions: 0,
    };
    const text = formatHumorTable([], [], summary);
    expect(text).toContain("certified retention C: 2.000e-5 (95% CI 0.000e+0 to 5.000e-5, n=40)");
    expect(text).toContain("training reward: 2.346 (95% CI 1.900 to 2.800, n=40); taste: 0.6123 (95% CI 0.5000 to 0.7000, n=40)");
    expect(text).toContain("grounding F: 0.988 (95% CI 0.970 to 1.000, n=40); repetition S: 0.1234 (95% CI 0.1000 to 0.1500, n=40)");
  });
});

describe("the score summary", () => {
  it("prints a term whose mean is 1 in the precision of its interval", () => {
    const s: ScoreSummary = {
      rows: 2400,
      scored: 2400,
      errors: 0,
      errorsByKind: { input: 0, model: 0, internal: 0 },
      errorExamples: [],
      value: { n: 2400, mean: 0.3267, ci: [0.3172, 0.3362], method: "t" },
      terms: { gates: { n: 2400, mean: 1, ci: [0.99840332, 1], method: "wilson" } },
      seconds: 4.5,
      rowsPerSecond: 531.9,
      modelCalls: 0,
      cacheHits: 0,
    } as unknown as ScoreSummary;
    const lines = formatScoreSummary("prose", "i", s).split("\n");
    expect(lines).toContain("value  0.3267 (95% CI 0.3172 to 0.3362, t), n=2400");
    expect(lines).toContain("gates  1.000 (95% CI 0.998 to 1.000, wilson), n=2400");
  });
});
