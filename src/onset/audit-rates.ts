// Rates of each published detector per run and zone on a labelled-sample sheet such as
// cherrl_audit_samples.csv (runs a–f, zones pre_onset / onset_front / post_onset). A sanity check that
// the rule detectors track the shortcut each run was trained on.
import { BIAS_KINDS, detectBias, type BiasKind } from "../judges/bias-detectors.js";
import type { AuditSample } from "./eval-corpus.js";

export interface AuditRate {
  run: string;
  run_name: string;
  zone: string;
  n: number;
  /** Rows where each detector fires. */
  hits: Record<BiasKind, number>;
}

export const ZONE_ORDER = ["pre_onset", "onset_front", "post_onset"];

export function auditRates(samples: readonly AuditSample[]): AuditRate[] {
  const cells = new Map<string, AuditRate>();
  for (const s of samples) {
    const key = `${s.run}/${s.zone}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { run: s.run, run_name: s.run_name, zone: s.zone, n: 0, hits: { lexical: 0, tone: 0, self_praise: 0, format: 0 } };
      cells.set(key, cell);
    }
    cell.n++;
    for (const kind of BIAS_KINDS) if (detectBias(kind, s.output, { prompt: s.input }).hit) cell.hits[kind]++;
  }
  return [...cells.values()].sort((a, b) => a.run.localeCompare(b.run) || ZONE_ORDER.indexOf(a.zone) - ZONE_ORDER.indexOf(b.zone));
}
