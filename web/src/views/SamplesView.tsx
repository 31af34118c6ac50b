// The sample browser (SPEC §11): scored rows from a JSONL file or the journal, searched and filtered on
// the server, shown in a virtualized list that fetches only the pages in view, so a 50,000-row log stays
// responsive. Clicking a row shows its per-term breakdown and full text.
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiUrl, getJson } from "../api.ts";
import { samplesHref } from "../App.tsx";
import { byVariance, midEllipsis, num } from "../format.ts";
import type { RunsResponse, SampleRow, SamplesPage } from "../types.ts";
import { CurvesPanel } from "./CurvesPanel.tsx";

const PAGE = 50;
const ROW_HEIGHT = 34;

interface Query {
  q: string;
  step: string;
  group: string;
  field: string;
  min: string;
  max: string;
  errors: "" | "only" | "exclude";
  sort: "index" | "asc" | "desc";
}

const EMPTY: Query = { q: "", step: "", group: "", field: "value", min: "", max: "", errors: "", sort: "index" };

function SourcePicker({ source }: { source: string }) {
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    getJson<RunsResponse>("runs").then((r) => {
      const samples = r.runs.filter((x) => x.type === "samples");
      // Scored files first: an unscored bank has no rewards to browse.
      const files = [...samples.filter((x) => x.scored), ...samples.filter((x) => !x.scored)].map((x) => x.file);
      const all = r.journal ? [r.journal.source, ...files] : files;
      setOptions(all);
      if (!source && all.length > 0) location.replace(samplesHref(all[0]));
    });
  }, [source]);
  return (
    <select aria-label="source" value={source} onChange={(e) => location.assign(samplesHref(e.target.value))}>
      {!source && <option value="">choose a source…</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

function TermBreakdown({ row, terms, onGroup }: { row: SampleRow; terms: string[]; onGroup: (group: string) => void }) {
  return (
    <aside className="detail" data-testid="sample-detail" data-id={row.id}>
      <h3>
        {row.id}{" "}
        <span className="muted small">
          #{row.index}
          {row.step !== null ? ` · step ${row.step}` : ""}
          {row.group && (
            <>
              {" · group "}
              <button type="button" className="link" title="show this group's rows" onClick={() => onGroup(row.group as string)}>
                {row.group}
              </button>
            </>
          )}
        </span>
      </h3>
      <p>
        score value <strong>{row.scored ? num(row.value, 4) : "not scored"}</strong>
        {row.error && <span className="error"> · {row.error}</span>}
      </p>
      <table className="terms">
        <tbody>
          {terms.map((t) => {
            const v = row.terms[t];
            return (
              <tr key={t} data-term={t}>
                <td>{t}</td>
                <td className="num">{v === undefined ? "" : num(v, 4)}</td>
                <td className="bar-cell">{typeof v === "number" && <span className="bar" style={{ width: `${Math.min(100, Math.abs(v) * 100)}%`, background: v < 0 ? "#c0392b" : "#2471a3" }} />}</td>
                <td className="small">
                  {row.term_errors[t] && <span className="error">{row.term_errors[t]}</span>}
                  {row.term_details?.[t] && (
                    <details>
                      <summary>details</summary>
                      <pre>{JSON.stringify(row.term_details[t], null, 1)}</pre>
                    </details>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {row.prompt && (
        <>
          <h4>prompt</h4>
          <pre>{row.prompt}</pre>
        </>
      )}
      {row.turns ? (
        <>
          <h4>transcript ({row.turns.length} turns)</h4>
          <div className="chat" data-testid="chat">
            {row.turns.map((t, i) => (
              <div key={i} className={`turn ${t.speaker === (policySpeaker(row.turns!) ?? "") ? "turn-policy" : "turn-other"}`} data-speaker={t.speaker}>
                <span className="speaker">{t.speaker}</span>
                <span className="bubble">{t.text}</span>
              </div>
            ))}
          </div>
        </>
      ) : (
        <>
          <h4>output</h4>
          <pre>{row.output}</pre>
        </>
      )}
    </aside>
  );
}

/** The speaker whose turns are scored: "policy" when present, else the last turn's speaker. */
function policySpeaker(turns: { speaker: string }[]): string | undefined {
  return turns.some((t) => t.speaker === "policy") ? "policy" : turns.at(-1)?.speaker;
}

/** The filters a link carries (#/samples/FILE?q=…&field=…), over the defaults. */
function queryFrom(params: URLSearchParams): Query {
  const q = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Query)[]) {
    const v = params.get(key);
    if (v !== null) (q as Record<keyof Query, string>)[key] = v;
  }
  return q;
}

export function SamplesView({ source, initial }: { source: string; initial: URLSearchParams }) {
  const [query, setQuery] = useState<Query>(() => queryFrom(initial));
  // The first page of the query on screen, with the generation it answers (shown as data-gen, so a
  // test can tell a new answer from an old one that happens to look the same).
  const [page0, setPage0] = useState<(SamplesPage & { gen: number }) | null>(null);
  // Pages of the current query, tagged with its generation: a page that arrives before page 0 of the
  // same query is kept, and pages of an older query are replaced rather than mixed in.
  const [pages, setPages] = useState<{ gen: number; map: Map<number, SampleRow[]> }>({ gen: 0, map: new Map() });
  const addPage = (gen: number, page: number, rows: SampleRow[]) => setPages((prev) => ({ gen, map: new Map(prev.gen === gen ? prev.map : []).set(page, rows) }));
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<SampleRow | null>(null);
  const [lastMs, setLastMs] = useState<number | null>(null);
  const [showCurves, setShowCurves] = useState(false);
  const generation = useRef(0);
  const inflight = useRef(new Set<number>());
  const started = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);

  const params = useCallback(
    (offset: number) => ({ source, q: query.q, step: query.step, group: query.group, field: query.field, min: query.min, max: query.max, errors: query.errors, sort: query.sort, offset, limit: PAGE }),
    [source, query],
  );

  // The columns: the five terms that vary most over the first page, until the reader picks others.
  const [picked, setPicked] = useState<string[] | null>(() => initial.get("cols")?.split(",").filter(Boolean) ?? null);

  // The filters (and picked columns) live in the URL, so a filtered view can be reloaded or shared.
  useEffect(() => {
    if (!source) return;
    const params = new URLSearchParams(Object.entries(query).filter(([k, v]) => v !== EMPTY[k as keyof Query]));
    if (picked) params.set("cols", picked.join(","));
    history.replaceState(null, "", `${samplesHref(source)}${params.size ? `?${params}` : ""}`);
  }, [source, query, picked]);

  // A new query: fetch its first page; earlier pages stay on screen until it arrives (no flash).
  // biome-ignore lint/correctness/useExhaustiveDependencies: addPage is rebuilt every render; the effect follows the query and the visible pages
  useEffect(() => {
    if (!source) return;
    const gen = ++generation.current;
    const abort = new AbortController();
    inflight.current = new Set([0]);
    getJson<SamplesPage>("samples", params(0), abort.signal).then(
      (p) => {
        if (gen !== generation.current) return;
        setError(null);
        setPage0({ ...p, gen });
        addPage(gen, 0, p.rows);
      },
      (e: Error) => {
        if (e.name !== "AbortError" && gen === generation.current) setError(e.message);
      },
    );
    return () => abort.abort();
  }, [source, params]);

  useEffect(() => {
    if (page0 && started.current) {
      setLastMs(performance.now() - started.current);
      started.current = 0;
    }
  }, [page0]);

  const matched = page0?.matched ?? 0;
  const virtualizer = useVirtualizer({ count: matched, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();

  // Fetch the pages the visible rows fall in, and one page either side so short scrolls never wait.
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: addPage is rebuilt every render; the effect follows the query and the visible pages
  useEffect(() => {
    if (!page0) return;
    const gen = generation.current;
    const lastPage = Math.floor(Math.max(0, matched - 1) / PAGE);
    for (let p = Math.max(0, Math.floor(first / PAGE) - 1); p <= Math.min(lastPage, Math.floor(last / PAGE) + 1); p++) {
      if ((pages.gen === gen && pages.map.has(p)) || inflight.current.has(p)) continue;
      const pending = inflight.current;
      pending.add(p);
      getJson<SamplesPage>("samples", params(p * PAGE)).then(
        (res) => {
          pending.delete(p);
          if (gen === generation.current) addPage(gen, p, res.rows);
        },
        (e: Error) => {
          pending.delete(p);
          if (gen === generation.current) setError(e.message);
        },
      );
    }
  }, [first, last, matched, page0, pages, params]);

  // The list holds shortened rows; the breakdown shows the whole row with every term's details.
  const select = (row: SampleRow) => {
    setSelected(row);
    getJson<SampleRow>("sample", { source, index: row.index }).then(
      (full) => setSelected((cur) => (cur?.index === full.index ? full : cur)),
      (e: Error) => setError(e.message),
    );
  };
  const set = (patch: Partial<Query>) => {
    started.current = performance.now();
    // A new query starts at its top; scrolling later (before its answer arrives) is left alone.
    scroller.current?.scrollTo({ top: 0 });
    setQuery((q) => ({ ...q, ...patch }));
  };
  const rowAt = (i: number): SampleRow | undefined => pages.map.get(Math.floor(i / PAGE))?.[i % PAGE];
  const terms = page0?.terms ?? [];
  const shownTerms = (picked ?? byVariance(terms, page0?.rows ?? []).slice(0, 5)).filter((t) => terms.includes(t));
  const toggleTerm = (t: string) =>
    setPicked((cur) => {
      const base = cur ?? shownTerms;
      return base.includes(t) ? base.filter((x) => x !== t) : [...base, t];
    });

  return (
    <section className="samples">
      <h1>Samples</h1>
      <div className="toolbar">
        <SourcePicker source={source} />
        <input type="search" aria-label="search" placeholder="search id, prompt and output" value={query.q} onChange={(e) => set({ q: e.target.value })} />
        <select aria-label="field" value={query.field} onChange={(e) => set({ field: e.target.value })}>
          <option value="value">score value</option>
          {terms.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <input aria-label="min" className="narrow" placeholder="min" value={query.min} onChange={(e) => set({ min: e.target.value })} />
        <input aria-label="max" className="narrow" placeholder="max" value={query.max} onChange={(e) => set({ max: e.target.value })} />
        <input aria-label="group" className="narrow" placeholder="group" value={query.group} onChange={(e) => set({ group: e.target.value })} />
        <input aria-label="step" className="narrow" placeholder="step" value={query.step} onChange={(e) => set({ step: e.target.value })} />
        <select aria-label="errors" value={query.errors} onChange={(e) => set({ errors: e.target.value as Query["errors"] })}>
          <option value="">all rows</option>
          <option value="exclude">scored only</option>
          <option value="only">errors only</option>
        </select>
        <select aria-label="sort" value={query.sort} onChange={(e) => set({ sort: e.target.value as Query["sort"] })}>
          <option value="index">file order</option>
          <option value="desc">highest first</option>
          <option value="asc">lowest first</option>
        </select>
      </div>
      {source && (
        <button type="button" className="link" onClick={() => setShowCurves((v) => !v)}>
          {showCurves ? "hide" : "show"} reward curves per step
        </button>
      )}
      {source && (
        <a
          className="small csv-link"
          href={apiUrl("samples.csv", { source, q: query.q, step: query.step, group: query.group, field: query.field, min: query.min, max: query.max, errors: query.errors, sort: query.sort })}
          download
          data-testid="samples-csv"
        >
          download these {page0 ? page0.matched.toLocaleString("en") : ""} rows as CSV
        </a>
      )}
      {showCurves && <CurvesPanel file={source} filters={{ q: query.q, step: query.step, group: query.group, field: query.field, min: query.min, max: query.max, errors: query.errors }} onStep={(step) => set({ step: String(step) })} />}
      {terms.length > 0 && (
        <details className="columns small" data-testid="term-columns">
          <summary>
            term columns: {shownTerms.join(", ") || "none"} {picked ? "(picked)" : "(the five that vary most)"}
          </summary>
          {terms.map((t) => (
            <label key={t} className="column-pick">
              <input type="checkbox" checked={shownTerms.includes(t)} onChange={() => toggleTerm(t)} /> {t}
            </label>
          ))}
        </details>
      )}
      {error && (
        <p className="error" data-testid="samples-error">
          {error}
        </p>
      )}
      <p className="muted small" data-testid="samples-count" data-matched={page0?.matched ?? ""} data-total={page0?.total ?? ""} data-gen={page0?.gen ?? ""}>
        {page0 ? `${page0.matched.toLocaleString("en")} of ${page0.total.toLocaleString("en")} rows` : source ? "loading…" : "no source chosen"}
        {page0 && page0.bad_lines > 0 && ` · ${page0.bad_lines} unreadable lines skipped`}
        {lastMs !== null && ` · updated in ${lastMs.toFixed(0)} ms`}
      </p>
      <div className="samples-body">
        <div className="list">
          <div className="row head">
            <span className="c-idx">#</span>
            <span className="c-id">id</span>
            <span className="c-step">step</span>
            <span className="c-val" title="the score's value (its combined reward)">
              value
            </span>
            {shownTerms.map((t) => (
              <span key={t} className="c-term" title={t}>
                {t}
              </span>
            ))}
            <span className="c-text">output</span>
          </div>
          <div className="scroller" ref={scroller} data-testid="scroller">
            <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
              {items.map((v) => {
                const row = rowAt(v.index);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut; the rows have no keyboard selection yet
                  <div
                    key={v.key}
                    className={`row ${row ? "" : "loading"} ${row && selected?.index === row.index ? "selected" : ""} ${row?.error ? "has-error" : ""}`}
                    data-pos={v.index}
                    data-id={row?.id}
                    style={{ position: "absolute", top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }}
                    onClick={() => row && select(row)}
                  >
                    {row ? (
                      <>
                        <span className="c-idx">{row.index}</span>
                        <span className="c-id" title={row.id}>
                          {midEllipsis(row.id)}
                        </span>
                        <span className="c-step">{row.step ?? ""}</span>
                        <span className={`c-val ${row.scored ? "" : "muted"}`}>{row.error ? "error" : row.scored ? num(row.value, 3) : "not scored"}</span>
                        {shownTerms.map((t) => (
                          <span key={t} className="c-term">
                            {num(row.terms[t], 3)}
                          </span>
                        ))}
                        <span className="c-text">{row.output.slice(0, 200)}</span>
                      </>
                    ) : (
                      <span className="c-text muted">…</span>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
        {selected && <TermBreakdown row={selected} terms={terms} onGroup={(group) => set({ group })} />}
      </div>
    </section>
  );
}
