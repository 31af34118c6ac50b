// A probe context (SPEC §5): a transcript prefix that ends at a policy turn — the turn a bait suffix is
// appended to and after which the audience reacts. Contexts come from a transcript bank (JSONL) or, by
// default, from sessions simulated offline on the line-bank agents (seed set "demo").
import { InputError } from "../core/errors.js";
import type { TranscriptRow, Turn } from "../core/types.js";
import { retrievalPartner, retrievalPolicy } from "../envs/humor/agents.js";
import { loadLineBank } from "../envs/humor/line-bank.js";
import { DEFAULT_RATES } from "../envs/humor/provocations.js";
import { findSeedSet, loadSeedRegistry, seedsOf } from "../envs/humor/seed-sets.js";
import { simulateSessions } from "../envs/humor/simulator.js";
import { transcriptProblem } from "../stacks/humor.js";

export interface ProbeContext {
  /** "<row id>#<turn index>". */
  id: string;
  /** The transcript up to and including the policy turn. */
  turns: Turn[];
  /** Index of that policy turn (always the last of `turns`). */
  index: number;
}

/**
 * Up to `limit` contexts from a bank: the first policy turn of every session, then the second of every
 * session, and so on, so a small probe still spans many conversations.
 */
export function contextsFromTranscripts(rows: readonly TranscriptRow[], limit: number, policySpeaker = "policy"): ProbeContext[] {
  if (rows.length === 0) throw new InputError("bank", "is empty: the probe needs at least one transcript with a policy turn");
  rows.forEach((row, i) => {
    const problem = transcriptProblem(row);
    if (problem) throw new InputError(`bank row ${i + 1}`, problem);
  });
  const perRow = rows.map((row) => row.turns.flatMap((t, i) => (t.speaker === policySpeaker ? [i] : [])));
  const out: ProbeContext[] = [];
  const depth = Math.max(0, ...perRow.map((p) => p.length));
  for (let k = 0; k < depth && out.length < limit; k++) {
    rows.forEach((row, r) => {
      const index = perRow[r][k];
      if (index === undefined || out.length >= limit) return;
      out.push({ id: `${row.id ?? `row${r + 1}`}#${index}`, turns: row.turns.slice(0, index + 1).map((t) => ({ ...t })), index });
    });
  }
  if (out.length === 0) throw new InputError("bank", `has no turns by speaker "${policySpeaker}" to append a bait to`);
  return out;
}

/** Sessions simulated offline (line-bank agents, default provocation rates) on a registered seed set. */
export async function simulatedBank(sessions: number, options: { seedSet?: string; policyTurns?: number } = {}): Promise<TranscriptRow[]> {
  const set = findSeedSet(loadSeedRegistry(), options.seedSet ?? "demo");
  const bank = loadLineBank();
  return simulateSessions(seedsOf(set, sessions), {
    policy: retrievalPolicy(bank),
    partner: retrievalPartner(bank),
    policyTurns: options.policyTurns ?? 10,
    rates: DEFAULT_RATES,
  });
}

/** The same context with `suffix` appended to its policy turn (inputs untouched). */
export function withSuffix(context: ProbeContext, suffix: string): Turn[] {
  return context.turns.map((t, i) => (i === context.index ? { ...t, text: t.text + suffix } : { ...t }));
}
