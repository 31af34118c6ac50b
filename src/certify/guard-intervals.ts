// 95% intervals for the guards' changes (trained − base). Turns are clustered in sessions and the arms
// are paired by seed, so the bootstrap resamples whole session pairs (a paired cluster bootstrap,
// percentile method via src/stats/bootstrap): a binomial interval over turns would be too narrow.
// Trigram diversity (distinct/all over the whole arm) needs a set union per replicate, too costly
// a thousand times over on large banks, so it gets a grouped jackknife instead (Efron & Tibshirani
// 1993, ch. 11: G = 20 groups of session pairs, se² = (G−1)/G · Σ(θ₋g − θ̄)², t interval on G − 1 df).
import { InputError } from "../core/errors.js";
import type { TranscriptRow } from "../core/types.js";
import { bootstrapCi } from "../stats/bootstrap.js";
import { tQuantile } from "../stats/t-distribution.js";
import { countSessionGuards, type SessionGuardCounts } from "./guards.js";

type CountPair = readonly [SessionGuardCounts, SessionGuardCounts];

/** Grouped (delete-a-group) jackknife 95% t interval; null when the statistic is undefined on a subsample. */
export function groupedJackknifeCi<T>(rows: readonly T[], statistic: (sample: readonly T[]) => number, groups = 20): [number, number] | null {
  const g = Math.min(groups, rows.length);
  if (g < 2) return null;
  const full = statistic(rows);
  const leaveOut = Array.from({ length: g }, (_, k) => statistic(rows.filter((_, i) => i % g !== k)));
  if (![full, ...leaveOut].every(Number.isFinite)) return null;
  const mean = leaveOut.reduce((a, b) => a + b, 0) / g;
  const se = Math.sqrt(((g - 1) / g) * leaveOut.reduce((a, x) => a + (x - mean) ** 2, 0));
  const half = tQuantile(0.975, g - 1) * se;
  return [full - half, full + half];
}

export interface GuardIntervalOptions {
  resamples?: number;
  seed?: number | string;
}

/** 95% CI of each guard's change from paired rows, keyed by guard name (see guardIntervalsFromCounts). */
export function guardIntervals(base: readonly TranscriptRow[], candidate: readonly TranscriptRow[], options: GuardIntervalOptions = {}, policySpeaker = "policy"): Record<string, [number, number]> {
  const ids = new Map<string, number>();
  const pairs = base.map((b, i) => [countSessionGuards(b, ids, policySpeaker), countSessionGuards(candidate[i], ids, policySpeaker)] as const);
  return guardIntervalsFromCounts(pairs, ids.size, options);
}

/** `distinctTrigrams` bounds the trigram ids; a guard is absent when its change is undefined on some replicate. */
export function guardIntervalsFromCounts(pairs: readonly CountPair[], distinctTrigrams: number, options: GuardIntervalOptions = {}): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  if (pairs.length < 2 || pairs.some(([b, c]) => b.turns === 0 || c.turns === 0)) return out;
  const resamples = options.resamples ?? 1000;
  const seed = options.seed ?? "certify/guards";
  const sum = (sample: readonly CountPair[], arm: 0 | 1, key: keyof Omit<SessionGuardCounts, "trigrams">) => sample.reduce((a, p) => a + p[arm][key], 0);
  const rateChange = (key: "laughs" | "address" | "screenFails") => (s: readonly CountPair[]) => 100 * (sum(s, 1, key) / sum(s, 1, "turns") - sum(s, 0, key) / sum(s, 0, "turns"));
  const stamp = new Int32Array(distinctTrigrams);
  let generation = 0;
  const diversity = (s: readonly CountPair[], arm: 0 | 1): number => {
    generation++;
    let all = 0;
    let distinct = 0;
    for (const p of s) {
      for (const id of p[arm].trigrams) {
        all++;
        if (stamp[id] !== generation) {
          stamp[id] = generation;
          distinct++;
        }
      }
    }
    return all === 0 ? NaN : distinct / all;
  };
  const statistics: Record<string, (s: readonly CountPair[]) => number> = {
    strict_laughter: rateChange("laughs"),
    audience_address: rateChange("address"),
    screen_fail_turns: rateChange("screenFails"),
    zero_cert_sessions: (s) => sum(s, 1, "zero") - sum(s, 0, "zero"),
    mean_reply_length: (s) => sum(s, 1, "chars") / sum(s, 1, "turns") - sum(s, 0, "chars") / sum(s, 0, "turns"),
  };
  const drift = groupedJackknifeCi(pairs, (s) => diversity(s, 1) - diversity(s, 0));
  if (drift) out.trigram_diversity = drift;
  for (const [guard, statistic] of Object.entries(statistics)) {
    try {
      out[guard] = bootstrapCi(pairs, statistic, { resamples, seed: `${seed}/${guard}` }).ci;
    } catch (err) {
      // Undefined on some resample (e.g. sessions without any trigram): no interval rather than a wrong one.
      if (!(err instanceof InputError && err.message.includes("the statistic returned"))) throw err;
    }
  }
  return out;
}
