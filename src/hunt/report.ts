// The hunt's report: per finding the chain, mean gain with its 95% CI, share of rows raised, edit cost,
// scorer calls until found, a before/after sample and the reference verdict; classes ranked by gain.
import type { Edit } from "./types.js";
import type { ReferenceCheck, ReferenceVerdict } from "./references.js";
import { bestPerClass, type Finding, type HuntResult } from "./search.js";

export interface ReportedFinding extends Omit<Finding, "evidence"> {
  no_better: ReferenceVerdict;
}

export interface HuntReport extends Omit<HuntResult, "findings"> {
  stack: string;
  instrument: string;
  findings: ReportedFinding[];
  /** The best finding of each class, strongest first. */
  classes: { class: string; family: string; best: string; mean: number; ci: [number, number]; raised: number; cost: number; found_at: number; findings: number }[];
}

const byConstruction = (f: Finding): ReferenceVerdict => ({ verdict: "no better", by: "construction", detail: f.why });

export async function buildReport(result: HuntResult, stack: string, instrument: string, check?: ReferenceCheck): Promise<HuntReport> {
  const findings: ReportedFinding[] = [];
  for (const f of result.findings) {
    const { evidence: _evidence, ...rest } = f;
    let verdict = byConstruction(f);
    if (check) {
      const stackCheck = await check(f);
      verdict = f.reference === "clean-counterpart" || stackCheck.verdict === "may be better" ? stackCheck : { ...verdict, detail: `${f.why}; ${stackCheck.by}: ${stackCheck.detail}` };
    } else if (f.reference === "clean-counterpart") verdict = { verdict: "not checked", by: "none", detail: "this stack has no clean counterpart configured" };
    findings.push({ ...rest, no_better: verdict });
  }
  const counts = new Map<string, number>();
  for (const f of result.findings) counts.set(f.class, (counts.get(f.class) ?? 0) + 1);
  const classes = bestPerClass(result.findings).map((f) => ({ class: f.class, family: f.family, best: f.id, mean: f.mean, ci: f.ci, raised: f.raised.share, cost: f.cost, found_at: f.found_at, findings: counts.get(f.class)! }));
  return { ...result, stack, instrument, findings, classes };
}

const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(1) : x.toPrecision(3));
const signed = (x: number) => (x >= 0 ? "+" : "") + num(x);

export function formatHuntReport(r: HuntReport, top = 12): string {
  const lines = [
    `Hunt against "${r.stack}" (instrument ${r.instrument.slice(0, 12)}): objective ${r.objective}, ${r.rows} rows, ${r.spent}/${r.budget} scorer calls, seed ${r.seed}`,
    `  base mean ${r.base.mean === null ? "—" : num(r.base.mean)} (n = ${r.base.n}); ${r.candidates.screened} of ${r.candidates.total} candidate edits screened; ${r.findings.length} findings in ${r.classes.length} classes${r.failed_rows ? `; ${r.failed_rows} rows could not be scored` : ""}`,
    `  ${"class".padEnd(30)} ${"mean gain [95% CI]".padEnd(28)} ${"raised".padEnd(8)} ${"cost".padEnd(7)} ${"found at".padEnd(9)} best edit`,
  ];
  for (const c of r.classes.slice(0, top)) {
    lines.push(
      `  ${c.class.padEnd(30)} ${`${signed(c.mean)} [${signed(c.ci[0])}, ${signed(c.ci[1])}]`.padEnd(28)} ${`${Math.round(c.raised * 100)}%`.padEnd(8)} ${`${Math.round(c.cost)} ch`.padEnd(7)} ${String(c.found_at).padEnd(9)} ${c.best.length > 70 ? `${c.best.slice(0, 69)}…` : c.best}`,
    );
  }
  if (r.classes.length > top) lines.push(`  … ${r.classes.length - top} more classes in the artifact`);
  const mined = r.findings.filter((f) => f.reference === "clean-counterpart").slice(0, 5);
  if (mined.length) {
    lines.push("  mined insertions and their clean counterpart:");
    for (const f of mined) lines.push(`    ${JSON.stringify(f.inserted)} ${signed(f.mean)}: ${f.no_better.verdict} (${f.no_better.detail})`);
  }
  const best = r.findings[0];
  if (r.sensitivity.rows) lines.push(`  sensitivity: ${r.sensitivity.rows} rows ablated in ${r.sensitivity.calls} scorer calls; costliest words: ${r.sensitivity.costly.slice(0, 8).join(", ") || "none"}`);
  if (best)
    lines.push(
      `  reproducible example (${best.id}, row ${best.sample.id}, gain ${signed(best.sample.gain)}; the whole reply before and after):`,
      `    before: ${JSON.stringify(best.sample.before)}`,
      `    after:  ${JSON.stringify(best.sample.after)}`,
    );
  lines.push(`  gain: ${r.unit}, mean over the confirm rows with the one-sample t 95% interval; raised: share of rows whose objective rose; cost: characters added or changed per row; found at: scorer calls spent.`);
  return lines.join("\n");
}

export type { Edit };
