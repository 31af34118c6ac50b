// V8's inlining budget for a `score` on several threads (issue 20). Each scoring thread's isolate
// compiles its own hot code, so two threads pay TurboFan twice; with a smaller cumulative inlining
// budget two threads spent 0.83-0.92x the CPU with the same bytes (paired runs, reports/scoring-speed.md),
// while one thread gained nothing. V8's flags belong to the process, and TurboFan reads this one at
// each inlining decision, so setting it before the workers start covers every thread. Only this
// compiler budget is set at run time: GC flags cannot be (V8 aborts when they change under a heap).
import { setFlagsFromString } from "node:v8";
import { InputError } from "../core/errors.js";

export const THREAD_INLINING_FLAG = "--max-inlined-bytecode-size-cumulative=460";

/** `FOOLSGOLD_THREAD_INLINING=default` keeps V8's own budget on several threads; unset or `small`, the smaller one. */
export const THREAD_INLINING_ENV = "FOOLSGOLD_THREAD_INLINING";

/** The V8 flags a `score` on this many threads sets, or none. */
export function threadInliningFlags(threads: number, env: NodeJS.ProcessEnv = process.env): string[] {
  const setting = env[THREAD_INLINING_ENV] ?? "small";
  if (setting !== "small" && setting !== "default") throw new InputError(THREAD_INLINING_ENV, `expected "small" or "default", got ${JSON.stringify(setting)}`);
  return threads > 1 && setting === "small" ? [THREAD_INLINING_FLAG] : [];
}

/** Sets them for this process (and so for the worker threads it starts next). */
export function applyThreadInlining(threads: number, env: NodeJS.ProcessEnv = process.env): string[] {
  const flags = threadInliningFlags(threads, env);
  for (const flag of flags) setFlagsFromString(flag);
  return flags;
}
