// The demo's simulated training log (src/demo/training-log.ts) on hand-written scores (a protocol fixture:
// no model result is claimed): rows per step, each row's clean score is its own session's hardened reward,
// G before the ramp is 0 and after it is the top share × the bait's gain, and the reference onset found
// from the log lies on the ramp, never before it starts.
import { describe, expect, it } from "vitest";
import type { ScoredSession } from "../../src/demo/bait-arm.js";
import { DEMO_LOG, dualScored, simulateTrainingLog } from "../../src/demo/training-log.js";

const session = (seed: number, id: string, value: number, training: number): ScoredSession => ({
  id,
  seed,
  turns: [{ speaker: "policy", text: id }],
  score: { value, terms: { training_reward: { value: training } }, instrument: "fixture" },
});

// Proxy (raw-path) rewards: base 0.40–0.43, bait +0.33; hardened rewards: the base's for both arms.
const seeds = [1, 2, 3, 4];
const baseProxy = seeds.map((s) => session(s, `b${s}`, 0.4 + s / 100, 0));
const baseHard = seeds.map((s) => session(s, `b${s}`, 0, 0.4 + s / 100));
const baitProxy = seeds.map((s) => session(s, `h${s}`, 0.73 + s / 100, 0));
const baitHard = seeds.map((s) => session(s, `h${s}`, 0, 0.4 + s / 100));

describe("the demo's simulated training log", () => {
  const log = simulateTrainingLog(dualScored(baseProxy, baseHard), dualScored(baitProxy, baitHard));

  it("draws rowsPerStep rows a step, each scored by its own session", () => {
    expect(log.rows).toHaveLength(DEMO_LOG.steps * DEMO_LOG.rowsPerStep);
    for (const r of log.rows) {
      const own = r.shortcut ? baitHard.find((x) => x.seed === r.seed)! : baseHard.find((x) => x.seed === r.seed)!;
      expect(r.clean_score).toBe(own.score.terms.training_reward.value);
      expect(r.id.startsWith(`step${r.step}/`)).toBe(true);
    }
  });

  it("has no gap before the ramp and the top share × the gain after it", () => {
    expect(log.signals[0].G).toBe(0);
    const late = log.signals.slice(-10).map((s) => s.G);
    const mean = late.reduce((a, b) => a + b, 0) / late.length;
    // 0.9 × 0.33 = 0.297; ten steps of 24 rows each leave a few points of binomial noise.
    expect(mean).toBeGreaterThan(0.25);
    expect(mean).toBeLessThan(0.33);
  });

  it("finds the reference onset on the ramp", () => {
    expect(log.canonical_onset).not.toBeNull();
    expect(log.canonical_onset!).toBeGreaterThan(DEMO_LOG.midpoint - 4 * DEMO_LOG.width);
    expect(log.canonical_onset!).toBeLessThan(DEMO_LOG.midpoint + 4 * DEMO_LOG.width);
    expect(log.high_threshold).toBeCloseTo(0.44, 12);
  });

  it("refuses arms without a shared seed", () => {
    expect(() => simulateTrainingLog(dualScored(baseProxy, baseHard), [])).toThrow("at least one seed scored in both arms");
  });
});
