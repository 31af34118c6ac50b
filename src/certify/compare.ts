// One paired comparison of a candidate arm against the base arm on the same seeds (SPEC §6): the
// certified-score delta, win/loss/tie, on-band delta, zero accounting, per-component deltas, guards.
import type { TranscriptRow } from "../core/types.js";
import { componentDeltas, DEFAULT_COMPONENTS, type ComponentDelta } from "./components.js";
import { guardIntervalsFromCounts } from "./guard-intervals.js";
import { aggregateGuardMetrics, countSessionGuards, DEFAULT_GUARD_THRESHOLDS, evaluateGuards, type ArmGuardMetrics, type GuardResult, type GuardThresholds } from "./guards.js";
import { onBand, zeroAccounting, type OnBand, type ZeroAccounting } from "./on-band.js";
import { pairedDelta, winLossTie, type PairedDelta, type WinLossTie } from "./paired-delta.js";
import { pairBanks, type PairedBanks } from "./pairing.js";

export interface CompareOptions {
  components?: string[];
  thresholds?: GuardThresholds;
  /** Policy turns a complete session has (default: the banks' meta.policy_turns, else 10). */
  expectedPolicyTurns?: number;
  tieTolerance?: number;
  /** Bootstrap 95% intervals for the guards' changes (default on). */
  guardIntervals?: boolean;
}

export interface Comparison {
  instrument: string;
  n_pairs: number;
  seeds: number[];
  unscored: PairedBanks["unscored"];
  /** Certified score C (retention): per-arm means and the mean paired difference. */
  retention: PairedDelta;
  win_loss_tie: WinLossTie;
  on_band: OnBand;
  zeros: ZeroAccounting;
  components: Record<string, ComponentDelta>;
  /**
   * The audience's mean reaction log-probability L (nats) per arm and its paired delta (seed 000: mean
   * reaction log-probability −14.269 → −14.253): each session's mean of taste.details.L over its
   * policy turns; null when a session's score carries no L or fewer than 2 pairs have one.
   */
  reaction_logprob: PairedDelta | null;
  guard_metrics: { base: ArmGuardMetrics; candidate: ArmGuardMetrics };
  guards: GuardResult[];
  guards_fired: string[];
}

/** Mean audience L over a session's policy turns, from its score's taste details. */
export function sessionReactionLogprob(row: TranscriptRow): number | null {
  const L = (row.score?.terms.taste?.details as { L?: unknown } | undefined)?.L;
  if (!Array.isArray(L) || L.length === 0 || !L.every((x) => typeof x === "number" && Number.isFinite(x))) return null;
  return (L as number[]).reduce((a, x) => a + x, 0) / L.length;
}

function reactionLogprob(pairs: PairedBanks["pairs"]): PairedDelta | null {
  const b = pairs.map((p) => sessionReactionLogprob(p.base));
  const c = pairs.map((p) => sessionReactionLogprob(p.trained));
  const keep = b.flatMap((x, i) => (x !== null && c[i] !== null ? [i] : []));
  return keep.length >= 2
    ? pairedDelta(
        keep.map((i) => b[i]!),
        keep.map((i) => c[i]!),
      )
    : null;
}

function expectedTurns(rows: readonly TranscriptRow[]): number {
  const declared = rows.map((r) => r.meta?.policy_turns).find((v) => typeof v === "number");
  return typeof declared === "number" ? declared : 10;
}

export function compareArms(base: TranscriptRow[], candidate: TranscriptRow[], options: CompareOptions = {}): Comparison {
  const paired = pairBanks(base, candidate);
  const b = paired.pairs.map((p) => p.base.score.value as number);
  const c = paired.pairs.map((p) => p.trained.score.value as number);
  const expected = options.expectedPolicyTurns ?? expectedTurns(base);
  // Guards are measured on the paired sessions only, so an arm's unscored sessions cannot shift them.
  const ids = new Map<string, number>();
  const counts = paired.pairs.map((p) => [countSessionGuards(p.base, ids), countSessionGuards(p.trained, ids)] as const);
  const guardBase = aggregateGuardMetrics(
    counts.map((c) => c[0]),
    expected,
  );
  const guardCandidate = aggregateGuardMetrics(
    counts.map((c) => c[1]),
    expected,
  );
  const intervals = options.guardIntervals === false ? {} : guardIntervalsFromCounts(counts, ids.size);
  const guards = evaluateGuards(guardBase, guardCandidate, options.thresholds ?? DEFAULT_GUARD_THRESHOLDS, intervals);
  return {
    instrument: paired.instrument,
    n_pairs: paired.pairs.length,
    seeds: paired.pairs.map((p) => p.seed),
    unscored: paired.unscored,
    retention: pairedDelta(b, c),
    win_loss_tie: winLossTie(b, c, options.tieTolerance ?? 0),
    on_band: onBand(b, c),
    zeros: zeroAccounting(b, c),
    components: componentDeltas(paired.pairs, options.components ?? DEFAULT_COMPONENTS),
    reaction_logprob: reactionLogprob(paired.pairs),
    guard_metrics: { base: guardBase, candidate: guardCandidate },
    guards,
    guards_fired: guards.filter((g) => g.fired === true).map((g) => g.guard),
  };
}

/** The deltas bars and sensitivity refer to by name: retention, on_band and each component. */
export function metricDeltas(c: Comparison): Record<string, PairedDelta | null> {
  const out: Record<string, PairedDelta | null> = { retention: c.retention, on_band: c.on_band.delta };
  for (const [name, comp] of Object.entries(c.components)) out[name] = comp.delta;
  return out;
}
