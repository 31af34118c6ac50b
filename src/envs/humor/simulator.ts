// Rolls out humor sessions (seed 000 §2): the partner speaks first, then policy and partner alternate
// until the policy has spoken `policyTurns` times. Each session is a transcript row (SPEC §12) whose meta
// records the task, the partner's schedule, the rates and both agents, so a bank explains itself.
import type { TranscriptRow, Turn } from "../../core/types.js";
import type { Agent } from "./agents.js";
import { DEFAULT_RATES, type ProvocationKind } from "./provocations.js";
import { planSession } from "./schedule.js";

export const SIMULATOR_VERSION = "humor-sim-2";

export interface SimulationOptions {
  policy: Agent;
  partner: Agent;
  /** Policy turns per session (default 10). */
  policyTurns?: number;
  rates?: Record<ProvocationKind, number>;
}

export interface SimulationMeta {
  env: "humor";
  simulator: string;
  task: string;
  task_title: string;
  partner_moves: string[];
  rates: Record<ProvocationKind, number>;
  policy_turns: number;
  policy: string;
  partner: string;
  [extra: string]: unknown;
}

export async function simulateSession(seed: number, options: SimulationOptions): Promise<TranscriptRow> {
  const policyTurns = options.policyTurns ?? 10;
  const rates = options.rates ?? DEFAULT_RATES;
  const plan = planSession(seed, policyTurns, rates);
  const turns: Turn[] = [];
  for (let i = 0; i < policyTurns; i++) {
    const move = plan.moves[i];
    const partnerText = await options.partner.reply({ plan, turns, turnIndex: i, move });
    turns.push({ speaker: "partner", text: partnerText, meta: { move } });
    const policyText = await options.policy.reply({ plan, turns, turnIndex: i });
    turns.push({ speaker: "policy", text: policyText });
  }
  const meta: SimulationMeta = {
    env: "humor",
    simulator: SIMULATOR_VERSION,
    task: plan.task.id,
    task_title: plan.task.title,
    partner_moves: plan.moves,
    rates,
    policy_turns: policyTurns,
    policy: options.policy.description,
    partner: options.partner.description,
  };
  return { id: `humor-${seed}`, seed, turns, meta };
}

export interface SimulateManyOptions extends SimulationOptions {
  /** Sessions in flight at once (model agents benefit; retrieval agents do not need it). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Rolls out one session per seed, in seed order in the output whatever the concurrency. */
export async function simulateSessions(seeds: readonly number[], options: SimulateManyOptions): Promise<TranscriptRow[]> {
  const out: TranscriptRow[] = new Array(seeds.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < seeds.length) {
      const i = next++;
      out[i] = await simulateSession(seeds[i], options);
      options.onProgress?.(++done, seeds.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 1, seeds.length)) }, worker));
  return out;
}
