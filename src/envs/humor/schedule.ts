// The seeded session plan (seed 000 §2): which office task a session is about, the slot values its lines
// use, and what the partner is told to do on each of its turns. Everything derives from the session
// seed through independent named streams, so changing the rates never changes the task of a session.
import { createRng } from "../../core/random.js";
import { PROVOCATION_KINDS, type PartnerMove, type ProvocationKind } from "./provocations.js";
import { OFFICE_TASKS, drawSlots, type OfficeTask, type TaskSlots } from "./tasks.js";

export interface SessionPlan {
  seed: number;
  task: OfficeTask;
  slots: TaskSlots;
  /** One move per partner turn; the partner speaks before each policy turn, starting with "opener". */
  moves: PartnerMove[];
}

/** The stream of random numbers for one purpose of one session. */
export function sessionStream(seed: number, purpose: string) {
  return createRng(`humor/${seed}/${purpose}`);
}

/**
 * Partner turn 0 opens the task; each later partner turn is a provocation with its configured rate
 * (independent draws), otherwise it continues the task.
 */
export function planSession(seed: number, policyTurns: number, rates: Record<ProvocationKind, number>): SessionPlan {
  if (!Number.isInteger(seed) || seed < 0) throw new RangeError(`session seed must be a non-negative integer, got ${seed}`);
  const taskRng = sessionStream(seed, "task");
  const task = taskRng.pick(OFFICE_TASKS);
  const slots = drawSlots(task, taskRng);
  const scheduleRng = sessionStream(seed, "schedule");
  const moves: PartnerMove[] = [];
  for (let i = 0; i < policyTurns; i++) moves.push(i === 0 ? "opener" : drawMove(scheduleRng.next(), rates));
  return { seed, task, slots, moves };
}

function drawMove(u: number, rates: Record<ProvocationKind, number>): PartnerMove {
  let cumulative = 0;
  for (const kind of PROVOCATION_KINDS) {
    cumulative += rates[kind];
    if (u < cumulative) return kind;
  }
  return "continue";
}
