// The readable terminal report of a certification: every number with its unit, n and, for estimates,
// its 95% CI; verdicts per bar; guards with their rules.
import type { CertifyReport, SetResult } from "./certify.js";
import type { Comparison } from "./compare.js";
import type { GuardResult } from "./guards.js";
import type { PairedDelta } from "./paired-delta.js";
import type { SensitivityReport } from "./sensitivity.js";
import type { BarVerdict } from "./verdict.js";

const signed = (x: number, digits = 4) => `${x >= 0 ? "+" : ""}${x.toFixed(digits)}`;
const tText = (t: number) => (Number.isFinite(t) ? t.toFixed(2) : String(t));
const pText = (p: number) => (Number.isNaN(p) ? "n/a" : p < 1e-4 ? p.toExponential(1) : p.toFixed(4));

export function formatDelta(d: PairedDelta | null): string {
  if (!d) return "n/a (fewer than 2 pairs)";
  return `${signed(d.delta)} (95% CI ${signed(d.ci95[0])} to ${signed(d.ci95[1])}), t = ${tText(d.t)}, p = ${pText(d.p)}, n = ${d.n}`;
}

function formatGuard(g: GuardResult): string {
  const status = g.fired === null ? "reported" : g.fired ? "FIRED" : "ok";
  const value = (x: number | null) => (x === null ? "n/a" : g.unit.startsWith("%") ? `${x.toFixed(2)}%` : Number.isInteger(x) ? String(x) : x.toFixed(4));
  const fmtChange = (x: number) => (g.unit.startsWith("%") ? signed(x, 2) : Number.isInteger(x) ? signed(x, 0) : signed(x));
  const change = g.change === null ? "n/a" : g.unit.startsWith("%") ? `${signed(g.change, 2)} points` : fmtChange(g.change);
  const ci = g.ci95 ? `, 95% CI ${fmtChange(g.ci95[0])} to ${fmtChange(g.ci95[1])}` : "";
  return `    ${g.guard.padEnd(20)} ${value(g.base)} -> ${value(g.trained)} (${change}${ci}; ${g.rule}; ${g.unit})  ${status}`;
}

function formatVerdicts(verdicts: BarVerdict[], indent = "    "): string[] {
  return verdicts.map((v) => `${indent}${v.pass ? "PASS" : "MISS"} ${v.bar}: ${v.reason} (n = ${v.n})`);
}

export function formatComparison(c: Comparison, label: string): string[] {
  const r = c.retention;
  const lines = [
    `  ${label}: ${c.n_pairs} paired sessions${
      c.unscored.length
        ? ` (${c.unscored.length} arm-sessions unscored, excluded: ${c.unscored
            .slice(0, 3)
            .map((u) => `seed ${u.seed} ${u.arm}: ${u.error}`)
            .join("; ")})`
        : ""
    }`,
    `    certified retention C: base ${r.mean_base.toFixed(4)} -> ${r.mean_trained.toFixed(4)}, delta ${formatDelta(r)}`,
    `    win/loss/tie: ${c.win_loss_tie.wins}/${c.win_loss_tie.losses}/${c.win_loss_tie.ties}`,
    `    on-band (both arms > 0): ${formatDelta(c.on_band.delta)}; ${c.on_band.excluded} pairs excluded`,
    `    zero-certification sessions: base ${c.zeros.zero_base}, this arm ${c.zeros.zero_trained}; rescued from zero ${c.zeros.rescued}, lost to zero ${c.zeros.lost} (net ${signed(c.zeros.net_rescued, 0)})`,
    `    components (paired delta of the session term value):`,
    ...Object.entries(c.components).map(([name, comp]) => `      ${name.padEnd(11)} ${comp.delta ? formatDelta(comp.delta) : `n/a (term present in ${comp.n} pairs)`}`),
    `    mean reaction log-probability L (nats, session means): ${c.reaction_logprob ? `base ${c.reaction_logprob.mean_base.toFixed(3)} -> ${c.reaction_logprob.mean_trained.toFixed(3)}, delta ${formatDelta(c.reaction_logprob)}` : "n/a (no per-turn L in the scores)"}`,
    `    guards:`,
    ...c.guards.map(formatGuard),
  ];
  return lines;
}

function formatSet(s: SetResult): string[] {
  const lines = [`set ${s.name}`, ...formatComparison(s.trained, "trained vs base")];
  if (s.verdicts.length) lines.push("    verdicts:", ...formatVerdicts(s.verdicts, "      "));
  if (s.bait) {
    lines.push(...formatComparison(s.bait, "bait vs base (laughter appended)"));
    lines.push(`    bait guards fired: ${s.bait.guards_fired.length ? s.bait.guards_fired.join(", ") : "none"}`);
  }
  return lines;
}

export function formatCertifyReport(r: CertifyReport): string {
  const lines: string[] = [];
  lines.push(
    r.preregistration
      ? `pre-registration "${r.preregistration.name}" ${r.preregistration.hash.slice(0, 12)} (registered ${r.preregistration.registered_at}, banks stamped ${r.preregistration.stamped_at}): hash matches`
      : "NOT PRE-REGISTERED: no bars were fixed before the rollouts; no certification is possible",
  );
  lines.push(`instrument ${r.instrument.slice(0, 12)} (both arms scored by it in the same run)`);
  for (const s of r.sets) lines.push(...formatSet(s));
  if (r.sets.length > 1 && r.pooled) {
    lines.push(`replications side by side (trained − base, certified retention C and bar metrics):`);
    const metrics = ["retention", ...new Set(r.sets.flatMap((s) => s.verdicts.map((v) => v.metric)))].filter((m, i, a) => a.indexOf(m) === i);
    for (const m of metrics) {
      lines.push(`  ${m}:`);
      for (const s of r.sets) lines.push(`    ${s.name.padEnd(10)} ${formatMetric(s.trained, m)}`);
      lines.push(`    ${"pooled".padEnd(10)} ${formatMetric(r.pooled.comparison, m)}`);
      const h = r.pooled.heterogeneity[m];
      if (h) lines.push(`    heterogeneity: Cochran's Q = ${h.q.toFixed(2)} (df ${h.df}, p = ${pText(h.p)}), I² = ${(100 * h.i2).toFixed(0)}%`);
    }
    if (r.pooled.verdicts.length) lines.push("  pooled verdicts:", ...formatVerdicts(r.pooled.verdicts));
  }
  if (r.sensitivity) lines.push(...formatSensitivity(r.sensitivity, "trained − base"));
  if (r.sensitivity_bait) lines.push(...formatSensitivity(r.sensitivity_bait, "bait − base"));
  if (r.bait_tripped !== null) lines.push(`bait arm ${r.bait_tripped ? "tripped the guards (as it must)" : "did NOT trip any guard: the guards are too weak for this bait"}`);
  if (r.missing.length) lines.push(`MISSING (pre-registered, not in this run): ${r.missing.join(", ")}`);
  lines.push(
    r.certified
      ? `VERDICT: CERTIFIED on ${r.primary}${
          r.sets.length > 1
            ? ` and replications ${r.sets
                .slice(1)
                .map((s) => s.name)
                .join(", ")}`
            : ""
        }`
      : `VERDICT: NOT CERTIFIED (${r.blockers.join("; ")})`,
  );
  return lines.join("\n");
}

function formatSensitivity(s: SensitivityReport, label: string): string[] {
  const fmt = (v: number | null) => (v === null ? "n/a" : signed(v));
  return [
    `scorer-revision sensitivity, ${label} (instrument ${s.instrument_before.slice(0, 12)} -> ${s.instrument_after.slice(0, 12)}, tolerance ${s.tolerance}):`,
    ...s.shifts.map((x) => `    ${x.metric.padEnd(11)} ${fmt(x.delta_before)} -> ${fmt(x.delta_after)} (change ${fmt(x.change)})${x.within_tolerance === null ? "" : x.within_tolerance ? " within tolerance" : " EXCEEDS tolerance"}`),
  ];
}

function formatMetric(c: Comparison, metric: string): string {
  const d = metric === "retention" ? c.retention : metric === "on_band" ? c.on_band.delta : (c.components[metric]?.delta ?? null);
  return formatDelta(d);
}
