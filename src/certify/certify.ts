// The certification of SPEC §6 over scored banks: the primary seed set and any replications, each a
// paired comparison of the trained arm (and optionally a bait arm) against the base arm; verdicts per
// pre-registered bar on each set and on the pool; guards; scorer-revision sensitivity.
import { InputError } from "../core/errors.js";
import type { TranscriptRow } from "../core/types.js";
import { compareArms, metricDeltas, type Comparison } from "./compare.js";
import { DEFAULT_COMPONENTS } from "./components.js";
import { DEFAULT_GUARD_THRESHOLDS, type GuardThresholds } from "./guards.js";
import { heterogeneity, type Heterogeneity } from "./replication.js";
import { preregistrationHash, verifyStamps, type Preregistration, type PreregistrationStamp } from "./preregistration.js";
import { assertSameConversations, scorerSensitivity, type SensitivityReport } from "./sensitivity.js";
import { judgeBar, type BarVerdict } from "./verdict.js";

export interface SetBanks {
  /** Seed-set name (e.g. "eval6", "rep-14m"). */
  name: string;
  base: TranscriptRow[];
  trained: TranscriptRow[];
  bait?: TranscriptRow[];
}

export interface CertifyInput {
  /** The primary set first, then replications on disjoint seeds. */
  sets: SetBanks[];
  preregistration?: Preregistration;
  /** Certify banks that carry no pre-registration stamp (the report says so). */
  allowUnregistered?: boolean;
  /**
   * The registry's record of the pre-registration (its time) and of the rollouts (the earliest);
   * with it, unstamped banks are accepted, since the registry binds their text to the registration.
   */
  registered?: { at: string; rolled_out_at: string };
  /** The primary set's banks rescored under a revised instrument (bait optional). */
  rescored?: { base: TranscriptRow[]; trained: TranscriptRow[]; bait?: TranscriptRow[] };
  components?: string[];
}

export interface SetResult {
  name: string;
  trained: Comparison;
  bait?: Comparison;
  verdicts: BarVerdict[];
}

export interface CertifyReport {
  preregistration: { name: string; hash: string; registered_at: string; stamped_at: string } | null;
  instrument: string;
  thresholds: GuardThresholds;
  primary: string;
  sets: SetResult[];
  /** Present with two or more sets: every set's pairs together, with between-set heterogeneity per metric. */
  pooled?: { comparison: Comparison; verdicts: BarVerdict[]; heterogeneity: Record<string, Heterogeneity | null> };
  sensitivity?: SensitivityReport;
  /** The same for the bait arm, when its bank was rescored too: how much the bait's gain depends on the scorer. */
  sensitivity_bait?: SensitivityReport;
  /** Per bar: passed on the primary set. */
  bars_passed: boolean;
  /** Guards fired on the trained arm of the primary set. */
  guards_fired: string[];
  /** Did the bait arm trip at least one guard (null without a bait arm)? */
  bait_tripped: boolean | null;
  /** Pre-registered parts of the evaluation absent from this run (each blocks the certificate). */
  missing: string[];
  /** Every reason the run is not certified; empty when certified. */
  blockers: string[];
  /**
   * Pre-registered, nothing missing, every bar passed on the primary set and on every replication, no
   * guard fired on any set's trained arm, the bait arm tripped a guard (when registered), and the
   * trained − base deltas stayed within the scorer-revision tolerance (when a revision is registered).
   */
  certified: boolean;
}

function allRows(sets: readonly SetBanks[]): Record<string, TranscriptRow[]> {
  const out: Record<string, TranscriptRow[]> = {};
  for (const s of sets) {
    out[`${s.name} base`] = s.base;
    out[`${s.name} trained`] = s.trained;
    if (s.bait) out[`${s.name} bait`] = s.bait;
  }
  return out;
}

/** The rows that carry a pre-registration stamp, by arm (arms without any left out). */
export function stampedRows(arms: Record<string, readonly TranscriptRow[]>): Record<string, TranscriptRow[]> {
  const out: Record<string, TranscriptRow[]> = {};
  for (const [arm, rows] of Object.entries(arms)) {
    const stamped = rows.filter((r) => r.meta?.preregistration !== undefined);
    if (stamped.length > 0) out[arm] = stamped;
  }
  return out;
}

export function certify(input: CertifyInput): CertifyReport {
  if (input.sets.length === 0) throw new InputError("certify", "needs at least one set of banks");
  const names = input.sets.map((s) => s.name);
  if (new Set(names).size !== names.length) throw new InputError("certify", `seed-set names repeat (${names.join(", ")})`);
  let stamp: PreregistrationStamp | null = null;
  if (input.preregistration) {
    const rows = allRows(input.sets);
    // With the registry's record, unstamped banks are traced by it; the stamps present must still agree.
    const stamped = input.registered ? stampedRows(rows) : rows;
    stamp =
      Object.keys(stamped).length > 0
        ? verifyStamps(stamped, input.preregistration)
        : { hash: preregistrationHash(input.preregistration), name: input.preregistration.name, registered_at: input.registered!.at, stamped_at: input.registered!.rolled_out_at, content: input.preregistration };
  } else if (!input.allowUnregistered) throw new InputError("certify", "needs a pre-registration (--prereg FILE); pass --allow-unregistered to certify without one");
  const thresholds = input.preregistration?.guards ?? DEFAULT_GUARD_THRESHOLDS;
  const bars = input.preregistration?.bars ?? [];
  const options = { thresholds, components: input.components ?? DEFAULT_COMPONENTS };

  const sets: SetResult[] = input.sets.map((s) => {
    const trained = compareArms(s.base, s.trained, options);
    const bait = s.bait ? compareArms(s.base, s.bait, options) : undefined;
    const deltas = metricDeltas(trained);
    return { name: s.name, trained, ...(bait ? { bait } : {}), verdicts: bars.map((b) => judgeBar(b, deltas)) };
  });
  const instruments = new Set(sets.flatMap((s) => [s.trained.instrument, ...(s.bait ? [s.bait.instrument] : [])]));
  if (instruments.size > 1) throw new InputError("certify", `the sets were scored by ${instruments.size} different instruments; scores of different instruments are never pooled`);

  let pooled: CertifyReport["pooled"];
  if (input.sets.length > 1) {
    const seen = new Map<number, string>();
    for (const s of sets) {
      for (const seed of s.trained.seeds) {
        if (seen.has(seed)) throw new InputError(`set "${s.name}"`, `seed ${seed} is also in "${seen.get(seed)}"; replications must use disjoint seeds to be pooled`);
        seen.set(seed, s.name);
      }
    }
    const comparison = compareArms(
      input.sets.flatMap((s) => s.base),
      input.sets.flatMap((s) => s.trained),
      options,
    );
    const perSet = sets.map((s) => metricDeltas(s.trained));
    const metrics = Object.keys(metricDeltas(comparison));
    const het: Record<string, Heterogeneity | null> = {};
    for (const m of metrics) {
      const ds = perSet.map((d) => d[m]).filter((d): d is NonNullable<typeof d> => d !== null);
      het[m] = heterogeneity(ds);
    }
    pooled = { comparison, verdicts: bars.map((b) => judgeBar(b, metricDeltas(comparison))), heterogeneity: het };
  }

  let sensitivity: SensitivityReport | undefined;
  let sensitivityBait: SensitivityReport | undefined;
  if (input.rescored) {
    const primary = input.sets[0];
    const tolerance = input.preregistration?.scorer_tolerance ?? 0.01;
    const revise = (arm: "trained" | "bait", before: Comparison): SensitivityReport => {
      const rows = input.rescored![arm]!;
      assertSameConversations(primary[arm]!, rows, `rescored ${arm} bank`);
      const after = compareArms(input.rescored!.base, rows, options);
      return scorerSensitivity({ instrument: before.instrument, deltas: metricDeltas(before) }, { instrument: after.instrument, deltas: metricDeltas(after) }, tolerance);
    };
    assertSameConversations(primary.base, input.rescored.base, "rescored base bank");
    sensitivity = revise("trained", sets[0].trained);
    if (input.rescored.bait) {
      if (!sets[0].bait) throw new InputError("rescored bait bank", "the primary set has no bait arm to compare it with");
      sensitivityBait = revise("bait", sets[0].bait);
    }
  }

  const primary = sets[0];
  const barsPassed = primary.verdicts.every((v) => v.pass);
  const prereg = input.preregistration;
  const missing: string[] = [];
  if (prereg) {
    const given = new Set(names.slice(1));
    for (const r of prereg.replications) if (!given.has(r)) missing.push(`replication "${r}"`);
    if (prereg.bait && !primary.bait) missing.push("bait arm");
    if (prereg.scorer_revision && !sensitivity) missing.push("scorer revision (rescored banks)");
  }
  const blockers: string[] = [];
  if (!stamp) blockers.push("not pre-registered");
  if (stamp && bars.length === 0) blockers.push("no bars");
  if (missing.length) blockers.push(`missing pre-registered parts: ${missing.join(", ")}`);
  for (const s of sets) {
    const missed = s.verdicts.filter((v) => !v.pass).map((v) => v.bar);
    if (missed.length) blockers.push(`bars missed on ${s.name}: ${missed.join("; ")}`);
    if (s.trained.guards_fired.length) blockers.push(`guards fired on ${s.name}: ${s.trained.guards_fired.join(", ")}`);
  }
  if (primary.bait && primary.bait.guards_fired.length === 0) blockers.push("the bait arm tripped no guard (the guards cannot be trusted on this run)");
  if (sensitivity?.exceeded.length) blockers.push(`scorer revision moved ${sensitivity.exceeded.join(", ")} beyond the tolerance ${sensitivity.tolerance}`);
  return {
    preregistration: stamp ? { name: stamp.name, hash: stamp.hash, registered_at: stamp.registered_at, stamped_at: stamp.stamped_at } : null,
    instrument: primary.trained.instrument,
    thresholds,
    primary: primary.name,
    sets,
    ...(pooled ? { pooled } : {}),
    ...(sensitivity ? { sensitivity } : {}),
    ...(sensitivityBait ? { sensitivity_bait: sensitivityBait } : {}),
    bars_passed: barsPassed,
    guards_fired: primary.trained.guards_fired,
    bait_tripped: primary.bait ? primary.bait.guards_fired.length > 0 : null,
    missing,
    blockers,
    certified: blockers.length === 0,
  };
}
