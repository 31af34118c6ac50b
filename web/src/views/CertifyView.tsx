// The A/B certification report (SPEC §6, §11): per seed set, the paired deltas (retention, on-band,
// components) with n, t, p and 95% CI; every pre-registered bar with its PASS/MISS verdict; every guard
// with base, trained, change and its interval; the bait arm's guards; the overall verdict.
import { IntervalPlotRows } from "../components/PairedDiffPlot.tsx";
import { ciSig, isObj, sig, signedSig } from "../format.ts";

interface PairedDelta {
  n: number;
  mean_base: number;
  mean_trained: number;
  delta: number;
  t: number;
  p: number;
  ci95: [number, number];
}
interface Guard {
  guard: string;
  unit: string;
  base: number | null;
  trained: number | null;
  change: number | null;
  rule: string;
  fired: boolean | null;
  ci95?: [number, number];
}
interface Comparison {
  n_pairs: number;
  retention: PairedDelta;
  win_loss_tie: { wins: number; losses: number; ties: number };
  on_band: { n: number; excluded: number; delta: PairedDelta | null };
  components: Record<string, { n: number; delta: PairedDelta | null }>;
  guards: Guard[];
  guards_fired: string[];
}
interface Verdict {
  bar: string;
  n: number;
  delta: number | null;
  t: number | null;
  pass: boolean;
  reason: string;
}
interface SetResult {
  name: string;
  trained: Comparison;
  bait?: Comparison;
  verdicts: Verdict[];
}
interface Heterogeneity {
  k: number;
  q: number;
  df: number;
  p: number;
  i2: number;
}
export interface CertifyResult {
  pooled?: { comparison: Comparison; verdicts: Verdict[]; heterogeneity: Record<string, Heterogeneity | null> };
  preregistration: { name: string; hash: string; registered_at: string } | null;
  primary: string;
  sets: SetResult[];
  bars_passed: boolean;
  guards_fired: string[];
  bait_tripped: boolean | null;
  certified: boolean;
}

function DeltaRow({ name, d }: { name: string; d: PairedDelta | null }) {
  return (
    <tr data-metric={name}>
      <td>{name}</td>
      <td className="num">{d ? sig(d.n) : "—"}</td>
      <td className="num">{sig(d?.mean_base, 4)}</td>
      <td className="num">{sig(d?.mean_trained, 4)}</td>
      <td className="num strong">{signedSig(d?.delta)}</td>
      <td className="num">{ciSig(d?.ci95)}</td>
      <td className="num">{sig(d?.t)}</td>
      <td className="num">{sig(d?.p)}</td>
    </tr>
  );
}

function GuardTable({ guards, label, testid }: { guards: Guard[]; label: string; testid: string }) {
  return (
    <table className="guards" data-testid={testid}>
      <thead>
        <tr>
          <th>guard ({label})</th>
          <th>base</th>
          <th>candidate</th>
          <th>change [95% CI]</th>
          <th>rule</th>
          <th>status</th>
        </tr>
      </thead>
      <tbody>
        {guards.map((g) => {
          const status = g.fired === null ? "reported" : g.fired ? "FIRED" : "ok";
          return (
            <tr key={g.guard} data-guard={g.guard} className={g.fired ? "fired" : ""}>
              <td>
                {g.guard} <span className="muted small">{g.unit}</span>
              </td>
              <td className="num">{sig(g.base)}</td>
              <td className="num">{sig(g.trained)}</td>
              <td className="num">
                {signedSig(g.change)} {g.ci95 ? ciSig(g.ci95) : ""}
              </td>
              <td className="small">{g.rule}</td>
              <td className={`status status-${status}`}>{status}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function BarsTable({ verdicts, testid }: { verdicts: Verdict[]; testid: string }) {
  if (verdicts.length === 0)
    return (
      <p className="muted small" data-testid={testid}>
        no pre-registered bars: without a pre-registration nothing can be certified
      </p>
    );
  return (
    <table className="bars" data-testid={testid}>
      <thead>
        <tr>
          <th>pre-registered bar</th>
          <th>n</th>
          <th>Δ</th>
          <th>t</th>
          <th>verdict</th>
          <th>why</th>
        </tr>
      </thead>
      <tbody>
        {verdicts.map((v) => (
          <tr key={v.bar} data-bar={v.bar}>
            <td>{v.bar}</td>
            <td className="num">{v.n}</td>
            <td className="num">{signedSig(v.delta)}</td>
            <td className="num">{sig(v.t)}</td>
            <td className={`status ${v.pass ? "status-ok" : "status-FIRED"}`}>{v.pass ? "PASS" : "MISS"}</td>
            <td className="small">{v.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ComparisonTables({ c, label, scope = "" }: { c: Comparison; label: string; scope?: string }) {
  const metrics: [string, PairedDelta | null][] = [["retention (certified C)", c.retention], ["on-band", c.on_band.delta], ...Object.entries(c.components).map(([k, v]): [string, PairedDelta | null] => [k, v.delta])];
  return (
    <>
      <figure data-testid={`${scope}paired-${label}`}>
        <figcaption>Paired differences ({label} − base, same seeds): mean Δ with its 95% t interval; each metric on its own scale, 0 dashed</figcaption>
        <IntervalPlotRows rows={metrics.map(([name, d]) => ({ label: name, mean: d?.delta ?? null, ci: d?.ci95 ?? null, n: d?.n ?? null }))} />
      </figure>
      <table className="ab" data-testid={`${scope}ab-${label}`}>
        <thead>
          <tr>
            <th>metric ({label} − base)</th>
            <th>n pairs</th>
            <th>base</th>
            <th>{label}</th>
            <th>Δ</th>
            <th>95% CI</th>
            <th>t</th>
            <th>p</th>
          </tr>
        </thead>
        <tbody>
          <DeltaRow name="retention (certified C)" d={c.retention} />
          <DeltaRow name={`on-band (${c.on_band.excluded} pairs excluded)`} d={c.on_band.delta} />
          {Object.entries(c.components).map(([k, v]) => (
            <DeltaRow key={k} name={k} d={v.delta} />
          ))}
        </tbody>
      </table>
      <p className="muted small">
        win/loss/tie {c.win_loss_tie.wins}/{c.win_loss_tie.losses}/{c.win_loss_tie.ties} over {c.n_pairs} paired sessions
      </p>
      <GuardTable guards={c.guards} label={label} testid={`${scope}guards-${label}`} />
    </>
  );
}

export function CertifyView({ result }: { result: CertifyResult }) {
  return (
    <section data-testid="certify">
      <div className={`verdict-banner ${result.certified ? "pass" : "fail"}`} data-testid="certify-verdict">
        {result.certified ? "CERTIFIED" : "NOT CERTIFIED"} on {result.primary}
        <span className="small">
          {" · "}
          {(result.sets.find((s) => s.name === result.primary)?.verdicts.length ?? 1) === 0 ? "no pre-registered bars" : `bars ${result.bars_passed ? "passed" : "missed"}`}
          {result.guards_fired.length > 0 && ` · guards fired: ${result.guards_fired.join(", ")}`}
          {result.bait_tripped !== null && ` · bait arm ${result.bait_tripped ? "tripped the guards (as it must)" : "did NOT trip any guard"}`}
        </span>
      </div>
      {result.preregistration && (
        <p className="muted small">
          pre-registration “{result.preregistration.name}” registered {result.preregistration.registered_at}, hash {result.preregistration.hash.slice(0, 12)}
        </p>
      )}
      {result.sets.map((s) => (
        <div key={s.name} className="set" data-set={s.name}>
          <h2>
            Seed set {s.name}
            {s.name === result.primary ? " (primary)" : ""}
          </h2>
          <BarsTable verdicts={s.verdicts} testid={`bars-${s.name}`} />
          <ComparisonTables c={s.trained} label="trained" />
          {s.bait && isObj(s.bait) && <ComparisonTables c={s.bait} label="bait" />}
        </div>
      ))}
      {result.pooled && (
        <div className="set" data-set="pooled">
          <h2>All sets pooled (not the certification: that is the primary set)</h2>
          <BarsTable verdicts={result.pooled.verdicts} testid="bars-pooled" />
          <table className="heterogeneity">
            <thead>
              <tr>
                <th>metric</th>
                <th>sets</th>
                <th>Cochran Q</th>
                <th>df</th>
                <th>p</th>
                <th>I²</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(result.pooled.heterogeneity).map(([metric, h]) => (
                <tr key={metric}>
                  <td>{metric}</td>
                  <td className="num">{h ? h.k : "—"}</td>
                  <td className="num">{sig(h?.q)}</td>
                  <td className="num">{h ? sig(h.df) : "—"}</td>
                  <td className="num">{sig(h?.p)}</td>
                  <td className="num">{h ? `${(100 * h.i2).toFixed(0)}%` : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ComparisonTables c={result.pooled.comparison} label="trained" scope="pooled-" />
        </div>
      )}
    </section>
  );
}
