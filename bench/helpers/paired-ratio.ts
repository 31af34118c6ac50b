// The paired ratio of two measurements taken in turns (round k of `a` against round k of `b`): the
// geometric mean of the per-round ratios a/b with the 95% t-interval of the mean log ratio, mapped back
// (exp). Logs, because a ratio's spread is multiplicative; pairs, because load that comes and goes hits
// both runs of a round alike.
import { meanCi } from "../../src/stats/mean-ci.js";

export interface PairedRatio {
  n: number;
  ratio: number;
  ci: [number, number];
}

export function pairedRatio(a: readonly number[], b: readonly number[], level = 0.95): PairedRatio {
  if (a.length !== b.length) throw new Error(`pairedRatio: ${a.length} against ${b.length} measurements`);
  if (a.some((x, i) => !(x > 0) || !(b[i] > 0))) throw new Error("pairedRatio: every measurement must be > 0");
  const m = meanCi(
    a.map((x, i) => Math.log(x / b[i])),
    level,
  );
  return { n: m.n, ratio: Math.exp(m.mean), ci: [Math.exp(m.ci[0]), Math.exp(m.ci[1])] };
}
