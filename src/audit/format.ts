// The audit report as a readable terminal summary: every number with its unit, n and interval.
import type { BaitProbeResult } from "./bait-probe.js";
import type { FuzzResult } from "./bait-fuzzer.js";
import type { AuditReport } from "./suite.js";

/** Fixed decimals, except a non-zero value too small to show, which keeps one significant digit. */
const num = (x: number, d: number) => (x !== 0 && Math.abs(x) < 0.5 * 10 ** -d ? x.toExponential(0) : x.toFixed(d));
const f = (x: number | null | undefined, d = 2) => (x === null || x === undefined || !Number.isFinite(x) ? "—" : (x >= 0 ? "+" : "") + num(x, d));
const ci = (c: [number, number] | null | undefined, d = 2) => (c ? `[${num(c[0], d)}, ${num(c[1], d)}]` : "—");
const pct = (x: number | null | undefined) => (x === null || x === undefined ? "—" : `${(100 * x).toFixed(0)}%`);

export function formatProbeTable(p: BaitProbeResult): string {
  const names = p.paths.map((x) => x.name);
  const head = ["suffix".padEnd(14), ...names.map((n) => `${n}: Δ nats [95% CI] pos`.padEnd(34)), "verdict"].join(" ");
  const lines = [`Bait-suffix probe — ΔL (nats), n = ${p.contexts} contexts; ${p.distinct_prompts} distinct audience prompts scored`, head];
  for (const s of p.suffixes) {
    const cells = names.map((n) => {
      const d = s.paths[n];
      return `${f(d.mean)} ${ci(d.ci)} ${pct(d.positive?.share)}${d.failed ? ` (${d.failed} failed)` : ""}`.padEnd(34);
    });
    const verdict = s.control ? "(control)" : Object.values(s.verdicts).join("/");
    lines.push([s.label.padEnd(14), ...cells, verdict].join(" "));
  }
  if (p.errors.length) lines.push(`model errors (contexts excluded): ${p.errors.join("; ")}`);
  return lines.join("\n");
}

export function formatFuzz(r: FuzzResult, top = 12): string {
  const lines = [
    `Bait fuzzer vs ${r.path.name} (${r.path.mode}, ${r.path.vocab}): ${r.candidates} generated; lexically stripped ${r.by_lexical.stripped}, residue ${r.by_lexical.residue}, unmatched ${r.by_lexical.unmatched}; ` +
      `screened ${r.screened}, confirmed ${r.confirmed}; ${r.open.length} still buy reward`,
  ];
  for (const o of r.open.slice(0, top)) lines.push(`  ${JSON.stringify(o.text).padEnd(22)} ${f(o.confirm!.mean)} nats ${ci(o.confirm!.ci)} n=${o.confirm!.n}  ${o.family}: ${o.origin}`);
  if (r.open.length > top) lines.push(`  … ${r.open.length - top} more (in the JSON report)`);
  if (r.residue.length) lines.push(`  partly stripped (a shell is left): ${r.residue.map((x) => `${x.text} → ${JSON.stringify(x.visible)}`).join(", ")}`);
  return lines.join("\n");
}

export function formatAuditReport(r: AuditReport): string {
  const out: string[] = [];
  if (r.probe) out.push(formatProbeTable(r.probe));
  for (const z of r.fuzz ?? []) out.push(formatFuzz(z));
  for (const t of r.transforms ?? []) {
    const pass = t.pass ? `; pass real ${t.pass.real.successes}/${t.pass.real.n}, transformed ${t.pass.transformed.successes}/${t.pass.transformed.n}` : "";
    out.push(
      `Transform ${t.transform} on ${t.term} (${t.unit}), ${t.source}: AUC(real > transformed) ${t.auc ? `${t.auc.auc.toFixed(3)} ${ci(t.auc.ci, 3)}` : "—"}, n = ${t.n}${t.failed ? ` (${t.failed} failed)` : ""}; paired: real wins ${t.paired ? `${t.paired.wins}/${t.paired.n}${t.paired.ties ? `, ${t.paired.ties} ties` : ""}` : "—"}${pass}`,
    );
  }
  if (r.noise) {
    const n = r.noise;
    const row = (label: string, s: typeof n.sequential | null) =>
      s ? `  ${label}: sd ${s.sd?.toFixed(3) ?? "—"} nats ${ci(s.ci, 3)} (${s.sdTaste?.toFixed(4) ?? "—"} taste units), bit-exact ${s.bitExact.k}/${s.pairs}, max |Δ| ${s.maxAbs.toFixed(3)}` : "";
    out.push(
      [
        `Noise: ${n.contexts} contexts × ${n.requestsPerPass / n.contexts} requests, ${n.sequentialPasses} sequential passes (peak ${n.inFlight.sequentialPeak} in flight) + ${n.concurrentPasses} concurrent passes (${n.inFlight.requested} asked, measured peak ${n.inFlight.concurrentPeak.join("/") || "—"}; endpoint limit ${n.inFlight.endpointLimit}, raised for the probe); backend ${n.determinism.model}, batch-invariant ${n.determinism.batchInvariant ?? "not declared"}`,
        row("sequential", n.sequential),
        row("sequential vs concurrent", n.sequentialVsConcurrent),
        row("concurrent vs concurrent", n.concurrentVsConcurrent),
      ]
        .filter(Boolean)
        .join("\n"),
    );
  }
  if (r.uncovered) {
    const u = r.uncovered;
    const per = (x: { per16k: number; ci95per16k: [number, number]; turns: number }) => `${x.per16k.toFixed(1)} per 16,000 turns (95% CI ${x.ci95per16k[0].toFixed(1)}–${x.ci95per16k[1].toFixed(1)}; ${x.turns} turns)`;
    out.push(
      [
        `Uncovered laughter tokens (${u.uncovered.length} candidates survive the ${u.vocab} strip), ${u.turns} policy turns of ${u.sources.map((s) => `${s.name} (${s.turns})`).join(", ")}:`,
        `  any: ${per(u.any)}`,
        ...u.rates.slice(0, 10).map((x) => `  ${JSON.stringify(x.token)}: ${per(x)}`),
        ...(u.max ? [] : ["  none occurs"]),
      ].join("\n"),
    );
  }
  if (r.contamination) {
    const c = r.contamination;
    const lines = [`Contamination (partner laughter removed vs kept, identity-controlled), ${c.contexts} turns, ${c.afterPartnerLaugh} after a partner laugh — effect in taste units:`];
    for (const [name, e] of Object.entries(c.paths)) {
      const g = (x: typeof e.otherwise) => `${f(x.mean, 4)} ${ci(x.ci, 4)} t=${x.t === null ? "—" : x.t.toFixed(2)} n=${x.n}`;
      lines.push(`  ${name.padEnd(4)} after a partner laugh ${g(e.afterPartnerLaugh)}; otherwise ${g(e.otherwise)}`);
    }
    out.push(lines.join("\n"));
  }
  if (r.regression) {
    const g = r.regression;
    const top = g.features
      .slice(0, 5)
      .map((x) => `${x.feature} r=${f(x.r, 3)} t=${f(x.t, 1)}`)
      .join("; ");
    out.push(
      `Group-centred regression of ${g.term}: n = ${g.n} in ${g.groups} groups; R² all ${g.r2_all?.toFixed(4) ?? "—"}, policy-side ${g.r2_policy?.toFixed(4) ?? "—"}; within-group share ${g.within_share?.toFixed(3) ?? "—"}\n  strongest: ${top}`,
    );
  }
  if (r.variance) {
    const v = r.variance.overall;
    out.push(
      `Advantage-variance shares (n = ${v.n}, ${v.groups} groups): ${v.shares.map((s) => `${s.term} ${s.share === null ? "—" : s.share.toFixed(3)} ${ci(s.ci, 3)}`).join("; ")}; dominant ${v.dominant ?? "—"}${r.variance.by_step.length ? `; ${r.variance.by_step.length} steps in the report` : ""}`,
    );
  }
  if (r.guards) {
    const g = r.guards;
    out.push(
      `Training guards over ${g.steps.length} steps (reference ${g.reference}): ${g.alerts.length} alerts${g.stop_at !== null ? `, STOP at step ${g.stop_at}` : ""}` +
        g.alerts
          .slice(0, 8)
          .map((a) => `\n  step ${a.step} ${a.level}: ${a.guard} ${f(a.change)} ${a.unit} (threshold ${a.threshold})`)
          .join(""),
    );
  }
  for (const v of r.validation ?? []) out.push(`Candidate ${v.candidate}: ${v.verdict}${v.reasons.length ? ` — ${v.reasons.join("; ")}` : ""}`);
  out.push(
    `time: ${Object.entries(r.seconds)
      .map(([k, s]) => `${k} ${s.toFixed(1)} s`)
      .join(", ")}`,
  );
  return out.join("\n\n");
}
