// One artifact: a header with its kind, time and parameters, then the view for its kind (onset curves,
// audit figures and forest plot, certify A/B tables, hunt surface, score/demo summaries), then the raw
// JSON. Each part sits in its own error boundary and checks the fields it reads first, so an artifact
// whose body does not match its kind gets a message naming the file and the field, not a blank page.
import { useEffect, useState, type ReactNode } from "react";
import { getJson, snakeKeys } from "../api.ts";
import { samplesHref } from "../App.tsx";
import { AuditFigure, HAS_FIGURE } from "../components/AuditFigures.tsx";
import { ErrorBoundary, ShapeError } from "../components/ErrorBoundary.tsx";
import { ExploitSurface, type HuntResult } from "../components/ExploitSurface.tsx";
import { ForestPlot, type ProbeResult } from "../components/ForestPlot.tsx";
import { JsonTables } from "../components/JsonTables.tsx";
import { RowPlot } from "../components/PairedDiffPlot.tsx";
import { ciSig, isObj, sig } from "../format.ts";
import { shapeProblem } from "../shape.ts";
import type { Artifact } from "../types.ts";
import { CertifyView, type CertifyResult } from "./CertifyView.tsx";
import { CurvesPanel } from "./CurvesPanel.tsx";

type Loaded = Artifact & { samples: string[] };

/** What a summary's keys mean, in words (one meaning per label: "value" is the score's value). */
const LABELS: Record<string, string> = {
  value: "score value (what the stack returns)",
  rows: "rows read",
  scored: "rows scored",
  errors: "rows that failed",
  seconds: "seconds",
  rows_per_second: "rows per second",
  model_calls: "model calls",
  cache_hits: "cache hits",
};

const ciOf = (c: unknown): [number, number] | null => (Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === "number") ? [c[0], c[1]] : null);

/** A score summary's verdict: every row scored, or how many failed (their value is null, never 0). */
function ScoreVerdict({ r }: { r: Record<string, unknown> }) {
  if (typeof r.rows !== "number" || typeof r.errors !== "number") return null;
  const ok = r.errors === 0;
  return (
    <div className={`verdict-banner ${ok ? "pass" : "fail"}`} data-testid="score-verdict">
      {ok ? `all ${r.rows} rows scored` : `${r.errors} of ${r.rows} rows could not be scored (their value is null, never 0)`}
    </div>
  );
}

/** Rows of {n, mean, ci95} statistics and plain numbers from a summary object. */
function SummaryTable({ summary }: { summary: Record<string, unknown> }) {
  const rows = Object.entries(summary).filter(([, v]) => typeof v === "number" || (isObj(v) && typeof v.mean === "number"));
  return (
    <table className="summary" data-testid="summary">
      <thead>
        <tr>
          <th>quantity</th>
          <th>n</th>
          <th>mean / value</th>
          <th>95% CI</th>
          <th>interval method</th>
          <th>mean and 95% CI on its own axis</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <td title={k}>{LABELS[k] ?? k.replaceAll("_", " ")}</td>
            <td className="num">{isObj(v) ? sig(v.n) : ""}</td>
            <td className="num">{isObj(v) ? sig(v.mean, 4) : sig(v, 4)}</td>
            <td className="num">{isObj(v) ? ciSig(v.ci95 ?? v.ci, 4) : ""}</td>
            <td className="small muted">{isObj(v) && (v.ci95 ?? v.ci) ? String(v.method ?? "t") : ""}</td>
            <td>{isObj(v) && typeof v.mean === "number" ? <RowPlot r={{ label: k, mean: v.mean, ci: ciOf(v.ci95 ?? v.ci), n: typeof v.n === "number" ? v.n : null }} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function probeOf(r: unknown): unknown {
  if (!isObj(r)) return null;
  if (r.probe !== undefined) return r.probe;
  if (isObj(r.audit) && r.audit.bait_probe !== undefined) return r.audit.bait_probe;
  return null;
}

/** One part of the page: its own error boundary, and the shape check of what it reads. */
function Part({ file, what, problem, children }: { file: string; what: string; problem?: string | null; children: ReactNode }) {
  return (
    <ErrorBoundary what={what} file={file}>
      {problem ? <ShapeError file={file} what={what} problem={problem} /> : children}
    </ErrorBoundary>
  );
}

function KindView({ file, a }: { file: string; a: Loaded }) {
  const r = a.result;
  const probe = probeOf(r);
  const hunt = a.kind === "hunt" ? r : isObj(r) && r.hunt !== undefined ? r.hunt : null;
  const kindProblem = !isObj(r) ? `result must be an object, got ${r === null ? "null" : Array.isArray(r) ? "an array" : typeof r}` : null;
  return (
    <>
      {kindProblem && <ShapeError file={file} what={`${a.kind} view`} problem={kindProblem} />}
      {a.kind === "onset" && (
        <Part file={file} what="reward curves">
          <CurvesPanel file={file} samplesSource={a.samples[0]} />
        </Part>
      )}
      {a.kind === "onset" && isObj(r) && r.sweep !== undefined && (
        <Part file={file} what="threshold sweep" problem={Array.isArray(r.sweep) ? null : "result.sweep must be an array of {gap, mech, onset}"}>
          <section>
            <h2>Threshold sweep</h2>
            <table className="sweep compact" data-testid="sweep">
              <thead>
                <tr>
                  <th>G ≥ (reward gap)</th>
                  <th>M ≥ (%)</th>
                  <th>onset step</th>
                </tr>
              </thead>
              <tbody>
                {(r.sweep as { gap: number; mech: number; onset: number | null }[]).map((s) => (
                  <tr key={`${s.gap}-${s.mech}`}>
                    <td className="num">{String(s.gap)}</td>
                    <td className="num">{String(s.mech)}</td>
                    <td className="num">{s.onset ?? "none"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </Part>
      )}
      {a.kind === "certify" && isObj(r) && (
        <Part file={file} what="certify report" problem={shapeProblem("certify", r)}>
          <CertifyView result={r as unknown as CertifyResult} />
        </Part>
      )}
      {isObj(r) && isObj(r.summary) && (
        <Part file={file} what="summary">
          <section>
            <h2>Summary</h2>
            <SummaryTable summary={r.summary} />
          </section>
        </Part>
      )}
      {(a.kind === "score" || a.kind === "demo") && isObj(r) && !isObj(r.summary) && (
        <Part file={file} what="summary">
          <section>
            <h2>Summary</h2>
            {a.kind === "score" && <ScoreVerdict r={r} />}
            <SummaryTable summary={{ ...r, ...(isObj(r.terms) ? Object.fromEntries(Object.entries(r.terms).map(([k, v]) => [`term ${k}`, v])) : {}) }} />
          </section>
        </Part>
      )}
      {probe !== null && (
        <Part file={file} what="bait-suffix probe" problem={shapeProblem("probe", probe, "probe")}>
          <section>
            <h2>Bait-suffix probe</h2>
            <ForestPlot probe={probe as ProbeResult} />
          </section>
        </Part>
      )}
      {a.kind === "audit" &&
        isObj(r) &&
        Object.entries(r)
          .filter(([k]) => k !== "probe" && k !== "config")
          .map(([k, v]) => (
            <Part key={k} file={file} what={`${k} audit`}>
              <section data-audit={k}>
                <h2>{k === "seconds" ? "time per audit (s)" : k === "stack_transforms" ? "Transforms against the stack: does a worse reply score higher?" : k}</h2>
                {HAS_FIGURE.has(k) ? <AuditFigure name={k} value={v} /> : <JsonTables value={v} />}
              </section>
            </Part>
          ))}
      {hunt !== null && (
        <Part file={file} what="exploit surface" problem={shapeProblem("hunt", hunt, a.kind === "hunt" ? "result" : "result.hunt")}>
          <ExploitSurface hunt={hunt as HuntResult} />
        </Part>
      )}
      {!["onset", "certify", "audit", "score", "demo", "hunt"].includes(a.kind) && isObj(r) && (
        <Part file={file} what="result tables">
          <section>
            <h2>Result</h2>
            <JsonTables value={r} />
          </section>
        </Part>
      )}
    </>
  );
}

export function RunView({ file }: { file: string }) {
  const [a, setA] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<Loaded>("artifact", { file }).then(
      (x) => setA({ ...x, result: snakeKeys(x.result) }),
      (e: Error) => setError(e.message),
    );
  }, [file]);
  if (error)
    return (
      <p className="error" data-testid="view-error">
        {error}
      </p>
    );
  if (!a) return <p className="muted">loading {file}…</p>;
  return (
    <article data-kind={a.kind}>
      <h1>
        <span className={`kind kind-${a.kind}`}>{a.kind}</span> {file}
      </h1>
      <p className="muted small">
        created {a.created_at}
        {a.samples.map((s) => (
          <span key={s}>
            {" · "}
            <a href={samplesHref(s)}>browse samples in {s}</a>
          </span>
        ))}
      </p>
      <details className="params">
        <summary>parameters</summary>
        <pre>{JSON.stringify(a.params, null, 2)}</pre>
      </details>
      <KindView file={file} a={a} />
      <details className="raw">
        <summary>raw result (JSON)</summary>
        <pre>{JSON.stringify(a.result, null, 2).slice(0, 200_000)}</pre>
      </details>
    </article>
  );
}
