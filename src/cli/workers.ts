// The threads a `score` runs on. Whether a stack's rows can be split across worker threads (its
// capabilities, and no model roles: each thread would build its own clients), how many threads the
// input is worth, V8's inlining budget for several threads (thread-inlining.ts), the worker pool, and
// the stack opened on this thread with each model role reached once. score.ts only scores and writes.
import { existsSync, statSync } from "node:fs";
import { checkRoles } from "../models/preflight.js";
import type { BackendSpec } from "../models/spec.js";
import { openResolved, resolveStack, type OpenedScorer, type OpenScorerOptions } from "../stacks/open.js";
import { canScoreInParallel, startPool, threadsFor, type ScoringPool } from "../stacks/parallel.js";
import { applyThreadInlining } from "./thread-inlining.js";

export interface ScoringThreads {
  /** The stack opened on this thread. */
  opened: OpenedScorer;
  /** Worker threads scoring parts of the rows beside this one; undefined on one thread. */
  pool: ScoringPool | undefined;
}

/**
 * Resolves the stack, starts the workers its input is worth (`workers` overrides the count), then opens
 * it here and checks its model roles. The workers start before this thread opens the stack and reads the
 * bank, so they are ready before it begins its first chunk (it hears from them only between chunks: a
 * worker ready a moment later waits for that whole chunk). On failure nothing is left running.
 */
export async function openScoringThreads(open: OpenScorerOptions, input: string, workers: number | undefined): Promise<ScoringThreads> {
  const bytes = existsSync(input) ? statSync(input).size : undefined;
  let pool: ScoringPool | undefined;
  try {
    const resolved = await resolveStack(open);
    // Any configured role counts: each thread would build its clients (and start an embedded server).
    const threads = canScoreInParallel(resolved.definition, [...new Set([...resolved.roles, ...resolved.configuredRoles])]) && bytes !== undefined ? threadsFor(bytes, workers) : 1;
    applyThreadInlining(threads);
    if (threads > 1) pool = startPool({ workers: threads - 1, open });
    const opened = await openResolved(resolved, open);
    // Each role the stack needs is reached once here, not tried (and retried) on every row.
    try {
      await checkRoles(opened.models.roles as Record<string, { spec: BackendSpec }>, resolved.roles);
    } catch (err) {
      await opened.close();
      throw err;
    }
    return { opened, pool };
  } catch (err) {
    await pool?.close();
    throw err;
  }
}
