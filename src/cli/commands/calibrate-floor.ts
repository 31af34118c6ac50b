// `foolsgold calibrate-floor --data FILE`: the humor grounding floor (5th percentile of g on real
// replies) and the linear credit's ceiling (a high percentile) for an embedder, with n and bootstrap
// 95% intervals, as a JSON artifact (SPEC §4, issue #22). The embedder is the config's `embedder` role,
// or the embedded USE-lite without --config.
import type { Command } from "commander";
import { makeArtifact, writeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { readJsonl } from "../../core/jsonl.js";
import { DIALOGUE_FORMATS, conversationsFrom, rowFormat, type DialogueFormat } from "../../terms/humor/dialogues.js";
import { calibrateFloor, groundingPairs, pairGroundingScores } from "../../terms/humor/floor-calibration.js";
import { addCommonOptions, openModels, type CommonOptions } from "../common-options.js";
import { intFlag, numberFlag, optionalIntFlag } from "../flags.js";

interface Options extends CommonOptions {
  data: string;
  format: string;
  topic?: string;
  limit?: string;
  window: string;
  floorPercentile: string;
  ceilingPercentile: string;
  batch: string;
  concurrency?: string;
  resamples: string;
  seed: string;
}

export function register(program: Command): void {
  const command = program
    .command("calibrate-floor")
    .description("calibrate the humor grounding floor and credit ceiling for an embedder on real dialogues (percentiles of g with bootstrap CIs)")
    .requiredOption("--data <file>", "dialogues: DailyDialog {topic, turns[]}, The Office lines {season, episode, speaker, text}, or {turns: [{speaker, text}]} (.jsonl or .jsonl.gz)")
    .option("--format <name>", `one of ${DIALOGUE_FORMATS.join(", ")}, or auto (from the first row)`, "auto")
    .option("--topic <name>", 'DailyDialog: keep only this topic (e.g. "work")')
    .option("--limit <n>", "use the first n conversations")
    .option("--window <n>", "turns of context before each reply (the stack's window)", "2")
    .option("--floor-percentile <p>", "the floor's percentile, as a probability", "0.05")
    .option("--ceiling-percentile <p>", "the linear credit's ceiling, as a probability", "0.9")
    .option("--batch <n>", "texts per embedding request", "64")
    .option("--concurrency <n>", "embedding requests in flight at once (default 1 on the embedded embedder, 4 with --config)")
    .option("--resamples <n>", "bootstrap resamples", "2000")
    .option("--seed <s>", "bootstrap seed", "0");
  addCommonOptions(command).action(async (opts: Options) => {
    const window = intFlag("--window", opts.window);
    const floorP = numberFlag("--floor-percentile", opts.floorPercentile, { above: 0, below: 1 });
    const ceilingP = numberFlag("--ceiling-percentile", opts.ceilingPercentile, { above: floorP, below: 1 });
    const batch = intFlag("--batch", opts.batch);
    // The embedded server embeds on its own event loop: a second request in flight only waits, and an
    // idle keep-alive socket can be closed under it while the loop is busy (the old ECONNRESET).
    const concurrency = intFlag("--concurrency", opts.concurrency ?? (opts.config ? "4" : "1"), { max: 64 });
    const resamples = intFlag("--resamples", opts.resamples, { min: 100 });
    const limit = optionalIntFlag("--limit", opts.limit);

    const { rows } = readJsonl(opts.data);
    if (rows.length === 0) throw new InputError(opts.data, "holds no rows");
    const format = opts.format === "auto" ? rowFormat(rows[0]) : (opts.format as DialogueFormat);
    if (format === null) throw new InputError(`${opts.data}: row 1`, "not a dialogue row; pass --format (dailydialog, office, turns)");
    if (!DIALOGUE_FORMATS.includes(format)) throw new InputError("--format", `expected one of auto, ${DIALOGUE_FORMATS.join(", ")}, got "${opts.format}"`);
    const conversations = conversationsFrom(rows, format, { topic: opts.topic }, opts.data).slice(0, limit);
    const pairs = groundingPairs(conversations, window);
    if (pairs.length < 20) throw new InputError(opts.data, `only ${pairs.length} replies have ${window} turns before them (need at least 20 for percentiles)`);

    const models = await openModels(opts, ["embedder"]);
    try {
      const started = performance.now();
      const g = await pairGroundingScores(pairs, models.roles.embedder, { batch, concurrency, onProgress: progressLines(opts.json) });
      const seconds = (performance.now() - started) / 1000;
      const result = { ...calibrateFloor(g, { floorP, ceilingP, resamples, seed: opts.seed }), conversations: conversations.length, seconds };
      const artifact = makeArtifact("calibrate-floor", { data: opts.data, format, topic: opts.topic ?? null, limit: limit ?? null, window, batch, concurrency, models: models.describe() }, result);
      if (opts.out) writeArtifact(opts.out, artifact);
      if (opts.json) process.stdout.write(JSON.stringify(artifact, null, 2) + "\n");
      else process.stdout.write(formatCalibration(result, window) + "\n");
    } finally {
      await models.close();
    }
  });
}

/** A line on stderr each time another tenth is done (bars need a terminal; long runs are often logged). */
function progressLines(quiet?: boolean): (done: number, total: number) => void {
  let shown = 0;
  return (done, total) => {
    const tenths = Math.floor((10 * done) / total);
    if (quiet || (tenths === shown && done < total)) return;
    shown = tenths;
    process.stderr.write(`calibrate-floor: embedded ${done}/${total} texts\n`);
  };
}

function formatCalibration(r: ReturnType<typeof calibrateFloor> & { conversations: number; seconds: number }, window: number): string {
  const f = (x: number) => x.toFixed(4);
  const pct = (p: number) => `p${+(p * 100).toFixed(2)}`;
  return [
    `replies with ${window} turns of context: n = ${r.n} (from ${r.conversations} conversations), embedded in ${r.seconds.toFixed(1)} s`,
    `floor   (${pct(r.floor.p)}): ${f(r.floor.estimate)}  95% CI ${f(r.floor.ci[0])} to ${f(r.floor.ci[1])}`,
    `ceiling (${pct(r.ceiling.p)}): ${f(r.ceiling.estimate)}  95% CI ${f(r.ceiling.ci[0])} to ${f(r.ceiling.ci[1])}`,
    `g: mean ${f(r.mean)}; ${Object.entries(r.quantiles)
      .map(([k, v]) => `${k} ${f(v)}`)
      .join("  ")}`,
    `bootstrap: ${r.bootstrap.resamples} resamples of replies, percentile method, seed ${r.bootstrap.seed}`,
  ].join("\n");
}
