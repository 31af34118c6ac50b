// Per-step reward curves for the dashboard (SPEC §11): from an onset artifact, the smoothed G(t) and M(t)
// with the reference onset and its sweep interval; from a scored log with steps, the mean of every term
// per step with its 95% t interval (n per step kept, so a thin step shows as a wide band, not a fact).
import { InputError } from "../core/errors.js";
import { describeBoundedMean } from "../stats/bounded-mean.js";
import type { SampleIndex } from "./sample-query.js";
import type { CurveSeries, Curves } from "./api-types.js";
export type { CurveSeries, Curves };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v);

/** A step number or null (G, M, an onset); anything else is named, since the artifact came from disk. */
function stepOrNull(v: unknown, field: string): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== "number" || !Number.isFinite(v)) throw new InputError(field, `expected a number or null, got ${typeName(v)} ${JSON.stringify(v)}`.slice(0, 160));
  return v;
}

function intervalOf(v: unknown): [number, number] | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => typeof x === "number" && Number.isFinite(x))) {
    throw new InputError("result.interval", `expected [from, to] (two step numbers) or null, got ${JSON.stringify(v)}`.slice(0, 160));
  }
  return [v[0], v[1]];
}

/** The curves of an onset artifact's result; wrong types inside it are an InputError naming the field. */
export function onsetCurves(result: unknown): Curves {
  if (!isObj(result)) throw new InputError("result", `expected an object, got ${typeName(result)}`);
  const raw = result.smoothed ?? [];
  if (!Array.isArray(raw)) throw new InputError("result.smoothed", `expected an array of {step, G, M}, got ${typeName(raw)}`);
  const points = raw.map((p: unknown, i) => {
    if (!isObj(p)) throw new InputError(`result.smoothed[${i}]`, `expected {step, G, M}, got ${typeName(p)}`);
    const step = stepOrNull(p.step, `result.smoothed[${i}].step`);
    if (step === null) throw new InputError(`result.smoothed[${i}].step`, "is required");
    return { step, G: stepOrNull(p.G, `result.smoothed[${i}].G`), M: stepOrNull(p.M, `result.smoothed[${i}].M`) };
  });
  const nulls = points.map(() => null);
  const series = (name: "G" | "M", unit: string): CurveSeries => ({ name, unit, mean: points.map((p) => p[name]), lo: nulls, hi: nulls, n: points.map((p) => (p[name] === null ? 0 : 1)) });
  return {
    steps: points.map((p) => p.step),
    series: [series("G", "reward gap"), series("M", "% mechanism")],
    onset: stepOrNull(result.canonical_onset, "result.canonical_onset"),
    interval: intervalOf(result.interval),
    severe: stepOrNull(result.severe, "result.severe"),
    note: points.length === 0 ? "this onset artifact has no smoothed series (rerun onset with --smoothed or --log)" : "smoothed per-step signals; the band is the onset's threshold-sweep interval",
  };
}

/**
 * Mean per step of the score's value and every term, with 95% intervals that stay in range (n ≥ 2 at a step); `positions`
 * (the rows a filter passed) restricts it, so the curves show what the sample list shows.
 */
export function stepCurves(index: SampleIndex, positions?: readonly number[]): Curves {
  const bySteps = new Map<number, number[]>();
  (positions ?? index.rows.map((_, i) => i)).forEach((i) => {
    const r = index.rows[i];
    if (r.step === null) return;
    const list = bySteps.get(r.step) ?? [];
    list.push(i);
    bySteps.set(r.step, list);
  });
  const steps = [...bySteps.keys()].sort((a, b) => a - b);
  const fields = ["value", ...index.terms];
  const series = fields.map((name): CurveSeries => {
    const s: CurveSeries = { name, unit: name === "value" ? "score value" : "term", mean: [], lo: [], hi: [], n: [] };
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
        // Bounded values keep a bounded interval: Wilson for 0/1, t clipped to [0, 1] for [0, 1] values.
        const d = describeBoundedMean(xs);
        s.mean.push(d.mean), s.lo.push(d.ci![0]), s.hi.push(d.ci![1]);
      }
    }
    return s;
  });
  return {
    steps,
    series,
    onset: null,
    interval: null,
    severe: null,
    note:
      steps.length === 0
        ? positions && positions.length < index.rows.length
          ? "no row passing the filters carries a step"
          : "these rows carry no step"
        : "mean per step with 95% interval (Wilson for 0/1 values, t clipped to [0, 1] for [0, 1] values, t otherwise)",
  };
}
