// `foolsgold score --stack NAME --in BANK --out SCORED`: every input row unchanged plus its score
// (SPEC §12). A row that could not be scored keeps value null and an error; the summary says how many.
import { existsSync, statSync } from "node:fs";
import type { Command } from "commander";
import type { BankRow } from "../../core/types.js";
import { readJsonl, writeLines } from "../../core/jsonl.js";
import { parseRows } from "../../core/schemas.js";
import { InputError } from "../../core/errors.js";
import { makeArtifact, writeArtifact } from "../../core/artifact.js";
import { openResolved, parseOptionFlags, resolveStack, type OpenedScorer, type ResolvedStack } from "../../stacks/open.js";
import { canScoreInParallel, MIN_BYTES_PER_THREAD, startPool, threadsFor, type ScoringPool } from "../../stacks/parallel.js";
import { scoredLine, type SummaryScore } from "../../stacks/scored-lines.js";
import { applyThreadInlining } from "../thread-inlining.js";
import { summarizeScores, formatScoreSummary } from "../../stacks/summary.js";
import { addCacheOptions, addConfigOption } from "../common-options.js";
import { progressBar } from "../progress.js";

interface Options {
  stack?: string;
  in: string;
  out: string;
  option?: string[];
  dictionary?: string;
  artifact?: string;
  json?: boolean;
  config?: string;
  cache?: string | false;
  workers?: number;
}

function parseWorkers(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InputError("--workers", `must be a whole number ≥ 1, got "${value}"`);
  return n;
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
    .option("--workers <n>", `scoring threads for a stack that can split its rows (prose): default one per core, at most one per ${MIN_BYTES_PER_THREAD / 1e6} MB of input; 1 = this thread only. Same scores, same order (several threads run V8 with a smaller inlining budget; FOOLSGOLD_THREAD_INLINING=default keeps V8's)`, parseWorkers);
  addCacheOptions(addConfigOption(command)).action(async (opts: Options) => {
    const overrides = parseOptionFlags(opts.option);
    if (opts.dictionary) overrides.dictionary = opts.dictionary;
    const open = { ...opts, overrides };
    const bytes = existsSync(opts.in) ? statSync(opts.in).size : undefined;
    // Workers start once the stack is resolved (its capabilities say whether its rows can be split;
    // options or a config may give it model roles), before this thread opens it and reads the bank, so
    // they are ready before this thread begins its first chunk (this thread hears from them only between
    // chunks: a worker ready a moment later waited for that whole chunk).
    let pool: ScoringPool | undefined;
    let opened: OpenedScorer;
    try {
      const resolved: ResolvedStack = await resolveStack(open);
      // Any configured role counts: each thread would build its clients (and start an embedded server).
      const threads = canScoreInParallel(resolved.definition, [...new Set([...resolved.roles, ...resolved.configuredRoles])]) && bytes !== undefined ? threadsFor(bytes, opts.workers) : 1;
      applyThreadInlining(threads);
      if (threads > 1) pool = startPool({ workers: threads - 1, open });
      opened = await openResolved(resolved, open);
    } catch (err) {
      await pool?.close();
      throw err;
    }
    try {
      const { rows: raw, texts } = readJsonl(opts.in, { texts: pool !== undefined });
      if (raw.length === 0) throw new InputError(opts.in, "holds no rows");
      const rows = parseRows(opened.definition.rowKind, raw, opts.in);
      const started = performance.now();
      const bar = progressBar("scoring", rows.length, opts.json);
      const onProgress = (done: number): void => bar.update(done);
      // With workers, each scores the rows' own lines and writes their output lines; scores come back
      // as the summary's part of each.
      let lines: Iterable<string>;
      let scores: SummaryScore[];
      if (pool) {
        ({ lines, scores } = await pool.scoreLines(opened.scorer, opened.definition, rows as BankRow[], texts!, opts.in, { onProgress }));
        await pool.close();
      } else {
        scores = await opened.scorer.scoreRows(rows as never, { onProgress });
        const scored = scores;
        lines = (function* () {
          for (let i = 0; i < rows.length; i++) yield scoredLine(rows[i], scored[i]);
        })();
      }
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      await writeLines(opts.out, lines);
      const calls = opened.models.calls();
      const summary = summarizeScores(scores, {
        seconds,
        modelCalls: calls.filter((c) => !c.cached).length,
        cacheHits: calls.filter((c) => c.cached).length,
      });
      const artifact = makeArtifact("score", { stack: opened.stack, in: opts.in, out: opts.out, instrument: opened.scorer.instrument, models: opened.models.describe() }, summary);
      if (opts.artifact) writeArtifact(opts.artifact, artifact);
      if (opts.json) process.stdout.write(JSON.stringify(artifact, null, 2) + "\n");
      else process.stdout.write(formatScoreSummary(opened.stack, opened.scorer.instrument.hash, summary) + "\n");
      if (summary.errors > 0) process.exitCode = 1;
    } finally {
      await pool?.close();
      await opened.close();
    }
  });
}
