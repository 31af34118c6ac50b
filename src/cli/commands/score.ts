// `foolsgold score --stack NAME --in BANK --out SCORED`: every input row unchanged plus its score
// (SPEC §12). A row that could not be scored keeps value null and an error; the summary says how many.
// Ctrl-C or SIGTERM stops it: the rows scored so far are written, and `--resume` scores the rest.
import { existsSync } from "node:fs";
import type { Command } from "commander";
import type { BankRow, Score } from "../../core/types.js";
import { readJsonl, writeLines } from "../../core/jsonl.js";
import { parseRows } from "../../core/schemas.js";
import { InputError } from "../../core/errors.js";
import { makeArtifact, writeArtifact } from "../../core/artifact.js";
import { parseOptionFlags, type OpenedScorer } from "../../stacks/open.js";
import { MIN_BYTES_PER_THREAD } from "../../stacks/parallel.js";
import { scoredLine, type SummaryScore } from "../../stacks/scored-lines.js";
import { summarizeScores, formatScoreSummary } from "../../stacks/summary.js";
import { addCacheOptions, addConfigOption, addRewardOption } from "../common-options.js";
import { toBankRow } from "../../stacks/rewards/rows.js";
import { formatDeterminism, type Determinism } from "../../stacks/rewards/black-box.js";
import { progressBar } from "../progress.js";
import { intFlag } from "../flags.js";
import { openScoringThreads } from "../workers.js";

interface Options {
  stack?: string;
  reward?: string;
  in: string;
  out: string;
  option?: string[];
  dictionary?: string;
  artifact?: string;
  json?: boolean;
  config?: string;
  cache?: string | false;
  workers?: number;
  resume?: boolean;
}

/** The rows a stopped run already wrote to --out, checked against --in row by row. */
function priorRows(out: string, rows: readonly { id?: unknown }[], instrument: string): { lines: string[]; scores: SummaryScore[] } {
  if (!existsSync(out)) return { lines: [], scores: [] };
  const prior = readJsonl<{ id?: unknown; score?: SummaryScore }>(out, { texts: true });
  if (prior.rows.length > rows.length) throw new InputError(out, `holds ${prior.rows.length} rows, more than --in's ${rows.length}: --resume continues a stopped run of the same --in`);
  prior.rows.forEach((r, i) => {
    if (String(r.id) !== String(rows[i].id)) throw new InputError(`${out} row ${i + 1}`, `has id "${String(r.id)}" where --in has "${String(rows[i].id)}": --resume continues a stopped run of the same --in`);
    if (r.score?.instrument !== instrument) throw new InputError(`${out} row ${i + 1}`, `was scored by another instrument (${String(r.score?.instrument).slice(0, 16)}); --resume needs the same stack and options`);
  });
  return { lines: prior.texts!.map((t) => t + "\n"), scores: prior.rows.map((r) => r.score!) };
}

export function register(program: Command): void {
  const command = program
    .command("score")
    .description("score a bank (JSON Lines) with a stack: a built-in one (humor for transcripts, prose, vrcli, cherrl), a stack file, or the stack a --config names")
    .option("--stack <name|file>", "stack to score with: a name, a module (./my-stack.mjs) or a YAML composition (./my-stack.yaml) (default: `stack` in the config)")
    .requiredOption("--in <file>", "input rows: bank rows {id, prompt?, output, …} or transcript rows {id, seed, turns} (.jsonl or .jsonl.gz)")
    .requiredOption("--out <file>", "write scored rows here (JSON Lines)")
    .option("--option <key=value...>", "stack option (JSON value), e.g. --option preset=RL-C --option taste.mode=topk")
    .option("--dictionary <file>", "slop dictionary for the prose stack (same as --option dictionary=FILE)")
    .option("--artifact <file>", "write the summary artifact (JSON) here")
    .option("--json", "print the summary as JSON")
    .option("--resume", "keep the rows a stopped run (Ctrl-C, SIGTERM) wrote to --out and score only the rest")
    .option(
      "--workers <n>",
      `scoring threads for a stack that can split its rows (prose): default one per core, at most one per ${MIN_BYTES_PER_THREAD / 1e6} MB of input; 1 = this thread only. Same scores, same order (several threads run V8 with a smaller inlining budget; FOOLSGOLD_THREAD_INLINING=default keeps V8's)`,
      (value) => intFlag("--workers", value),
    );
  addCacheOptions(addConfigOption(addRewardOption(command))).action(async (opts: Options) => {
    const overrides = parseOptionFlags(opts.option);
    if (opts.dictionary) overrides.dictionary = opts.dictionary;
    const open = { ...opts, overrides };
    const { opened, pool } = await openScoringThreads(open, opts.in, opts.workers);
    // Ctrl-C and SIGTERM stop scoring; the rows finished so far are written (a second one kills).
    const stop = new AbortController();
    let stoppedBy: NodeJS.Signals | undefined;
    const onSignal = (signal: NodeJS.Signals): void => {
      stoppedBy = signal;
      stop.abort(new Error(`stopped by ${signal}`));
      void pool?.close();
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      const { rows: raw, texts: allTexts } = readJsonl(opts.in, { texts: pool !== undefined });
      if (raw.length === 0) throw new InputError(opts.in, "holds no rows");
      // An external reward reads rows in any trainer's shape; each is written back as it came, plus its score.
      const allRows = opts.reward !== undefined ? raw.map((r, i) => toBankRow(r, `${opts.in} row ${i + 1}`, i)) : parseRows(opened.definition.rowKind, raw, opts.in);
      const prior = opts.resume ? priorRows(opts.out, allRows, opened.scorer.instrument.hash) : { lines: [], scores: [] };
      const rows = allRows.slice(prior.lines.length);
      const texts = allTexts?.slice(prior.lines.length);
      const started = performance.now();
      const bar = progressBar("scoring", rows.length, opts.json);
      const onProgress = (done: number): void => bar.update(done);
      // With workers, each scores the rows' own lines and writes their output lines; scores come back
      // as the summary's part of each.
      let lines: Iterable<string>;
      let scores: SummaryScore[];
      const finished: Score[] = [];
      // With workers: the lines every thread has placed, by row (chunks finish out of order).
      const placed: { lines: string[]; scores: SummaryScore[] } = { lines: new Array(rows.length), scores: new Array(rows.length) };
      const written = (i: number): object => (opts.reward !== undefined ? (raw[prior.lines.length + i] as object) : rows[i]);
      try {
        if (rows.length === 0) {
          ({ lines, scores } = { lines: [], scores: [] });
        } else if (pool) {
          ({ lines, scores } = await pool.scoreLines(opened.scorer, opened.definition, rows as BankRow[], texts!, opts.in, { onProgress, signal: stop.signal, into: placed }));
          await pool.close();
        } else {
          const onScored = (start: number, batch: readonly Score[]): void => batch.forEach((score, k) => (finished[start + k] = score));
          scores = await opened.scorer.scoreRows(rows as never, { onProgress, onScored, signal: stop.signal });
          const scored = scores;
          lines = (function* () {
            for (let i = 0; i < rows.length; i++) yield scoredLine(written(i), scored[i]);
          })();
        }
      } catch (err) {
        if (!stoppedBy) throw err;
        bar.stop();
        // --resume goes on after the rows written, so only the unbroken run from the first row is kept.
        let done = 0;
        if (pool) while (done < rows.length && placed.lines[done] !== undefined) done++;
        else while (done < rows.length && finished[done] !== undefined) done++;
        const kept = pool ? placed.lines.slice(0, done) : rows.slice(0, done).map((_, i) => scoredLine(written(i), finished[i]));
        await writeLines(opts.out, [...prior.lines, ...kept]);
        const total = prior.lines.length + done;
        const dropped = pool ? placed.lines.filter((l) => l !== undefined).length - done : 0;
        process.stderr.write(
          `foolsgold: stopped by ${stoppedBy}: ${total} of ${allRows.length} rows scored and written to ${opts.out}; to score the other ${allRows.length - total}, run the same command with --resume` +
            (dropped > 0 ? ` (${dropped} rows scored by other threads after a gap are scored again then)` : "") +
            "\n",
        );
        process.exitCode = stoppedBy === "SIGINT" ? 130 : 143;
        return;
      }
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      const determinism = await rescoredDeterminism(opened, rows as BankRow[], scores);
      await writeLines(opts.out, [...prior.lines, ...lines]);
      scores = [...prior.scores, ...scores];
      const calls = opened.models.calls();
      const summary = summarizeScores(scores, {
        seconds,
        modelCalls: calls.filter((c) => !c.cached).length,
        cacheHits: calls.filter((c) => c.cached).length,
      });
      const artifact = makeArtifact("score", { stack: opened.stack, in: opts.in, out: opts.out, instrument: opened.scorer.instrument, models: opened.models.describe() }, determinism ? { ...summary, determinism } : summary);
      if (opts.artifact) writeArtifact(opts.artifact, artifact);
      if (opts.json) process.stdout.write(JSON.stringify(artifact, null, 2) + "\n");
      else process.stdout.write(formatScoreSummary(opened.stack, opened.scorer.instrument.hash, summary) + (determinism ? "\n" + formatDeterminism(determinism) : "") + "\n");
      if (summary.errors > 0) process.exitCode = 1;
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await pool?.close();
      await opened.close();
    }
  });
}

/** Rows an external reward scores again to say whether it is deterministic (a few: each costs a reward call). */
const DETERMINISM_ROWS = 8;

/** An external reward (src/stacks/rewards) scores its first scored rows again; other stacks are pure functions of their instrument. */
async function rescoredDeterminism(opened: OpenedScorer, rows: BankRow[], scores: SummaryScore[]): Promise<Determinism | undefined> {
  const scorer = opened.scorer as Partial<{ determinism: () => Determinism }>;
  if (typeof scorer.determinism !== "function") return undefined;
  const again = rows.filter((_, i) => scores[i].value !== null).slice(0, DETERMINISM_ROWS);
  if (again.length > 0) await opened.scorer.scoreRows(again as never);
  return scorer.determinism();
}
