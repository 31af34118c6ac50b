// A mean with an interval that respects the range of what is averaged. A mean of 0/1 values is a share:
// its interval is Wilson's (proportion.ts), inside [0, 1] by construction. A mean of values that all lie
// in [0, 1] gets the t interval clipped to [0, 1], and says so; anything else gets the plain t interval.
// Example: nine 1s and one 0 → mean 0.9, Wilson [0.596, 0.982] (the t interval, [0.674, 1.126], leaves
// [0, 1]; scipy.stats.binomtest(9, 10).proportion_ci(method="wilson") → (0.5958, 0.9821)).
import { describeMean, type MeanDescription } from "./mean-ci.js";
import { wilsonCi } from "./proportion.js";

export type IntervalMethod = "wilson" | "t clipped to [0, 1]" | "t";

export interface BoundedMeanDescription extends MeanDescription {
  /** How `ci` was made; absent when there is no interval (n < 2). */
  method?: IntervalMethod;
}

export function describeBoundedMean(xs: readonly number[], level = 0.95): BoundedMeanDescription {
  const d = describeMean(xs, level);
  if (d.ci === null) return d;
  let binary = true;
  let unit = true;
  let successes = 0;
  for (const x of xs) {
    if (x === 1) successes++;
    else if (x !== 0) binary = false;
    if (!(x >= 0 && x <= 1)) unit = false;
  }
  if (binary) return { ...d, ci: wilsonCi(successes, xs.length, level).ci, method: "wilson" };
  if (unit) return { ...d, ci: [Math.max(0, d.ci[0]), Math.min(1, d.ci[1])], method: "t clipped to [0, 1]" };
  return { ...d, method: "t" };
}
