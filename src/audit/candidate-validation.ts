// Candidate validation (SPEC §5, seed 000 §3): a candidate term is adopted only if it passes every
// configured check — agreement with an adjudicator's pairwise labels (which of two replies is funnier),
// within-group signal (enough of its variance lies within GRPO groups for the advantage to use), and,
// when given, robustness to adversarial transforms (AUC real > transformed). Each check reports its
// estimate, interval, threshold and pass; the verdict lists the reasons for a rejection.
import { InputError } from "../core/errors.js";
import { bootstrapCi } from "../stats/bootstrap.js";
import { wilsonCi } from "../stats/proportion.js";

export interface PairwiseLabel {
  /** Candidate scores of the two replies. */
  a: number;
  b: number;
  /** The adjudicator's preference. */
  label: "a" | "b" | "tie";
}

export interface ValidationThresholds {
  /** Minimum share of decided pairs the candidate orders as the adjudicator (default 0.6). */
  min_agreement: number;
  /** Minimum within-group share of variance (default 0.2). */
  min_within_share: number;
  /** Minimum AUC(real > transformed) per transform, when transform results are given (default 0.8). */
  min_transform_auc: number;
}

export const DEFAULT_VALIDATION: ValidationThresholds = { min_agreement: 0.6, min_within_share: 0.2, min_transform_auc: 0.8 };

export interface ValidationCheck {
  check: string;
  estimate: number | null;
  ci: [number, number] | null;
  n: number;
  threshold: number;
  /** The point estimate reaches the threshold and its interval excludes chance where chance applies. */
  pass: boolean;
  note?: string;
}

export interface CandidateVerdict {
  candidate: string;
  verdict: "adopted" | "rejected";
  reasons: string[];
  checks: ValidationCheck[];
}

export function pairwiseAgreement(labels: readonly PairwiseLabel[], threshold: number): ValidationCheck {
  const decided = labels.filter((l) => l.label !== "tie");
  if (decided.length === 0) return { check: "adjudicator agreement", estimate: null, ci: null, n: 0, threshold, pass: false, note: "no decided pairs" };
  // A candidate tie on a decided pair counts half, as in Kendall-style concordance.
  let agree = 0;
  for (const l of decided) agree += l.a === l.b ? 0.5 : l.a > l.b === (l.label === "a") ? 1 : 0;
  const p = wilsonCi(Math.round(agree), decided.length);
  const share = agree / decided.length;
  return {
    check: "adjudicator agreement",
    estimate: share,
    ci: p.ci,
    n: decided.length,
    threshold,
    pass: share >= threshold && p.ci[0] > 0.5,
    note: "share of decided pairs ordered as the adjudicator (ties ½); must beat chance (CI > 0.5)",
  };
}

export function withinGroupShare(values: readonly { group: string; value: number }[], threshold: number): ValidationCheck {
  const byGroup = new Map<string, number[]>();
  for (const v of values) byGroup.set(v.group, [...(byGroup.get(v.group) ?? []), v.value]);
  const groups = [...byGroup.values()].filter((g) => g.length >= 2);
  const share = (gs: readonly number[][]) => {
    const all = gs.flat();
    const m = all.reduce((s, x) => s + x, 0) / all.length;
    const total = all.reduce((s, x) => s + (x - m) ** 2, 0);
    const within = gs.reduce((s, g) => {
      const gm = g.reduce((a, x) => a + x, 0) / g.length;
      return s + g.reduce((a, x) => a + (x - gm) ** 2, 0);
    }, 0);
    return total === 0 ? Number.NaN : within / total;
  };
  if (groups.length < 2) return { check: "within-group signal", estimate: null, ci: null, n: groups.length, threshold, pass: false, note: "needs ≥ 2 groups of ≥ 2 rows" };
  const estimate = share(groups);
  let ci: [number, number] | null = null;
  try {
    ci = bootstrapCi(groups, share, { resamples: 1000, seed: 0 }).ci;
  } catch {
    ci = null;
  }
  return {
    check: "within-group signal",
    estimate: Number.isFinite(estimate) ? estimate : null,
    ci,
    n: groups.length,
    threshold,
    pass: Number.isFinite(estimate) && estimate >= threshold,
    note: "within-group SS / total SS, bootstrap over groups",
  };
}

export function validateCandidate(input: {
  candidate: string;
  labels?: readonly PairwiseLabel[];
  grouped?: readonly { group: string; value: number }[];
  transforms?: readonly { transform: string; auc: number; ci: [number, number]; n: number }[];
  thresholds?: Partial<ValidationThresholds>;
}): CandidateVerdict {
  const th = { ...DEFAULT_VALIDATION, ...input.thresholds };
  const checks: ValidationCheck[] = [];
  if (input.labels) checks.push(pairwiseAgreement(input.labels, th.min_agreement));
  if (input.grouped) checks.push(withinGroupShare(input.grouped, th.min_within_share));
  for (const t of input.transforms ?? []) {
    checks.push({ check: `${t.transform} AUC`, estimate: t.auc, ci: t.ci, n: t.n, threshold: th.min_transform_auc, pass: t.auc >= th.min_transform_auc && t.ci[0] > 0.5, note: "AUC(real > transformed); must beat chance (CI > 0.5)" });
  }
  if (checks.length === 0) throw new InputError("candidate validation", "no evidence given: pass adjudicator labels, grouped values or transform results");
  const reasons = checks
    .filter((c) => !c.pass)
    .map((c) => `${c.check}: ${c.estimate === null ? "not measurable" : c.estimate.toFixed(3)} ${c.note?.includes("chance") && c.ci && c.ci[0] <= 0.5 ? "(CI reaches chance)" : `< ${c.threshold}`} (n = ${c.n})`);
  return { candidate: input.candidate, verdict: reasons.length === 0 ? "adopted" : "rejected", reasons, checks };
}
