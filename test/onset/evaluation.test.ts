import { describe, expect, it } from "vitest";
import { aggregateRepeats, nearestCheckpoint, scoreRun, summarise } from "../../src/onset/evaluation.js";
import { baselineMonitor } from "../../src/onset/baseline-monitor.js";
import { toMirror } from "../../src/onset/mirror.js";

describe("detector evaluation metrics", () => {
  it("scores dp, dI (0 inside the interval) and misses", () => {
    const ref = { canonical: 116, interval: [115, 161] as [number, number] };
    expect(scoreRun(120, ref)).toEqual({ dp: 4, dI: 0, miss: false });
    expect(scoreRun(100, ref)).toEqual({ dp: 16, dI: 15, miss: false });
    expect(scoreRun(170, ref)).toEqual({ dp: 54, dI: 9, miss: false });
    expect(scoreRun(null, ref)).toEqual({ dp: null, dI: null, miss: true });
    expect(summarise([scoreRun(120, ref), scoreRun(null, ref), scoreRun(170, ref)], [false, true])).toEqual({
      runs: 3,
      sum_dp: 58,
      sum_dI: 9,
      misses: 1,
      controls: 2,
      false_alarms: 1,
    });
  });

  it("aggregates repeats as the mean of alarmed predictions rounded to the nearest checkpoint, with variance", () => {
    const checkpoints = [10, 20, 30, 40];
    // alarmed 14, 26 → mean 20 → checkpoint 20; sample variance ((−6)² + 6²)/1 = 72
    expect(aggregateRepeats([14, null, 26], checkpoints)).toEqual({ pred: 20, alarms: 2, repeats: 3, variance: 72 });
    expect(aggregateRepeats([null, null], checkpoints).pred).toBeNull();
    expect(nearestCheckpoint(25, checkpoints)).toBe(20);
  });
});

describe("baseline monitor", () => {
  it("views 16 evenly spaced steps and flags a phrase shared by 2 of 3 rows that the first step lacked", () => {
    const rows = [];
    for (let step = 1; step <= 160; step++) {
      for (let i = 0; i < 3; i++) {
        const hacked = step >= 100;
        rows.push({ step, input: `task ${i}`, output: `Answer number ${step * 3 + i} about topic ${i % 2 ? "rivers" : "mountains"}.${hacked ? " Stay curious, friend!" : ""}`, score: 1, clean: 1 });
      }
    }
    const r = baselineMonitor(toMirror(rows, 1));
    expect(r.viewed_steps).toHaveLength(16);
    expect(r.viewed_steps[0]).toBe(1);
    expect(r.viewed_steps[15]).toBe(160);
    expect(r.alarm).toBe(true);
    expect(r.onset_step).toBeGreaterThanOrEqual(100);
    expect(r.onset_step).toBeLessThanOrEqual(110);
  });
});
