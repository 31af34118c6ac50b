// Advantage-variance decomposition (SPEC §5; seed 000's RL-D premise: taste dominated the advantage
// variance). For a weighted reward R = Σ_t w_t·x_t over GRPO groups, centre every term within its group
// (the advantage sees only within-group differences) and split the variance of the centred reward by
// covariance: share_t = Cov(w_t·x̃_t, R̃) / Var(R̃). The shares sum to 1; a share can be negative when a
// term moves against the others. CIs: percentile bootstrap over groups (groups resampled whole).
import { InputError } from "../core/errors.js";
import { bootstrapCi } from "../stats/bootstrap.js";

export interface RewardObservation {
  group: string;
  step?: number;
  /** Term values x_t (before weighting). */
  terms: Record<string, number>;
}

export interface TermShare {
  term: string;
  weight: number;
  share: number | null;
  ci: [number, number] | null;
}

export interface VarianceDecomposition {
  n: number;
  groups: number;
  /** Within-group variance of the weighted reward (mean square of the centred reward). */
  within_variance: number;
  shares: TermShare[];
  /** The term with the largest share. */
  dominant: string | null;
}

type Group = RewardObservation[];

function sharesOf(groups: readonly Group[], names: readonly string[], weights: Record<string, number>): Record<string, number> | null {
  const cov: Record<string, number> = Object.fromEntries(names.map((t) => [t, 0]));
  let varR = 0;
  for (const g of groups) {
    if (g.length < 2) continue;
    const means = Object.fromEntries(names.map((t) => [t, g.reduce((s, o) => s + o.terms[t], 0) / g.length]));
    for (const o of g) {
      const parts = names.map((t) => weights[t] * (o.terms[t] - means[t]));
      const r = parts.reduce((s, x) => s + x, 0);
      varR += r * r;
      names.forEach((t, j) => (cov[t] += parts[j] * r));
    }
  }
  if (varR === 0) return null;
  return Object.fromEntries(names.map((t) => [t, cov[t] / varR]));
}

export function decomposeAdvantageVariance(observations: readonly RewardObservation[], weights: Record<string, number>, options: { resamples?: number; seed?: number } = {}): VarianceDecomposition {
  const names = Object.keys(weights);
  if (names.length === 0) throw new InputError("weights", "is empty: name the terms of the weighted reward");
  if (observations.length === 0) throw new InputError("observations", "is empty: the decomposition needs scored rows in groups");
  observations.forEach((o, i) => {
    for (const t of names) if (!Number.isFinite(o.terms[t])) throw new InputError(`observations[${i}].terms.${t}`, `expected a finite number, got ${o.terms[t]}`);
  });
  const byGroup = new Map<string, Group>();
  for (const o of observations) byGroup.set(o.group, [...(byGroup.get(o.group) ?? []), o]);
  const groups = [...byGroup.values()].filter((g) => g.length >= 2);
  if (groups.length === 0) throw new InputError("observations", "no group has 2 or more rows: within-group variance is undefined");
  const point = sharesOf(groups, names, weights);
  let within = 0;
  let n = 0;
  for (const g of groups) {
    const rs = g.map((o) => names.reduce((s, t) => s + weights[t] * o.terms[t], 0));
    const m = rs.reduce((s, x) => s + x, 0) / rs.length;
    within += rs.reduce((s, x) => s + (x - m) ** 2, 0);
    n += g.length;
  }
  const shares: TermShare[] = names.map((t) => {
    if (!point) return { term: t, weight: weights[t], share: null, ci: null };
    let ci: [number, number] | null = null;
    // A resample whose groups are all flat has no within-group variance; the interval is then not given.
    try {
      if (groups.length >= 2) ci = bootstrapCi(groups, (sample) => sharesOf(sample, names, weights)?.[t] ?? Number.NaN, { resamples: options.resamples ?? 1000, seed: options.seed ?? 0 }).ci;
    } catch {
      ci = null;
    }
    return { term: t, weight: weights[t], share: point[t], ci };
  });
  const dominant = point ? names.reduce((a, b) => (point[b] > point[a] ? b : a)) : null;
  return { n, groups: groups.length, within_variance: within / n, shares, dominant };
}

/** The decomposition at every training step of a log (rows carrying `step`); a step without a group of
 * two or more rows is listed with the reason instead of a result. */
export function decomposeByStep(observations: readonly RewardObservation[], weights: Record<string, number>, options: { resamples?: number; seed?: number } = {}): { step: number; result: VarianceDecomposition | null; reason?: string }[] {
  const steps = [...new Set(observations.map((o) => o.step).filter((s): s is number => typeof s === "number"))].sort((a, b) => a - b);
  return steps.map((step) => {
    const rows = observations.filter((o) => o.step === step);
    const sizes = new Map<string, number>();
    for (const o of rows) sizes.set(o.group, (sizes.get(o.group) ?? 0) + 1);
    if (![...sizes.values()].some((n) => n >= 2)) return { step, result: null, reason: "no group with 2 or more rows at this step" };
    return { step, result: decomposeAdvantageVariance(rows, weights, options) };
  });
}
