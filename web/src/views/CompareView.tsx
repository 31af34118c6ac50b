// Compare two scored sources (two banks, two runs' logs): rows paired by id; per quantity the mean
// paired difference B − A with its 95% interval on its own axis; a verdict on the score's value; the
// rows that moved most, each linking to its row in either source.
import { useEffect, useState } from "react";
import { getJson } from "../api.ts";
import { samplesHref } from "../App.tsx";
import { IntervalPlotRows } from "../components/PairedDiffPlot.tsx";
import { midEllipsis, sig, signedSig } from "../format.ts";
import type { Comparison, RunsResponse } from "../types.ts";

export const compareHref = (a: string, b: string) => `#/compare?${new URLSearchParams({ a, b })}`;

function verdict(c: Comparison): { text: string; tone: "pass" | "fail" | "neutral" } {
  const v = c.quantities.find((q) => q.name === "value");
  if (!v || v.ci === null || v.diff === null) return { text: `too few rows scored in both (${v?.n ?? 0}) to compare`, tone: "neutral" };
  const range = `${signedSig(v.diff)} [95% CI ${signedSig(v.ci[0])}, ${signedSig(v.ci[1])}], n = ${v.n} paired rows`;
  if (v.ci[0] > 0) return { text: `B scores HIGHER than A: score value ${range}`, tone: "pass" };
  if (v.ci[1] < 0) return { text: `B scores LOWER than A: score value ${range}`, tone: "fail" };
  return { text: `no difference in score value detected (the interval includes 0): ${range}`, tone: "neutral" };
}

function Picker({ label, value, options, onChange }: { label: string; value: string; options: string[]; onChange: (v: string) => void }) {
  return (
    <label>
      {label}{" "}
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">choose…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CompareView({ a, b }: { a: string; b: string }) {
  const [options, setOptions] = useState<string[]>([]);
  const [result, setResult] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<RunsResponse>("runs").then(
      (r) => setOptions(r.runs.filter((x) => x.type === "samples" && x.scored).map((x) => x.file)),
      (e: Error) => setError(e.message),
    );
  }, []);
  useEffect(() => {
    setResult(null);
    setError(null);
    if (!a || !b) return;
    getJson<Comparison>("compare", { a, b }).then(setResult, (e: Error) => setError(e.message));
  }, [a, b]);
  const go = (na: string, nb: string) => location.assign(compareHref(na, nb));
  const v = result && verdict(result);
  return (
    <section data-testid="compare">
      <h1>Compare two scored files</h1>
      <p className="muted small">Rows are paired by id. Each difference is B − A over the rows scored in both, with its 95% interval (paired t; clipped to [−1, 1] when both sides lie in [0, 1]).</p>
      <div className="toolbar">
        <Picker label="A" value={a} options={options} onChange={(x) => go(x, b)} />
        <Picker label="B" value={b} options={options} onChange={(x) => go(a, x)} />
      </div>
      {error && (
        <p className="error" data-testid="compare-error">
          {error}
        </p>
      )}
      {!a || !b ? <p className="muted">Choose two scored files (A and B).</p> : null}
      {result && v && (
        <>
          <div className={`verdict-banner ${v.tone === "pass" ? "pass" : v.tone === "fail" ? "fail" : "neutral"}`} data-testid="compare-verdict">
            {v.text}
          </div>
          <p className="muted small">
            {result.paired} rows in both; {result.only_a} only in A, {result.only_b} only in B.
          </p>
          <h2>Mean paired difference B − A, per quantity</h2>
          <IntervalPlotRows rows={result.quantities.map((q) => ({ label: q.name === "value" ? "score value" : `term ${q.name}`, mean: q.diff, ci: q.ci, n: q.n }))} />
          <h2>Rows that moved most</h2>
          <table className="compact" data-testid="moved">
            <thead>
              <tr>
                <th>id</th>
                <th>A value</th>
                <th>B value</th>
                <th>B − A</th>
                <th>B's output</th>
              </tr>
            </thead>
            <tbody>
              {result.moved.map((m) => (
                <tr key={m.id} data-id={m.id}>
                  <td title={m.id}>
                    <a href={`${samplesHref(b)}?q=${encodeURIComponent(m.id)}`}>{midEllipsis(m.id)}</a>
                  </td>
                  <td className="num">{sig(m.a, 3)}</td>
                  <td className="num">{sig(m.b, 3)}</td>
                  <td className="num">{signedSig(m.diff, 3)}</td>
                  <td className="small">{m.output.slice(0, 120)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
