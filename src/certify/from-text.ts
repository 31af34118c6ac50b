// Certify from the text (SPEC §6): every bank is rescored from its transcripts under the named
// instrument in the same run. Stored scores are at most a cache whose every disagreement with the
// rescoring is reported and refused, so editing `score.value` cannot move a certificate. The artifact
// binds the transcripts, the instrument and the pre-registration by hashes that certify recomputes.
import { FoolsgoldError, InputError } from "../core/errors.js";
import type { Score, TranscriptRow } from "../core/types.js";
import type { Scorer } from "../stacks/types.js";
import type { SetBanks } from "./certify.js";
import { transcriptsHash, type BankProvenance, type RecordedRow, type RegisterEntry, type RegistryHead } from "./registry.js";

/** A stored score that the rescoring from text does not reproduce. */
export interface ScoreDisagreement {
  bank: string;
  seed: number;
  stored: number | null;
  rescored: number | null;
  problem: string;
}

/** Stored scores disagree with the text they claim to score. */
export class ScoresDisagree extends FoolsgoldError {
  constructor(readonly disagreements: ScoreDisagreement[]) {
    const shown = disagreements
      .slice(0, 5)
      .map((d) => `${d.bank} seed ${d.seed}: ${d.problem}`)
      .join("; ");
    super(
      "scores_disagree",
      `${disagreements.length} stored score(s) disagree with the rescoring from the transcripts (${shown}${disagreements.length > 5 ? "; …" : ""}); certify refuses banks whose scores were edited or come from another instrument`,
    );
    this.name = "ScoresDisagree";
  }
}

/**
 * Per row, a reason it has no policy turn to score (naming the speakers found), or null. A bank with
 * such rows is refused: C = 0 for a transcript the instrument cannot read would be a silent zero.
 */
export function policyTurnProblem(row: TranscriptRow, policySpeaker: string): string | null {
  if (row.turns.some((t) => t.speaker === policySpeaker)) return null;
  const found = [...new Set(row.turns.map((t) => t.speaker))];
  return `no turn by the policy speaker "${policySpeaker}" (speakers found: ${found.map((s) => JSON.stringify(s)).join(", ") || "none"}); set the instrument's policy_speaker or fix the bank`;
}

export function assertPolicyTurns(rows: readonly TranscriptRow[], policySpeaker: string, where: string): void {
  const bad = rows.flatMap((r, i) => {
    const p = policyTurnProblem(r, policySpeaker);
    return p ? [`row ${i + 1} (seed ${r.seed}): ${p}`] : [];
  });
  if (bad.length > 0) throw new InputError(where, `${bad.length} of ${rows.length} transcripts cannot be scored: ${bad.slice(0, 3).join("; ")}${bad.length > 3 ? "; …" : ""}`);
}

/** Absolute slack on C between a stored score and the rescoring (float noise of one backend, not a tolerance for edits). */
export const DEFAULT_SCORE_SLACK = 1e-9;

function disagreement(stored: Score, fresh: Score, instrument: string, slack: number): string | null {
  if (stored.instrument !== instrument) return `stored under instrument ${String(stored.instrument).slice(0, 12)}, not the named ${instrument.slice(0, 12)}`;
  if ((stored.value === null) !== (fresh.value === null)) return `stored ${stored.value}, rescored ${fresh.value}`;
  if (stored.value !== null && fresh.value !== null && !(Math.abs(stored.value - fresh.value) <= slack)) return `stored C ${stored.value}, rescored ${fresh.value}`;
  return null;
}

function stripScore(row: TranscriptRow): TranscriptRow {
  const { score: _score, ...rest } = row;
  return rest as TranscriptRow;
}

export interface RescoreOptions {
  slack?: number;
  onProgress?: (label: string) => ((done: number, total: number) => void) | undefined;
}

/** Rescores every arm of every set from its text; throws ScoresDisagree when any stored score differs. */
export async function rescoreSets(scorer: Scorer<TranscriptRow>, sets: readonly SetBanks[], options: RescoreOptions = {}): Promise<SetBanks[]> {
  const slack = options.slack ?? DEFAULT_SCORE_SLACK;
  const instrument = scorer.instrument.hash;
  const speaker = typeof scorer.instrument.options.policy_speaker === "string" ? scorer.instrument.options.policy_speaker : "policy";
  for (const s of sets)
    for (const [arm, rows] of [
      ["base", s.base],
      ["trained", s.trained],
      ["bait", s.bait],
    ] as const)
      if (rows) assertPolicyTurns(rows, speaker, `${s.name} ${arm} bank`);
  const disagreements: ScoreDisagreement[] = [];
  const rescore = async (rows: TranscriptRow[] | undefined, label: string) => {
    if (!rows) return undefined;
    const scores = await scorer.scoreRows(rows.map(stripScore), { onProgress: options.onProgress?.(`scoring ${label}`) });
    return rows.map((row, i) => {
      if (row.score) {
        const problem = disagreement(row.score, scores[i], instrument, slack);
        if (problem) disagreements.push({ bank: label, seed: row.seed, stored: row.score.value, rescored: scores[i].value, problem });
      }
      return { ...row, score: scores[i] };
    });
  };
  const out: SetBanks[] = [];
  for (const s of sets) {
    const base = (await rescore(s.base, `${s.name} base`))!;
    const trained = (await rescore(s.trained, `${s.name} trained`))!;
    const bait = await rescore(s.bait, `${s.name} bait`);
    out.push({ name: s.name, base, trained, ...(bait ? { bait } : {}) });
  }
  if (disagreements.length > 0) throw new ScoresDisagree(disagreements);
  return out;
}

/** What the artifact binds, each by a hash certify recomputed in this run. */
export interface Bindings {
  preregistration_hash: string;
  /** The registration, and the registry's head when certify read it (the anchor `certify verify` checks). */
  registry: { log: string; register_seq: number; register_entry_hash: string; registered_at: string; head?: RegistryHead } | null;
  instrument_hash: string;
  revised_instrument_hash?: string;
  banks: (Pick<BankProvenance, "label" | "rows" | "transcripts_hash"> & Partial<Pick<BankProvenance, "rollout_seq" | "rolled_out_at" | "revisions">>)[];
}

export function bindings(input: {
  preregistrationHash: string;
  log: string;
  registration: RegisterEntry | null;
  head?: RegistryHead;
  provenance: readonly BankProvenance[];
  instrumentHash: string;
  revisedInstrumentHash?: string;
  banks: Record<string, readonly RecordedRow[]>;
}): Bindings {
  const recorded = new Map(input.provenance.map((p) => [p.label, p]));
  return {
    preregistration_hash: input.preregistrationHash,
    registry: input.registration ? { log: input.log, register_seq: input.registration.seq, register_entry_hash: input.registration.hash, registered_at: input.registration.at, ...(input.head ? { head: input.head } : {}) } : null,
    instrument_hash: input.instrumentHash,
    ...(input.revisedInstrumentHash ? { revised_instrument_hash: input.revisedInstrumentHash } : {}),
    banks: Object.entries(input.banks).map(([label, rows]) => {
      const p = recorded.get(label);
      return { label, rows: rows.length, transcripts_hash: transcriptsHash(rows), ...(p ? { rollout_seq: p.rollout_seq, rolled_out_at: p.rolled_out_at, revisions: p.revisions } : {}) };
    }),
  };
}
