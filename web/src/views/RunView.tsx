// One artifact: a header with its kind, time and parameters, then the view for its kind (onset curves,
// audit forest plot, certify A/B tables, score/demo summaries), then the raw JSON for everything else.
import { useEffect, useState } from "react";
import { getJson } from "../api.ts";
import { samplesHref } from "../App.tsx";
import { ExploitSurface, type HuntResult } from "../components/ExploitSurface.tsx";
import { ForestPlot, type ProbeResult } from "../components/ForestPlot.tsx";
import { JsonTables } from "../components/JsonTables.tsx";
import { ci, isObj, num } from "../format.ts";
import type { Artifact } from "../types.ts";
import { CertifyView, type CertifyResult } from "./CertifyView.tsx";
import { CurvesPanel } from "./CurvesPanel.tsx";

type Loaded = Artifact & { samples: string[] };

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
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <td>{k}</td>
            <td className="num">{isObj(v) ? String(v.n ?? "—") : ""}</td>
            <td className="num">{isObj(v) ? num(v.mean, 4) : String(v)}</td>
            <td className="num">{isObj(v) ? ci(v.ci95 ?? v.ci, 4) : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function probeOf(a: Artifact): ProbeResult | null {
  const r = a.result;
  if (!isObj(r)) return null;
  if (isObj(r.probe)) return r.probe as unknown as ProbeResult;
  if (isObj(r.audit) && isObj(r.audit.bait_probe)) return r.audit.bait_probe as unknown as ProbeResult;
  return null;
}

function KindView({ file, a }: { file: string; a: Loaded }) {
  const r = a.result;
  const probe = probeOf(a);
  return (
    <>
      {a.kind === "onset" && <CurvesPanel file={file} />}
      {a.kind === "onset" && isObj(r) && Array.isArray(r.sweep) && (
        <section>
          <h2>Threshold sweep</h2>
          <table className="sweep" data-testid="sweep">
            <thead>
              <tr>
                <th>G ≥</th>
                <th>M ≥ (%)</th>
                <th>onset step</th>
              </tr>
            </thead>
            <tbody>
              {(r.sweep as { gap: number; mech: number; onset: number | null }[]).map((s) => (
                <tr key={`${s.gap}-${s.mech}`}>
                  <td className="num">{s.gap}</td>
                  <td className="num">{s.mech}</td>
                  <td className="num">{s.onset ?? "none"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {a.kind === "certify" && isObj(r) && <CertifyView result={r as unknown as CertifyResult} />}
      {isObj(r) && isObj(r.summary) && (
        <section>
          <h2>Summary</h2>
          <SummaryTable summary={r.summary} />
        </section>
      )}
      {(a.kind === "score" || a.kind === "demo") && isObj(r) && !isObj(r.summary) && (
        <section>
          <h2>Summary</h2>
          <SummaryTable summary={{ ...r, ...(isObj(r.terms) ? Object.fromEntries(Object.entries(r.terms).map(([k, v]) => [`term ${k}`, v])) : {}) }} />
        </section>
      )}
      {probe && (
        <section>
          <h2>Bait-suffix probe</h2>
          <ForestPlot probe={probe} />
        </section>
      )}
      {a.kind === "audit" &&
        isObj(r) &&
        Object.entries(r)
          .filter(([k]) => k !== "probe" && k !== "config")
          .map(([k, v]) => (
            <section key={k} data-audit={k}>
              <h2>{k === "seconds" ? "time per audit (s)" : k}</h2>
              <JsonTables value={v} />
            </section>
          ))}
      {a.kind === "hunt" && isObj(r) && Array.isArray(r.findings) && <ExploitSurface hunt={r as unknown as HuntResult} />}
      {!["onset", "certify", "audit", "score", "demo"].includes(a.kind) && isObj(r) && (
        <section>
          <h2>Result</h2>
          <JsonTables value={r} />
        </section>
      )}
    </>
  );
}

export function RunView({ file }: { file: string }) {
  const [a, setA] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<Loaded>("artifact", { file }).then(setA, (e: Error) => setError(e.message));
  }, [file]);
  if (error) return <p className="error">{error}</p>;
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
