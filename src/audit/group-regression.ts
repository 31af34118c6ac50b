// Group-centred regression (SPEC §5, seed 000 §3): within GRPO groups, subtract each group's mean from
// the term and from every feature, then (a) correlate the centred term with each centred feature (r, t)
// and (b) regress it on all features together and on the policy-side features alone (R²). What explains
// within-group spread is what the advantage — and so the policy gradient — responds to; a large R² from
// features the policy does not control (partner laughter) is a contamination channel.
// Degrees of freedom: centring uses one per group, so t and p use n − G − k (n − G − 1 for single r).
import { InputError } from "../core/errors.js";
import { ols } from "../stats/ols.js";
import { tTwoSidedP } from "../stats/t-distribution.js";

export interface GroupedObservation {
  group: string;
  y: number;
  features: Record<string, number>;
}

export interface FeatureEffect {
  feature: string;
  side: string;
  r: number | null;
  t: number | null;
  df: number;
  p: number | null;
}

export interface GroupRegressionResult {
  n: number;
  groups: number;
  /** Groups of size 1 carry no within-group information and are dropped. */
  dropped_singletons: number;
  features: FeatureEffect[];
  /** Features constant within every group (nothing to learn), left out of the fits. */
  constant: string[];
  r2_all: number | null;
  r2_policy: number | null;
  /** Columns left out of the R² fits because they were collinear with earlier ones. */
  collinear: string[];
  /** Within-group share of the term's variance (Σ within SS / total SS). */
  within_share: number | null;
}

function centreByGroup(values: readonly number[], groups: readonly string[]): number[] {
  const sum = new Map<string, [number, number]>();
  values.forEach((v, i) => {
    const s = sum.get(groups[i]) ?? [0, 0];
    sum.set(groups[i], [s[0] + v, s[1] + 1]);
  });
  return values.map((v, i) => {
    const [s, n] = sum.get(groups[i])!;
    return v - s / n;
  });
}

/**
 * R² of the centred y on centred columns (no intercept: centred data has mean 0 in every group). A column
 * that is a linear combination of those already in (policy_words next to policy_chars in a tiny bank) is
 * skipped and named, rather than failing the whole fit.
 */
function r2Of(y: number[], columns: Map<string, number[]>, names: string[], skipped: Set<string>): number | null {
  const kept: string[] = [];
  let r2: number | null = null;
  for (const name of names) {
    const trial = [...kept, name];
    if (y.length <= trial.length) break;
    try {
      r2 = ols(
        y.map((_, i) => trial.map((f) => columns.get(f)![i])),
        y,
        { intercept: false, names: trial },
      ).r2;
      kept.push(name);
    } catch {
      skipped.add(name);
    }
  }
  return r2;
}

export function groupCenteredRegression(observations: readonly GroupedObservation[], sides: Record<string, string> = {}, policySide = "policy"): GroupRegressionResult {
  if (observations.length === 0) throw new InputError("observations", "is empty: the regression needs rows with a group, a term value and features");
  observations.forEach((o, i) => {
    if (typeof o.group !== "string" || o.group === "") throw new InputError(`observations[${i}].group`, "expected a non-empty group id");
    if (!Number.isFinite(o.y)) throw new InputError(`observations[${i}].y`, `expected a finite term value, got ${o.y}`);
  });
  const sizes = new Map<string, number>();
  for (const o of observations) sizes.set(o.group, (sizes.get(o.group) ?? 0) + 1);
  const kept = observations.filter((o) => sizes.get(o.group)! >= 2);
  const groups = kept.map((o) => o.group);
  const G = new Set(groups).size;
  const names = [...new Set(kept.flatMap((o) => Object.keys(o.features)))];
  const y = centreByGroup(
    kept.map((o) => o.y),
    groups,
  );
  const yy = y.reduce((s, v) => s + v * v, 0);
  const mean = kept.reduce((s, o) => s + o.y, 0) / Math.max(1, kept.length);
  const total = kept.reduce((s, o) => s + (o.y - mean) ** 2, 0);
  const columns = new Map<string, number[]>();
  const constant: string[] = [];
  for (const name of names) {
    const col = centreByGroup(
      kept.map((o) => o.features[name] ?? 0),
      groups,
    );
    if (col.every((v) => Math.abs(v) < 1e-12)) constant.push(name);
    else columns.set(name, col);
  }
  const n = kept.length;
  const features: FeatureEffect[] = [...columns].map(([name, x]) => {
    const xx = x.reduce((s, v) => s + v * v, 0);
    const xy = x.reduce((s, v, i) => s + v * y[i], 0);
    const df = n - G - 1;
    if (yy === 0 || df < 1) return { feature: name, side: sides[name] ?? "unknown", r: null, t: null, df, p: null };
    const r = xy / Math.sqrt(xx * yy);
    const t = r * Math.sqrt(df / Math.max(1e-300, 1 - r * r));
    return { feature: name, side: sides[name] ?? "unknown", r, t, df, p: tTwoSidedP(t, df) };
  });
  features.sort((a, b) => Math.abs(b.t ?? 0) - Math.abs(a.t ?? 0));
  const all = [...columns.keys()];
  const policy = all.filter((f) => sides[f] === policySide);
  const collinear = new Set<string>();
  return {
    n,
    groups: G,
    dropped_singletons: observations.length - kept.length,
    features,
    constant,
    r2_all: yy === 0 ? null : r2Of(y, columns, all, collinear),
    r2_policy: yy === 0 ? null : r2Of(y, columns, policy, collinear),
    collinear: [...collinear],
    within_share: total === 0 ? null : yy / total,
  };
}
