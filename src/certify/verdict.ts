// Verdicts per pre-registered bar (SPEC §6): a bar such as "taste >= +0.015 at t >= 2" passes when the
// mean paired delta reaches min_delta and, if given, the paired t reaches min_t. Nothing is rounded
// in the comparison (seed 000: +0.0148 misses a +0.015 bar).
import { InputError } from "../core/errors.js";
import type { PairedDelta } from "./paired-delta.js";
import type { Bar } from "./preregistration.js";

export interface BarVerdict {
  metric: string;
  bar: string;
  n: number;
  delta: number | null;
  t: number | null;
  pass: boolean;
  reason: string;
}

export function describeBar(bar: Bar): string {
  const sign = bar.min_delta >= 0 ? "+" : "";
  return `${bar.metric} >= ${sign}${bar.min_delta}${bar.min_t === undefined ? "" : ` at t >= ${bar.min_t}`}`;
}

/** `deltas` maps a metric name ("retention", "on_band", component names) to its paired delta. */
export function judgeBar(bar: Bar, deltas: Record<string, PairedDelta | null>): BarVerdict {
  if (!(bar.metric in deltas)) {
    throw new InputError(`bar "${describeBar(bar)}"`, `unknown metric "${bar.metric}"; known: ${Object.keys(deltas).join(", ")}`);
  }
  const d = deltas[bar.metric];
  const text = describeBar(bar);
  if (!d) return { metric: bar.metric, bar: text, n: 0, delta: null, t: null, pass: false, reason: "not measurable (fewer than 2 pairs)" };
  const reasons: string[] = [];
  if (!(d.delta >= bar.min_delta)) reasons.push(`delta ${fmt(d.delta)} < ${bar.min_delta}`);
  if (bar.min_t !== undefined && !(d.t >= bar.min_t)) reasons.push(`t ${d.t.toFixed(2)} < ${bar.min_t}`);
  const pass = reasons.length === 0;
  return {
    metric: bar.metric,
    bar: text,
    n: d.n,
    delta: d.delta,
    t: d.t,
    pass,
    reason: pass ? `delta ${fmt(d.delta)}${bar.min_t === undefined ? "" : `, t ${d.t.toFixed(2)}`}` : reasons.join(" and "),
  };
}

const fmt = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(5)}`;
