// Reward curves for an onset artifact or a stepped scored log: one chart per series (terms live on
// different scales), all sharing the onset marker and interval.
import { useEffect, useState } from "react";
import { getJson } from "../api.ts";
import { CurveChart } from "../components/CurveChart.tsx";
import type { Curves } from "../types.ts";

const COLORS = ["#2471a3", "#c0392b", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#5d6d7e"];

export function CurvesPanel({ file }: { file: string }) {
  const [curves, setCurves] = useState<Curves | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<Curves>("curves", { file }).then(setCurves, (e: Error) => setError(e.message));
  }, [file]);
  if (error) return <p className="error">{error}</p>;
  if (!curves) return <p className="muted">loading curves…</p>;
  return (
    <section className="curves" data-testid="curves">
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
      </p>
      {curves.steps.length > 0 &&
        curves.series.map((s, i) => <CurveChart key={s.name} steps={curves.steps} series={s} onset={curves.onset} interval={curves.interval} severe={curves.severe} color={COLORS[i % COLORS.length]} />)}
    </section>
  );
}
