// What `score` prints for any stack: n, failures, the mean value and each term's mean with a 95%
// interval that stays in the term's range (Wilson for 0/1 terms, t clipped for [0, 1] terms, t
// otherwise; stats/bounded-mean.ts) in 4 significant digits, model calls and time. Scores of
// different instruments are never pooled.
import { estimateText } from "../core/significant.js";
import { InputError } from "../core/errors.js";
import { describeBoundedMean, type BoundedMeanDescription } from "../stats/bounded-mean.js";
import type { RowErrorKind } from "../terms/types.js";
import { rowErrorOf, ROW_ERROR_KINDS } from "./row-error.js";
import type { SummaryScore } from "./scored-lines.js";

export interface ScoreSummary {
  instrument: string | null;
  rows: number;
  scored: number;
  errors: number;
  /** Failed rows by what failed: bad input, a model call, or a bug (scores without error_kind count as internal). */
  errorsByKind: Record<RowErrorKind, number>;
  /** First few error messages, for the terminal. */
  errorExamples: string[];
  value: BoundedMeanDescription;
  terms: Record<string, BoundedMeanDescription>;
  seconds: number;
  rowsPerSecond: number;
  modelCalls: number;
  cacheHits: number;
}

/** Reads only a SummaryScore of each score: what a scoring thread sends back (scored-lines.ts). */
export function summarizeScores(scores: readonly SummaryScore[], run: { seconds: number; modelCalls: number; cacheHits: number }): ScoreSummary {
  const instruments = [...new Set(scores.map((s) => s.instrument))];
  if (instruments.length > 1) throw new InputError("scores", `come from ${instruments.length} instruments; scores of different instruments are never pooled`);
  // One pass: a failed row is one whose value is not a finite number (finding each in `ok` instead
  // cost n²/2 comparisons, 40 ms of a 3,295-row bank's run).
  const ok: SummaryScore[] = [];
  const failed: SummaryScore[] = [];
  for (const s of scores) (typeof s.value === "number" && Number.isFinite(s.value) ? ok : failed).push(s);
  // Each term's finite values in row order, gathered in one pass over the rows.
  const valuesByTerm = new Map<string, number[]>();
  for (const s of ok) {
    for (const name of Object.keys(s.terms)) {
      let values = valuesByTerm.get(name);
      if (!values) valuesByTerm.set(name, (values = []));
      const v = s.terms[name]?.value;
      if (typeof v === "number" && Number.isFinite(v)) values.push(v);
    }
  }
  const terms: Record<string, BoundedMeanDescription> = {};
  for (const name of [...valuesByTerm.keys()].sort()) terms[name] = describeBoundedMean(valuesByTerm.get(name)!);
  return {
    instrument: instruments[0] ?? null,
    rows: scores.length,
    scored: ok.length,
    errors: failed.length,
    errorsByKind: Object.fromEntries(ROW_ERROR_KINDS.map((kind) => [kind, failed.filter((f) => (rowErrorOf(f)?.kind ?? "internal") === kind).length])) as Record<RowErrorKind, number>,
    errorExamples: failed.slice(0, 3).map((s) => s.error ?? "no value"),
    value: describeBoundedMean(ok.map((s) => s.value as number)),
    terms,
    seconds: run.seconds,
    rowsPerSecond: run.seconds > 0 ? scores.length / run.seconds : 0,
    modelCalls: run.modelCalls,
    cacheHits: run.cacheHits,
  };
}

/** 4 significant digits, the mean and its interval with the same decimals (src/core/significant.ts). */
function interval(m: BoundedMeanDescription): string {
  if (m.n === 0) return "—";
  const t = estimateText(m.mean, m.ci);
  const ci = t.ci ? ` (95% CI ${t.ci[0]} to ${t.ci[1]}, ${m.method ?? "t"})` : "";
  return `${t.mean}${ci}, n=${m.n}`;
}

export function formatScoreSummary(stack: string, instrument: string, s: ScoreSummary): string {
  const width = Math.max(5, ...Object.keys(s.terms).map((t) => t.length));
  const kinds = ROW_ERROR_KINDS.filter((k) => s.errorsByKind[k] > 0).map((k) => `${k} ${s.errorsByKind[k]}`);
  const lines = [
    `stack ${stack}, instrument ${instrument.slice(0, 16)}: ${s.scored}/${s.rows} rows scored, ${s.errors} with errors (${kinds.length ? `${kinds.join(", ")}; ` : ""}value null, never 0)`,
    `${"value".padEnd(width)}  ${interval(s.value)}`,
    ...Object.entries(s.terms).map(([name, m]) => `${name.padEnd(width)}  ${interval(m)}`),
    `${s.seconds.toFixed(2)} s (${s.rowsPerSecond.toFixed(1)} rows/s); ${s.modelCalls} model calls, ${s.cacheHits} cache hits`,
  ];
  for (const e of s.errorExamples) lines.push(`error: ${e}`);
  return lines.join("\n");
}
