// Which Node/V8 flags the foolsgold command re-runs itself with (issue 20). V8's flags are fixed when a
// process starts (setting GC flags at run time crashes V8), so bin/foolsgold.js starts `score` again as
// a child with them when it will score on several threads; every other command runs as before.
// Why this flag: each scoring thread's isolate compiles its own hot code, so two threads pay TurboFan
// twice; with half the cumulative inlining budget two threads spent 0.83x the CPU (95% CI 0.74-0.94,
// n = 6 pairs) with the same bytes, while one thread gained nothing (its own thread got slower), and
// --single-threaded only moved the helpers' work onto the scoring threads (docs/scoring-speed.md).

/** The flags a `score` on several threads runs with by default. */
export const SCORE_NODE_FLAGS = Object.freeze(["--max-inlined-bytecode-size-cumulative=460"]);

/** Set to the flags to use instead (space-separated), for any `score`; set to nothing (`FOOLSGOLD_NODE_FLAGS=`) for none. */
export const NODE_FLAGS_ENV = "FOOLSGOLD_NODE_FLAGS";

/** Input bytes per scoring thread below which `score` stays on one thread: src/stacks/parallel.ts's MIN_BYTES_PER_THREAD (a test keeps them equal). */
export const MIN_BYTES_PER_THREAD = 2_000_000;

/** The value of `--name V` or `--name=V` in args. */
function flagValue(args, name) {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return args[i] === name ? args[i + 1] : args[i].slice(name.length + 1);
}

/**
 * Whether `score` with these args asks for several threads: `--workers N` with N > 1, or no --workers
 * and an input of at least two threads' worth on a machine with two cores or more (src/stacks/parallel.ts's
 * threadsFor). A stack that cannot be split still scores on one thread; it only runs with the flags.
 */
export function asksForThreads(args, cores, sizeOf) {
  const workers = flagValue(args, "--workers");
  if (workers !== undefined) return Number(workers) > 1;
  const input = flagValue(args, "--in");
  const bytes = input === undefined ? 0 : sizeOf(input);
  return Math.min(cores, Math.floor(bytes / MIN_BYTES_PER_THREAD)) > 1;
}

/**
 * The flags to re-run with, or none: for `score` only, and only when this process was started without
 * Node flags of its own (a user's `node --cpu-prof bin/foolsgold.js score` is run as asked, and the
 * re-run child, which has the flags, does not start another). FOOLSGOLD_NODE_FLAGS applies to every
 * `score`; the default flags to one that asks for several threads.
 */
export function nodeFlagsFor(args, env, execArgv, machine) {
  if (execArgv.length > 0) return [];
  if (args.find((a) => !a.startsWith("-")) !== "score") return [];
  const raw = env[NODE_FLAGS_ENV];
  if (raw !== undefined) return raw.split(/\s+/).filter(Boolean);
  return asksForThreads(args, machine.cores, machine.sizeOf) ? [...SCORE_NODE_FLAGS] : [];
}
