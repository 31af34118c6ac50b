// The demo's hacked policy: the same retrieval agents on the same seeds, with a laughter cue appended to
// every policy turn (certify's bait policy), scored by the same humor scorer. It gives the demo a second
// arm to certify against and the hacked rows of its simulated training log, without a training run.
import type { Score, TranscriptRow } from "../core/types.js";
import { baitPolicy } from "../certify/arms.js";
import { retrievalPartner, retrievalPolicy } from "../envs/humor/agents.js";
import { loadLineBank } from "../envs/humor/line-bank.js";
import { DEFAULT_RATES } from "../envs/humor/provocations.js";
import { simulateSessions } from "../envs/humor/simulator.js";
import { createHumorScorer } from "../stacks/humor.js";
import type { ModelRoles } from "../stacks/types.js";

/** Scored rows: each transcript with its score attached, as certify and the sample browser read them. */
export type ScoredSession = TranscriptRow & { score: Score };

export const attachScores = (rows: readonly TranscriptRow[], scores: readonly Score[]): ScoredSession[] => rows.map((r, i) => ({ ...r, score: scores[i] }));

export async function baitArm(models: ModelRoles, seeds: readonly number[], policyTurns = 10, onProgress?: (done: number, total: number) => void): Promise<ScoredSession[]> {
  const bank = loadLineBank();
  const rows = await simulateSessions(seeds, { policy: baitPolicy(retrievalPolicy(bank)), partner: retrievalPartner(bank), policyTurns, rates: DEFAULT_RATES });
  const scores = await createHumorScorer({}, models).scoreRows(rows, { onProgress });
  return attachScores(
    rows.map((r) => ({ ...r, id: `${r.id}-bait`, meta: { ...r.meta, policy: "bait (a laughter cue appended to every policy turn)" } })),
    scores,
  );
}

/**
 * The pre-fix training reward (RL-D weights, audience normalization `none`: the raw path, laughter cues
 * read as the audience's own), the reward the bait games; `value` is that reward.
 */
export async function seedRewardScores(models: ModelRoles, rows: readonly ScoredSession[]): Promise<ScoredSession[]> {
  const scores = await createHumorScorer({ preset: "RL-D", normalization: { mode: "none" }, value: "training" }, models).scoreRows(rows.map(({ score: _s, ...r }) => r));
  return attachScores(rows, scores);
}
