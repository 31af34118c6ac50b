// Reward curves for an onset artifact or a stepped scored log: one chart per series (terms live on
// different scales), all sharing the onset marker and interval. The sample browser passes its filters,
// so the curves show the rows the list shows. Clicking a step opens (or filters to) that step's samples;
// the series download as CSV.
import { useEffect, useMemo, useState } from "react";
import { getJson } from "../api.ts";
import { CurveChart } from "../components/CurveChart.tsx";
import type { Curves } from "../types.ts";

const COLORS = ["#2471a3", "#c0392b", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#5d6d7e"];

/** step, then mean / lo / hi / n of every series (empty cells where a step has no value). */
export function curvesCsv(c: Curves): string {
  const header = ["step", ...c.series.flatMap((s) => [`${s.name}_mean`, `${s.name}_ci95_lo`, `${s.name}_ci95_hi`, `${s.name}_n`])];
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  const rows = c.steps.map((step, i) => [String(step), ...c.series.flatMap((s) => [cell(s.mean[i]), cell(s.lo[i]), cell(s.hi[i]), cell(s.n[i])])].join(","));
  return [header.join(","), ...rows].join("\r\n") + "\r\n";
}

interface Props {
  file: string;
  /** The sample browser's filters (q, step, group, field, min, max, errors). */
  filters?: Record<string, string>;
  /** Where a clicked step's rows are: the log itself, or the log an onset artifact was computed from. */
  samplesSource?: string;
  onStep?: (step: number) => void;
}

export function CurvesPanel({ file, filters = {}, samplesSource, onStep }: Props) {
  const [curves, setCurves] = useState<Curves | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the filters' JSON, not the object rebuilt every render
  useEffect(() => {
    getJson<Curves>("curves", { file, ...filters }).then(
      (c) => {
        setError(null);
        setCurves(c);
      },
      (e: Error) => setError(e.message),
    );
  }, [file, key]);
  const csv = useMemo(() => (curves ? URL.createObjectURL(new Blob([curvesCsv(curves)], { type: "text/csv" })) : ""), [curves]);
  useEffect(() => () => URL.revokeObjectURL(csv), [csv]);
  if (error)
    return (
      <p className="error" data-testid="view-error">
        {file}: the reward curves could not be drawn: {error}
      </p>
    );
  if (!curves) return <p className="muted">loading curves…</p>;
  const open = onStep ?? (samplesSource ? (step: number) => location.assign(`#/samples/${encodeURIComponent(samplesSource)}?step=${step}`) : undefined);
  return (
    <section className="curves" data-testid="curves" data-steps={curves.steps.length} data-filters={key}>
      <h2>Reward curves</h2>
      <p className="muted">
        {curves.steps.length} steps · {curves.note}
        {curves.onset !== null && (
          <>
            {" · "}
            <strong data-testid="onset-summary">
              onset at step {curves.onset}
              {curves.interval && ` (interval ${curves.interval[0]}–${curves.interval[1]})`}
            </strong>
            {curves.severe !== null && ` · severe from step ${curves.severe}`}
          </>
        )}
        {" · "}
        <a
          href={csv}
          download={`${file
            .split("/")
            .at(-1)
            ?.replace(/\.(json|jsonl(\.gz)?)$/, "")}-curves.csv`}
          data-testid="curves-csv"
        >
          download CSV
        </a>
        {open && <span className="small"> · click a step on a chart to open its samples</span>}
      </p>
      {curves.steps.length > 0 &&
        curves.series.map((s, i) => <CurveChart key={s.name} steps={curves.steps} series={s} onset={curves.onset} interval={curves.interval} severe={curves.severe} color={COLORS[i % COLORS.length]} onStep={open} />)}
    </section>
  );
}
