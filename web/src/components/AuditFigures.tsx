// The audit's sections as figures with their numbers in compact tables (SPEC §5, §11): transform AUCs
// (real vs transformed reply, 0.5 = the term cannot tell them apart) with DeLong 95% intervals on a 0–1
// axis; noise as the spread of repeated identical requests; contamination as the taste effect of the
// partner's laughter with its 95% t interval, per scoring path.
import { ciSig, isObj, niceTicks, pct, sig, signedSig } from "../format.ts";
import { RowPlot } from "./PairedDiffPlot.tsx";

type Obj = Record<string, unknown>;
/** An interval of a quantity that is not a difference (an AUC, an sd): no signs. */
const range = (c: unknown): string => {
  const v = nums(c);
  return v ? `[${sig(v[0])}, ${sig(v[1])}]` : "";
};
const nums = (c: unknown): [number, number] | null => (Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === "number") ? [c[0], c[1]] : null);

/** One horizontal interval row per item on a shared axis, with ticks, the axis unit and a reference line. */
export function IntervalPlot({ rows, unit, reference, domain, testid }: { rows: { label: string; mean: number | null; ci: [number, number] | null }[]; unit: string; reference: number; domain?: [number, number]; testid: string }) {
  const W = 520;
  const left = 190;
  const rowH = 20;
  const H = rows.length * rowH + 34;
  const values = rows.flatMap((r) => [...(r.ci ?? []), ...(r.mean === null ? [] : [r.mean])]);
  const lo = domain?.[0] ?? Math.min(reference, ...values);
  const hi = domain?.[1] ?? Math.max(reference, ...values);
  const pad = domain ? 0 : (hi - lo || 1) * 0.05;
  const [x0, x1] = [lo - pad, hi + pad];
  const x = (v: number) => left + ((v - x0) / (x1 - x0)) * (W - left - 12);
  const axisY = rows.length * rowH + 4;
  return (
    <svg width={W} height={H} role="img" aria-label={`${testid} on an axis in ${unit}`} data-testid={testid} className="interval-plot">
      <line x1={x(reference)} x2={x(reference)} y1={0} y2={axisY} stroke="#777" strokeDasharray="3,3" />
      {rows.map((r, i) => (
        <g key={i} transform={`translate(0, ${i * rowH})`}>
          <text x={left - 6} y={14} textAnchor="end" fontSize={11}>
            {r.label.length > 30 ? `${r.label.slice(0, 29)}…` : r.label}
          </text>
          {r.ci && <line x1={x(r.ci[0])} x2={x(r.ci[1])} y1={10} y2={10} stroke="#2471a3" strokeWidth={2} />}
          {r.mean !== null && <circle cx={x(r.mean)} cy={10} r={4} fill="#2471a3" />}
        </g>
      ))}
      <line x1={left} x2={W - 12} y1={axisY} y2={axisY} stroke="#333" />
      {niceTicks(x0, x1, 5).map((t) => (
        <g key={t} className="tick">
          <line x1={x(t)} x2={x(t)} y1={axisY} y2={axisY + 4} stroke="#333" />
          <text x={x(t)} y={axisY + 15} textAnchor="middle" fontSize={10}>
            {sig(t, 2)}
          </text>
        </g>
      ))}
      <text x={(left + W) / 2} y={H - 2} textAnchor="middle" fontSize={11} className="axis-label">
        {unit}
      </text>
    </svg>
  );
}

function Transforms({ items }: { items: Obj[] }) {
  const rows = items.map((t) => {
    const auc = isObj(t.auc) ? t.auc : null;
    return { label: `${String(t.term)} · ${String(t.transform)}`, mean: typeof auc?.auc === "number" ? auc.auc : null, ci: nums(auc?.ci), t, auc };
  });
  return (
    <figure data-testid="audit-transforms">
      <figcaption>Transform audit: AUC of the term telling real replies from transformed ones, DeLong 95% CI (0.5 = cannot tell; dashed)</figcaption>
      <IntervalPlot rows={rows} unit="AUC (real vs transformed)" reference={0.5} domain={[0, 1]} testid="transforms-plot" />
      <table className="compact">
        <thead>
          <tr>
            <th>term</th>
            <th>transform</th>
            <th>n</th>
            <th>failed</th>
            <th>AUC [95% CI]</th>
            <th>real wins (paired) [95% CI]</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ t, auc }, i) => {
            const paired = isObj(t.paired) ? t.paired : null;
            return (
              <tr key={i} data-transform={`${String(t.term)}|${String(t.transform)}`}>
                <td>{String(t.term)}</td>
                <td>{String(t.transform)}</td>
                <td className="num">{sig(t.n)}</td>
                <td className="num">{sig(t.failed)}</td>
                <td className="num">{auc ? `${sig(auc.auc)} ${range(auc.ci)}` : "—"}</td>
                <td className="num">{paired ? `${pct(paired.share)} [${pct(nums(paired.ci)?.[0])}, ${pct(nums(paired.ci)?.[1])}]` : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </figure>
  );
}

function Noise({ n }: { n: Obj }) {
  const spreads = (["sequential", "sequential_vs_concurrent", "concurrent_vs_concurrent"] as const).map((k) => ({ k, s: isObj(n[k]) ? n[k] : null }));
  return (
    <figure data-testid="audit-noise">
      <figcaption>
        Noise: sd of the difference in L between identical requests ({String(n.unit ?? "nats")}), 95% CI; {sig(n.contexts)} contexts, {sig(n.requests_per_pass)} requests per pass
      </figcaption>
      <IntervalPlot rows={spreads.map(({ k, s }) => ({ label: k.replace(/_/g, " "), mean: typeof s?.sd === "number" ? s.sd : null, ci: nums(s?.ci) }))} unit={`sd of ΔL (${String(n.unit ?? "nats")})`} reference={0} testid="noise-plot" />
      <table className="compact">
        <thead>
          <tr>
            <th>comparison</th>
            <th>pairs</th>
            <th>sd [95% CI]</th>
            <th>sd (taste units)</th>
            <th>bit-exact</th>
            <th>max |Δ|</th>
          </tr>
        </thead>
        <tbody>
          {spreads.map(({ k, s }) => (
            <tr key={k}>
              <td>{k.replace(/_/g, " ")}</td>
              <td className="num">{s ? sig(s.pairs) : "—"}</td>
              <td className="num">{s ? `${sig(s.sd)} ${range(s.ci)}` : "not run"}</td>
              <td className="num">{s ? sig(s.sd_taste) : "—"}</td>
              <td className="num">{s && isObj(s.bit_exact) ? `${sig(s.bit_exact.k)} (${pct(s.bit_exact.share)})` : "—"}</td>
              <td className="num">{s ? sig(s.max_abs) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Contamination({ c }: { c: Obj }) {
  const paths = isObj(c.paths) ? Object.entries(c.paths) : [];
  const rows = paths.flatMap(([path, v]) =>
    (["after_partner_laugh", "otherwise"] as const).map((k) => {
      const e = isObj(v) && isObj(v[k]) ? (v[k] as Obj) : null;
      return { label: `${path} · ${k.replace(/_/g, " ")}`, mean: typeof e?.mean === "number" ? e.mean : null, ci: nums(e?.ci), e };
    }),
  );
  return (
    <figure data-testid="audit-contamination">
      <figcaption>
        Contamination: taste(as is) − taste(partner laughter removed), {String(c.unit ?? "taste units")}, 95% t CI; {sig(c.contexts)} contexts, {sig(c.after_partner_laugh)} after a partner laugh
      </figcaption>
      <IntervalPlot rows={rows} unit={`Δ taste (${String(c.unit ?? "taste units")})`} reference={0} testid="contamination-plot" />
      <table className="compact">
        <thead>
          <tr>
            <th>path · context</th>
            <th>n</th>
            <th>mean [95% CI]</th>
            <th>t</th>
            <th>p</th>
            <th>mean (nats)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ label, e }) => (
            <tr key={label}>
              <td>{label}</td>
              <td className="num">{e ? sig(e.n) : "—"}</td>
              <td className="num">{e && typeof e.mean === "number" ? `${signedSig(e.mean)} ${e.ci ? ciSig(e.ci) : ""}` : "—"}</td>
              <td className="num">{e ? sig(e.t) : "—"}</td>
              <td className="num">{e ? sig(e.p) : "—"}</td>
              <td className="num">{e ? signedSig(e.mean_nats) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The figure for an audit section, or null when the section has none (it is then shown as tables). */
/** What a stack transform did to a quantity: "pays" when the whole 95% interval of transformed − real is above 0. */
function transformVerdict(change: Obj | null): { text: string; cls: string } {
  const c = change ? nums(change.ci95) : null;
  if (!c) return { text: "—", cls: "muted" };
  if (c[0] > 0) return { text: "← pays", cls: "fired" };
  if (c[1] < 0) return { text: "lowers it", cls: "ok" };
  return { text: "no change detected", cls: "muted" };
}

/**
 * `audit --stack NAME`: each transform against the reward and every term. A verdict banner (does any
 * transform raise the reward?), then per transform and quantity the mean change transformed − real
 * with its 95% interval on the quantity's own axis, the AUC(real > transformed) with its interval, and
 * the CLI's verdict ("← pays").
 */
function StackTransforms({ a }: { a: Obj }) {
  const results = (Array.isArray(a.results) ? a.results : []).filter(isObj);
  const paying = results.filter((r) => transformVerdict(isObj(r.change) ? r.change : null).text === "← pays");
  const onReward = paying.filter((r) => r.quantity === "reward").map((r) => String(r.transform));
  const tone = onReward.length > 0 ? "fail" : paying.length > 0 ? "neutral" : "pass";
  return (
    <>
      <div className={`verdict-banner ${tone}`} data-testid="stack-transforms-verdict">
        {onReward.length > 0
          ? `${onReward.join(", ")} ${onReward.length > 1 ? "pay" : "pays"}: the "${String(a.stack)}" reward rises for a worse reply`
          : paying.length > 0
            ? `the reward does not rise, but ${paying.length} term${paying.length > 1 ? "s" : ""} do: ${paying.map((r) => `${String(r.quantity)} under ${String(r.transform)}`).join(", ")}`
            : `no transform raises the "${String(a.stack)}" reward or any of its terms`}
      </div>
      <p className="muted small">
        {sig(a.rows)} rows; change = transformed − real, mean with its 95% paired t interval, each on its own axis (the quantities have different scales), 0 dashed. AUC(real &gt; transformed): 0.5 = cannot tell them apart.
      </p>
      <table className="compact" data-testid="stack-transforms">
        <thead>
          <tr>
            <th>transform</th>
            <th>quantity</th>
            <th>n</th>
            <th>change [95% CI]</th>
            <th>change on its own axis</th>
            <th>AUC [95% CI]</th>
            <th>verdict</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => {
            const change = isObj(r.change) ? r.change : null;
            const ci = change ? nums(change.ci95) : null;
            const mean = change && typeof change.mean === "number" ? change.mean : null;
            const auc = isObj(r.auc) ? r.auc : null;
            const v = transformVerdict(change);
            return (
              <tr key={`${String(r.transform)}-${String(r.quantity)}`} data-transform={String(r.transform)} data-quantity={String(r.quantity)}>
                <td>{String(r.transform)}</td>
                <td>{r.quantity === "reward" ? "score value (the reward)" : String(r.quantity)}</td>
                <td className="num">{sig(r.n)}</td>
                <td className="num">
                  {signedSig(mean)} {ci ? `[${signedSig(ci[0])}, ${signedSig(ci[1])}]` : ""}
                </td>
                <td>{mean === null ? <span className="muted small">no pairs</span> : <RowPlot r={{ label: String(r.quantity), mean, ci, n: typeof r.n === "number" ? r.n : null }} />}</td>
                <td className="num">{auc ? `${sig(auc.auc)} ${range(auc.ci)}` : "—"}</td>
                <td className={v.cls}>{v.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

export function AuditFigure({ name, value }: { name: string; value: unknown }) {
  if (name === "stack_transforms" && isObj(value) && Array.isArray(value.results)) return <StackTransforms a={value} />;
  if (name === "transforms" && Array.isArray(value) && value.every(isObj)) return <Transforms items={value} />;
  if (name === "noise" && isObj(value)) return <Noise n={value} />;
  if (name === "contamination" && isObj(value)) return <Contamination c={value} />;
  return null;
}
export const HAS_FIGURE = new Set(["transforms", "noise", "contamination", "stack_transforms"]);
