// Certify's paired-difference plot: one row per metric, its mean paired Δ and 95% t interval on its own
// axis (the metrics have different scales, and a deciding +0.00002 must stay visible beside a +0.1), with
// zero dashed, tick labels at the ends and zero, and n beside it.
import { niceTicks, sig, signedSig } from "../format.ts";

interface Row {
  label: string;
  mean: number | null;
  ci: [number, number] | null;
  n: number | null;
}

const W = 360;
const H = 34;
const PAD = 14;

export function RowPlot({ r }: { r: Row }) {
  const values = [0, ...(r.ci ?? []), ...(r.mean === null ? [] : [r.mean])];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || Math.abs(hi) || 1;
  const [x0, x1] = [lo - span * 0.08, hi + span * 0.08];
  const x = (v: number) => PAD + ((v - x0) / (x1 - x0)) * (W - 2 * PAD);
  const ticks = niceTicks(x0, x1, 4);
  return (
    <svg width={W} height={H} role="img" aria-label={`${r.label}: Δ ${signedSig(r.mean)}`}>
      <line x1={x(0)} x2={x(0)} y1={2} y2={H - 14} stroke="#777" strokeDasharray="3,3" />
      {r.ci && <line x1={x(r.ci[0])} x2={x(r.ci[1])} y1={10} y2={10} stroke="#b9770e" strokeWidth={2} />}
      {r.mean !== null && <circle cx={x(r.mean)} cy={10} r={4} fill="#b9770e" />}
      <line x1={PAD} x2={W - PAD} y1={H - 14} y2={H - 14} stroke="#333" />
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={H - 14} y2={H - 10} stroke="#333" />
          <text x={x(t)} y={H - 2} fontSize={9} textAnchor="middle">
            {sig(t, 2)}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function IntervalPlotRows({ rows }: { rows: Row[] }) {
  return (
    <table className="paired-plot compact">
      <thead>
        <tr>
          <th>metric</th>
          <th>n pairs</th>
          <th>Δ [95% CI]</th>
          <th>Δ on its own axis (metric units)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} data-metric={r.label}>
            <td>{r.label}</td>
            <td className="num">{sig(r.n)}</td>
            <td className="num">
              {signedSig(r.mean)} {r.ci ? `[${signedSig(r.ci[0])}, ${signedSig(r.ci[1])}]` : ""}
            </td>
            <td>{r.mean === null ? <span className="muted small">no pairs</span> : <RowPlot r={r} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
