// The runs list: every artifact (kind, when, a one-line summary, key parameters) and every sample file,
// plus the journal when the dashboard was started with one. A filter box narrows by kind or file name.
import { useEffect, useState } from "react";
import { getJson } from "../api.ts";
import { runHref, samplesHref } from "../App.tsx";
import type { RunEntry, RunsResponse } from "../types.ts";

function paramLine(params: Record<string, unknown> | null): string {
  if (!params) return "";
  return Object.entries(params)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
    .slice(0, 4)
    .map(([k, v]) => `${k}=${String(v).length > 40 ? `…${String(v).slice(-38)}` : String(v)}`)
    .join("  ");
}

export function RunsView() {
  const [data, setData] = useState<RunsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  useEffect(() => {
    getJson<RunsResponse>("runs").then(setData, (e: Error) => setError(e.message));
  }, []);
  if (error) return <p className="error">{error}</p>;
  if (!data) return <p className="muted">loading runs…</p>;
  const f = filter.toLowerCase();
  const shown = data.runs.filter((r) => !f || `${r.kind} ${r.file} ${r.summary}`.toLowerCase().includes(f));
  const href = (r: RunEntry) => (r.type === "samples" ? samplesHref(r.file) : runHref(r.file));
  return (
    <section>
      <h1>Runs</h1>
      <p className="muted">
        {data.runs.length} files in <code>{data.artifacts_dir}</code>
        {data.journal && (
          <>
            {" · "}journal <a href={samplesHref(data.journal.source)}>{data.journal.file}</a>
          </>
        )}
      </p>
      <input className="filter" placeholder="filter by kind, file or summary" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="filter runs" />
      <table className="runs" data-testid="runs-table">
        <thead>
          <tr>
            <th>kind</th>
            <th>file</th>
            <th>created</th>
            <th>summary</th>
            <th>parameters</th>
          </tr>
        </thead>
        <tbody>
          {data.journal && (
            <tr data-kind="journal">
              <td>
                <span className="kind">journal</span>
              </td>
              <td>
                <a href={samplesHref(data.journal.source)}>{data.journal.file.split("/").at(-1)}</a>
              </td>
              <td />
              <td>
                reward-server requests (read-only):{" "}
                {Object.entries(data.journal.counts)
                  .map(([k, v]) => `${v} ${k}`)
                  .join(", ")}
              </td>
              <td />
            </tr>
          )}
          {shown.map((r) => (
            <tr key={r.file} data-kind={r.kind ?? "unreadable"} data-file={r.file}>
              <td>
                <span className={`kind kind-${r.kind ?? "unreadable"}`}>{r.kind ?? "?"}</span>
              </td>
              <td>{r.type === "unreadable" ? r.file : <a href={href(r)}>{r.file}</a>}</td>
              <td className="nowrap">{r.created_at ? r.created_at.replace("T", " ").slice(0, 19) : ""}</td>
              <td className={r.type === "unreadable" ? "error" : ""}>{r.summary}</td>
              <td className="muted small">{paramLine(r.params)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
