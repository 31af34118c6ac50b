// The bait-suffix probe as a forest plot (SPEC §5, §11): one row per suffix and scoring path, the mean
// change in laughter mass with its 95% t interval on one shared axis, zero drawn, the share of contexts
// that rose with its Wilson interval, and the path's verdict against the raw (reference) path.
import { ciSig, niceTicks, pct, sig, signedSig } from "../format.ts";

interface DeltaSummary {
  n: number;
  failed: number;
  mean: number | null;
  ci: [number, number] | null;
  positive: { k: number; share: number; ci: [number, number] } | null;
}

export interface ProbeResult {
  unit: string;
  contexts: number;
  paths: { name: string; mode: string; vocab?: string }[];
  suffixes: { suffix: string; label: string; control: boolean; paths: Record<string, DeltaSummary>; verdicts: Record<string, string> }[];
  errors?: string[];
}

const COLORS = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98"];
const W = 300;
const H = 18;

export function ForestPlot({ probe }: { probe: ProbeResult }) {
  const values = probe.suffixes.flatMap((s) => Object.values(s.paths).flatMap((d) => (d.ci ? d.ci : d.mean === null ? [] : [d.mean])));
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const pad = (hi - lo || 1) * 0.05;
  const [x0, x1] = [lo - pad, hi + pad];
  const x = (v: number) => ((v - x0) / (x1 - x0)) * W;
  const reference = probe.paths[0]?.name;
  const ticks = niceTicks(x0, x1, 5);
  return (
    <div className="forest" data-testid="forest">
      <p className="muted">
        mean Δ laughter mass L ({probe.unit}) per context after appending each suffix, 95% t interval; n = {probe.contexts} contexts; reference path: {reference}
      </p>
      <p className="legend small" data-testid="forest-legend">
        {probe.paths.map((p, i) => (
          <span key={p.name} className="legend-item">
            <span className="dot" style={{ background: COLORS[i % COLORS.length] }} /> {p.name}
            {p.mode ? ` (${p.mode}${p.vocab ? `, ${p.vocab}` : ""})` : ""}
          </span>
        ))}
        <span className="legend-item">● mean, ── 95% CI, ┆ zero</span>
      </p>
      <table className="forest-table">
        <thead>
          <tr>
            <th>suffix</th>
            <th>path</th>
            <th>n</th>
            <th>mean Δ ({probe.unit})</th>
            <th>95% CI</th>
            <th className="plot-col">mean Δ L ({probe.unit}), 95% CI</th>
            <th>share &gt; 0 [95% CI]</th>
            <th>verdict</th>
          </tr>
        </thead>
        <tbody>
          {probe.suffixes.flatMap((s, si) =>
            probe.paths.map((p, pi) => {
              const d = s.paths[p.name];
              const verdict = p.name === reference ? "reference" : (s.verdicts[p.name] ?? "—");
              return (
                <tr key={`${si}-${p.name}`} className={`${pi === 0 ? "group-start" : ""} ${s.control ? "control" : ""}`} data-suffix={s.suffix} data-path={p.name}>
                  <td>{pi === 0 ? `${s.label}${s.control ? " (control)" : ""}` : ""}</td>
                  <td>
                    <span className="dot" style={{ background: COLORS[pi % COLORS.length] }} /> {p.name}
                  </td>
                  <td>
                    {d ? d.n : "—"}
                    {d && d.failed > 0 ? ` (${d.failed} failed)` : ""}
                  </td>
                  <td className="num" data-testid="mean">
                    {signedSig(d?.mean)}
                  </td>
                  <td className="num">{ciSig(d?.ci, 4)}</td>
                  <td className="plot-col">
                    <svg width={W} height={H} aria-hidden="true">
                      <line x1={x(0)} x2={x(0)} y1={0} y2={H} stroke="#999" strokeDasharray="3,3" />
                      {d?.ci && <line x1={x(d.ci[0])} x2={x(d.ci[1])} y1={H / 2} y2={H / 2} stroke={COLORS[pi % COLORS.length]} strokeWidth={2} />}
                      {d && d.mean !== null && <circle cx={x(d.mean)} cy={H / 2} r={4} fill={COLORS[pi % COLORS.length]} />}
                    </svg>
                  </td>
                  <td className="num">{d?.positive ? `${pct(d.positive.share)} [${pct(d.positive.ci[0])}, ${pct(d.positive.ci[1])}]` : "—"}</td>
                  <td className={`verdict verdict-${verdict.replace(/\s+/g, "-")}`}>{s.control && p.name !== reference && verdict !== "control" ? `${verdict} (control)` : verdict}</td>
                </tr>
              );
            }),
          )}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={5} />
            <td className="plot-col">
              <svg width={W} height={30} data-testid="forest-axis" role="img" aria-label={`axis in ${probe.unit}`}>
                <line x1={0} x2={W} y1={2} y2={2} stroke="#333" />
                {ticks.map((t) => (
                  <g key={t} className="tick">
                    <line x1={x(t)} x2={x(t)} y1={2} y2={6} stroke="#333" />
                    <text x={Math.min(W - 8, Math.max(8, x(t)))} y={17} fontSize={10} textAnchor="middle">
                      {sig(t, 2)}
                    </text>
                  </g>
                ))}
                <text x={W / 2} y={29} fontSize={10} textAnchor="middle" fill="#555">
                  Δ L ({probe.unit})
                </text>
              </svg>
            </td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
      {probe.errors && probe.errors.length > 0 && (
        <p className="error">
          {probe.errors.length} model-call errors (excluded, never counted as 0): {probe.errors.slice(0, 3).join("; ")}
        </p>
      )}
    </div>
  );
}
