// Rolling out and scoring the arms of a certification in one run (SPEC §6): base, trained (best-of-N
// by the training reward, offline) and bait arms on the same seeds against the same frozen partner,
// stamped with the pre-registration, then scored by one instrument.
import type { Score, TranscriptRow } from "../core/types.js";
import type { Agent } from "../envs/humor/agents.js";
import type { ProvocationKind } from "../envs/humor/provocations.js";
import { simulateSessions } from "../envs/humor/simulator.js";
import type { Scorer } from "../stacks/types.js";
import { baitPolicy, bestOfNPolicy, type TurnRewardFn } from "./arms.js";
import { stampRows, type PreregistrationStamp } from "./preregistration.js";

export type ArmName = "base" | "trained" | "bait";

export interface RolloutOptions {
  seeds: readonly number[];
  basePolicy: Agent;
  /** A trained policy's agent; without one the trained arm is best-of-N of the base policy. */
  trainedPolicy?: Agent;
  partner: Agent;
  /** N for best-of-N (used when no trained policy is given). */
  bestOf: number;
  /** The training reward best-of-N reranks by. */
  reward?: TurnRewardFn;
  bait: boolean;
  policyTurns?: number;
  rates?: Record<ProvocationKind, number>;
  concurrency?: number;
  stamp?: PreregistrationStamp;
  onProgress?: (arm: ArmName, done: number, total: number) => void;
}

export type Arms = { base: TranscriptRow[]; trained: TranscriptRow[]; bait?: TranscriptRow[] };

export async function rolloutArms(o: RolloutOptions): Promise<Arms> {
  let trainedPolicy = o.trainedPolicy;
  if (!trainedPolicy) {
    if (!o.reward) throw new Error("best-of-N needs the training reward to rerank by");
    trainedPolicy = bestOfNPolicy(o.basePolicy, o.bestOf, o.reward);
  }
  const policies: [ArmName, Agent][] = [
    ["base", o.basePolicy],
    ["trained", trainedPolicy],
  ];
  if (o.bait) policies.push(["bait", baitPolicy(o.basePolicy)]);
  const out: Partial<Arms> = {};
  for (const [arm, policy] of policies) {
    const rows = await simulateSessions(o.seeds, {
      policy,
      partner: o.partner,
      policyTurns: o.policyTurns,
      rates: o.rates,
      concurrency: o.concurrency,
      onProgress: o.onProgress ? (done, total) => o.onProgress!(arm, done, total) : undefined,
    });
    const labelled = rows.map((r) => ({ ...r, id: `${arm}-${r.seed}`, meta: { ...r.meta, arm } }));
    out[arm] = o.stamp ? stampRows(labelled, o.stamp) : labelled;
  }
  return out as Arms;
}

/** Scores rows with one scorer and returns new rows carrying their score (failed rows: value null + error). */
export async function scoreBank(scorer: Scorer<TranscriptRow>, rows: TranscriptRow[], onProgress?: (done: number, total: number) => void): Promise<TranscriptRow[]> {
  const scores: Score[] = await scorer.scoreRows(rows, { onProgress });
  return rows.map((r, i) => ({ ...r, score: scores[i] }));
}

export function isScored(rows: readonly TranscriptRow[]): boolean {
  return rows.length > 0 && rows.every((r) => r.score !== undefined);
}
