// Per-step reward curves for the dashboard (SPEC §11): from an onset artifact, the smoothed G(t) and M(t)
// with the reference onset and its sweep interval; from a scored log with steps, the mean of every term
// per step with its 95% t interval (n per step kept, so a thin step shows as a wide band, not a fact).
import { meanCi } from "../stats/mean-ci.js";
import type { SampleIndex } from "./sample-query.js";
import type { CurveSeries, Curves } from "./api-types.js";
export type { CurveSeries, Curves };



interface OnsetResult {
  canonical_onset?: number | null;
  interval?: [number, number] | null;
  severe?: number | null;
  smoothed?: { step: number; G: number | null; M: number | null }[];
}

export function onsetCurves(result: OnsetResult): Curves {
  const points = result.smoothed ?? [];
  const nulls = points.map(() => null);
  const series = (name: "G" | "M", unit: string): CurveSeries => ({ name, unit, mean: points.map((p) => p[name] ?? null), lo: nulls, hi: nulls, n: points.map((p) => (p[name] === null ? 0 : 1)) });
  return {
    steps: points.map((p) => p.step),
    series: [series("G", "reward gap"), series("M", "% mechanism")],
    onset: result.canonical_onset ?? null,
    interval: result.interval ?? null,
    severe: result.severe ?? null,
    note: points.length === 0 ? "this onset artifact has no smoothed series (rerun onset with --smoothed or --log)" : "smoothed per-step signals; the band is the onset's threshold-sweep interval",
  };
}

/** Mean per step of the total reward and every term, with 95% t intervals (n ≥ 2 at a step). */
export function stepCurves(index: SampleIndex): Curves {
  const bySteps = new Map<number, number[]>();
  index.rows.forEach((r, i) => {
    if (r.step === null) return;
    const list = bySteps.get(r.step) ?? [];
    list.push(i);
    bySteps.set(r.step, list);
  });
  const steps = [...bySteps.keys()].sort((a, b) => a - b);
  const fields = ["value", ...index.terms];
  const series = fields.map((name): CurveSeries => {
    const s: CurveSeries = { name, unit: name === "value" ? "reward" : "term", mean: [], lo: [], hi: [], n: [] };
    for (const step of steps) {
      const xs: number[] = [];
      for (const i of bySteps.get(step) ?? []) {
        const v = name === "value" ? index.rows[i].value : index.rows[i].terms[name];
        if (typeof v === "number" && Number.isFinite(v)) xs.push(v);
      }
      s.n.push(xs.length);
      if (xs.length === 0) {
        s.mean.push(null), s.lo.push(null), s.hi.push(null);
      } else if (xs.length === 1) {
        s.mean.push(xs[0]), s.lo.push(null), s.hi.push(null);
      } else {
        const ci = meanCi(xs);
        s.mean.push(ci.mean), s.lo.push(ci.ci[0]), s.hi.push(ci.ci[1]);
      }
    }
    return s;
  });
  return { steps, series, onset: null, interval: null, severe: null, note: steps.length === 0 ? "these rows carry no step" : "mean per step with 95% t interval" };
}
