// Replications on disjoint seed sets (SPEC §4, §6; seed 000 §2: eval6 plus the 14M and 16M sets),
// reported side by side and pooled. The pooled delta is the paired t over all pairs together (every
// session weighs the same; valid because the sets are disjoint, so pairs stay independent). Cochran's Q
// (chi-square, k − 1 df) and I² say whether the sets disagree more than sampling noise allows.
import { chisquareCdf } from "../stats/vendor/stdlib-dists.js";
import { InputError } from "../core/errors.js";
import { pairedDelta, type PairedDelta } from "./paired-delta.js";

export interface ReplicationInput {
  name: string;
  seeds: readonly number[];
  base: readonly number[];
  trained: readonly number[];
}

export interface Heterogeneity {
  /** Sets with a finite, non-zero standard error. */
  k: number;
  q: number;
  df: number;
  p: number;
  /** max(0, (Q − df) / Q): share of between-set spread beyond sampling noise. */
  i2: number;
  /** Inverse-variance (fixed-effect) estimate and its 95% normal CI, for comparison with the pooled t. */
  fixed_effect: number;
  fixed_effect_se: number;
}

export interface PooledReplications {
  sets: { name: string; delta: PairedDelta }[];
  pooled: PairedDelta;
  heterogeneity: Heterogeneity | null;
}

export function poolReplications(sets: readonly ReplicationInput[]): PooledReplications {
  if (sets.length === 0) throw new InputError("replications", "need at least one seed set to pool");
  const owner = new Map<number, string>();
  for (const s of sets) {
    for (const seed of s.seeds) {
      const other = owner.get(seed);
      if (other !== undefined) throw new InputError(`replication "${s.name}"`, `seed ${seed} is also in "${other}"; pooled replications must use disjoint seeds`);
      owner.set(seed, s.name);
    }
  }
  const per = sets.map((s) => ({ name: s.name, delta: pairedDelta(s.base, s.trained) }));
  const pooled = pairedDelta(
    sets.flatMap((s) => [...s.base]),
    sets.flatMap((s) => [...s.trained]),
  );
  return { sets: per, pooled, heterogeneity: heterogeneity(per.map((p) => p.delta)) };
}

export function heterogeneity(deltas: readonly PairedDelta[]): Heterogeneity | null {
  const usable = deltas.filter((d) => Number.isFinite(d.se) && d.se > 0);
  if (usable.length < 2) return null;
  const w = usable.map((d) => 1 / (d.se * d.se));
  const sw = w.reduce((a, b) => a + b, 0);
  const fixed = usable.reduce((a, d, i) => a + w[i] * d.delta, 0) / sw;
  const q = usable.reduce((a, d, i) => a + w[i] * (d.delta - fixed) ** 2, 0);
  const df = usable.length - 1;
  return { k: usable.length, q, df, p: 1 - chisquareCdf(q, df), i2: q > 0 ? Math.max(0, (q - df) / q) : 0, fixed_effect: fixed, fixed_effect_se: Math.sqrt(1 / sw) };
}
