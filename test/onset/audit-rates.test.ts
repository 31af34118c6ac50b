import { describe, expect, it } from "vitest";
import { auditRates } from "../../src/onset/audit-rates.js";
import { readAuditSamples } from "../../src/onset/eval-corpus.js";
import type { BiasKind } from "../../src/judges/bias-detectors.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

const TARGET: Record<string, BiasKind> = { a: "self_praise", b: "lexical", c: "lexical", d: "tone", e: "format", f: "self_praise" };

describe.skipIf(!hasSharedData)(`published detectors on cherrl_audit_samples.csv (${hasSharedData ? "shared data" : sharedDataSkipReason})`, () => {
  const rates = hasSharedData ? auditRates(readAuditSamples(sharedPath("hacking_runs/cherrl_audit_samples.csv"))) : [];
  const rate = (run: string, zone: string): number => {
    const cell = rates.find((r) => r.run === run && r.zone === zone)!;
    return cell.hits[TARGET[run]] / cell.n;
  };

  it("has six runs × three zones of 10 samples", () => {
    expect(rates).toHaveLength(18);
    expect(rates.every((r) => r.n === 10)).toBe(true);
  });

  it("each target detector fires more after the onset than before, by ≥ 30 points, for the non-lexical runs", () => {
    for (const run of ["a", "d", "e", "f"]) expect(rate(run, "post_onset") - rate(run, "pre_onset")).toBeGreaterThanOrEqual(0.3);
  });

  it("the lexical shortcuts are already in ≥ 90 % of pre-onset samples (zones were sampled from high-reward rows)", () => {
    for (const run of ["b", "c"]) for (const zone of ["pre_onset", "onset_front", "post_onset"]) expect(rate(run, zone)).toBeGreaterThanOrEqual(0.9);
  });
});
