// The two 95 % intervals the CHERRL summaries report, in one shape: a t interval for a mean and
// Wilson's score interval for a share, both from the shared statistics module.
import { meanCi } from "../stats/mean-ci.js";
import { wilsonCi } from "../stats/proportion.js";

export interface Estimate {
  value: number;
  ci: [number, number];
  n: number;
}

export function meanEstimate(xs: readonly number[]): Estimate {
  const m = meanCi(xs);
  return { value: m.mean, ci: m.ci, n: m.n };
}

export function wilson(k: number, n: number): Estimate {
  const w = wilsonCi(k, n);
  return { value: w.p, ci: w.ci, n };
}
