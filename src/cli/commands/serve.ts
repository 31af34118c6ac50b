// `foolsgold serve`: the reward server for trainers (SPEC §10), and `serve replay` to rescore the
// journal under another instrument.
import type { Command } from "commander";
import { readFileSync } from "node:fs";
import { InputError, errorMessage } from "../../core/errors.js";
import { formatIssues } from "../../core/issues.js";
import { monitorThresholdsSchema, type MonitorThresholds } from "../../server/monitor.js";
import { startLiveMonitor } from "../../server/monitor-thread.js";
import { makeArtifact, writeArtifact } from "../../core/artifact.js";
import { createApp, DEFAULT_LIMITS, type ServerLimits } from "../../server/app.js";
import { openJournalStore } from "../../server/journal-store.js";
import { DEFAULT_STRIP_TOKENS } from "../../server/openrlhf.js";
import { modelReadiness } from "../../server/readiness.js";
import { listen } from "../../server/listen.js";
import { createMetrics } from "../../server/metrics.js";
import { replayJournal } from "../../server/replay.js";
import { availableParallelism } from "node:os";
import { openScorer, parseOptionFlags } from "../../stacks/open.js";
import { createWorkerPoolScorer } from "../../server/workers/pool.js";
import { addCacheOptions, addConfigOption, addRewardOption } from "../common-options.js";
import { assertPortFree, portError } from "../port.js";
import { intFlag, optionalIntFlag } from "../flags.js";

interface ServeOptions {
  port: string;
  host: string;
  stack?: string;
  reward?: string;
  option?: string[];
  journal: string;
  token?: string;
  maxBatch: string;
  maxBodyMb: string;
  timeoutMs: string;
  maxInFlight: string;
  maxQueue: string;
  headerTimeoutMs: string;
  bodyTimeoutMs: string;
  workers?: string;
  monitorThresholds?: string;
  stripTokens: string;
  config?: string;
  cache?: string | false;
}

function readThresholds(path: string | undefined): MonitorThresholds {
  if (!path) return monitorThresholdsSchema.parse({});
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new InputError(path, `cannot be read as JSON (${errorMessage(err)})`);
  }
  const parsed = monitorThresholdsSchema.safeParse(raw);
  if (!parsed.success) throw new InputError(path, formatIssues(parsed.error));
  return parsed.data;
}

export function register(program: Command): void {
  // `serve replay --journal …` reuses the parent's flag names: options must belong to the command
  // they follow, at every level (the root has no options of its own besides --version and --help).
  program.enablePositionalOptions();
  const serve = program
    .command("serve")
    .description("serve a reward stack over HTTP for trainers (verl, OpenRLHF, TRL, atropos), journaling every call")
    .enablePositionalOptions()
    .option("--port <n>", "port", "8787")
    .option("--host <host>", "interface to bind (loopback by default; anything else needs --token)", "127.0.0.1")
    .option("--stack <name>", "stack to serve (default: `stack` in the config)")
    .option("--option <key=value...>", "stack option (JSON value)")
    .option("--journal <file|url>", "journal of every request and result: a SQLite file, or postgres://… shared by several replicas", ".foolsgold/journal.sqlite")
    .option("--token <token>", "bearer token required on every route but /healthz (or FOOLSGOLD_TOKEN)")
    .option("--max-batch <n>", "rows per request", String(DEFAULT_LIMITS.maxBatch))
    .option("--max-body-mb <n>", "request body limit in MiB", String(DEFAULT_LIMITS.maxBodyBytes / 1024 / 1024))
    .option("--timeout-ms <n>", "per-request scoring time limit", String(DEFAULT_LIMITS.requestTimeoutMs))
    .option("--header-timeout-ms <n>", "a client must send its headers within this time (then 408)", String(DEFAULT_LIMITS.headerTimeoutMs))
    .option("--body-timeout-ms <n>", "a client must send its whole request within this time (then 408); read before a scoring slot is taken", String(DEFAULT_LIMITS.bodyTimeoutMs))
    .option("--max-in-flight <n>", "batches scored at once", String(DEFAULT_LIMITS.maxInFlight))
    .option("--max-queue <n>", "batches waiting before 429", String(DEFAULT_LIMITS.maxQueue))
    .option("--strip-tokens <list>", 'comma-separated special tokens /get_reward removes from OpenRLHF\'s query and prompts ("" for none)', DEFAULT_STRIP_TOKENS.join(","))
    .option("--monitor-thresholds <file>", "pre-declared alert thresholds for the live monitor (JSON; see docs/serving.md)")
    .option("--workers <n>", "scoring worker threads for stacks without models (default: one per core; 0 scores on the main thread)");
  addCacheOptions(addConfigOption(addRewardOption(serve))).action(async (opts: ServeOptions) => {
    const token = opts.token ?? process.env.FOOLSGOLD_TOKEN;
    const limits: ServerLimits = {
      maxBatch: intFlag("--max-batch", opts.maxBatch),
      maxBodyBytes: intFlag("--max-body-mb", opts.maxBodyMb) * 1024 * 1024,
      requestTimeoutMs: intFlag("--timeout-ms", opts.timeoutMs),
      maxInFlight: intFlag("--max-in-flight", opts.maxInFlight),
      maxQueue: intFlag("--max-queue", opts.maxQueue, { min: 0 }),
      retryAfterSeconds: DEFAULT_LIMITS.retryAfterSeconds,
      headerTimeoutMs: intFlag("--header-timeout-ms", opts.headerTimeoutMs),
      bodyTimeoutMs: intFlag("--body-timeout-ms", opts.bodyTimeoutMs),
    };
    const port = intFlag("--port", opts.port, { min: 0, max: 65535 });
    const workersFlag = optionalIntFlag("--workers", opts.workers, { min: 0 });
    await assertPortFree(opts.host, port);
    const metrics = createMetrics();
    const openOptions = { ...opts, overrides: parseOptionFlags(opts.option) };
    const opened = await openScorer({ ...openOptions, onCall: (_role, record) => metrics.recordModelCall(record) });
    // CPU-bound lexical stacks score in worker threads so the main thread keeps parsing, journaling
    // and refusing (429) requests; stacks that wait on model servers score on the main thread.
    const cpuBound = Object.keys(opened.scorer.instrument.models).length === 0 && opened.definition.capabilities?.parallel !== "none";
    const workers = workersFlag ?? (cpuBound ? availableParallelism() : 0);
    const pool = workers > 0 ? await createWorkerPoolScorer(opened.scorer, { ...openOptions, stack: opened.stack }, workers) : undefined;
    const journal = await openJournalStore(opts.journal);
    // Requests a crashed server left pending get a clear "expired" status once their lease has run
    // out; the sweep repeats so a replica that died mid-load is cleaned up by the others.
    const expired = await journal.expireStale();
    const sweep = setInterval(() => void journal.expireStale().catch(() => {}), 15_000);
    sweep.unref();
    const monitor = await startLiveMonitor(opts.journal, journal, readThresholds(opts.monitorThresholds), opened.scorer.rowKind);
    const stripTokens = opts.stripTokens
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    const app = createApp({
      scorers: { [opened.stack]: pool ?? opened.scorer },
      defaultStack: opened.stack,
      journal,
      limits,
      token,
      metrics,
      monitor: () => monitor.report(),
      readiness: () => modelReadiness(opened.models.roles),
      stripTokens,
    });
    const server = await listen(app, { host: opts.host, port, token, timeouts: limits }).catch(async (err: unknown) => {
      clearInterval(sweep);
      await Promise.allSettled([monitor.stop(), pool?.close(), journal.close(), opened.close()]);
      throw portError(err, opts.host, port);
    });
    process.stderr.write(
      `foolsgold: serving stack "${opened.stack}" (instrument ${opened.scorer.instrument.hash.slice(0, 12)}, ${workers ? `${workers} scoring workers` : "scoring on the main thread"}) at ${server.url}; journal ${journal.location}${expired ? ` (${expired} requests left pending by a stopped server marked expired)` : ""}\n`,
    );
    // Readiness as /readyz reports it, once at start: a load balancer routes by it, a user reads it here.
    const ready = (await (await app.request("/readyz")).json()) as { status: string; checks: { name: string; ok: boolean; detail?: string }[] };
    const failed = ready.checks.filter((c) => !c.ok);
    process.stderr.write(
      failed.length === 0
        ? `foolsgold: ready (${ready.checks.map((c) => c.name).join("; ")}); GET ${server.url}/readyz\n`
        : `foolsgold: NOT READY: ${failed.map((c) => `${c.name}: ${c.detail ?? "failed"}`).join("; ")}; ${server.url}/readyz answers 503 until this is fixed\n`,
    );
    const stop = async (): Promise<void> => {
      clearInterval(sweep);
      await monitor.stop();
      await server.close();
      await pool?.close();
      await journal.close();
      await opened.close();
      process.exit(0);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    await new Promise(() => {});
  });

  const replay = serve
    .command("replay")
    .description("rescore every journaled request under another instrument and report what changed")
    .requiredOption("--journal <file|url>", "the server's journal (SQLite file or postgres://…)")
    .option("--stack <name>", "stack to rescore with (default: `stack` in the config)")
    .option("--option <key=value...>", "stack option (JSON value)")
    .option("--out <file>", "write the replay artifact (JSON) here")
    .option("--json", "print the artifact as JSON");
  addCacheOptions(addConfigOption(addRewardOption(replay))).action(async (opts: { journal: string; stack?: string; reward?: string; option?: string[]; out?: string; json?: boolean; config?: string; cache?: string | false }) => {
    const journal = await openJournalStore(opts.journal, { readonly: true });
    const opened = await openScorer({ ...opts, overrides: parseOptionFlags(opts.option) });
    try {
      const report = await replayJournal(journal, opened.scorer, { stack: opened.stack });
      const artifact = makeArtifact("replay", { journal: journal.location, stack: opened.stack }, report);
      if (opts.out) writeArtifact(opts.out, artifact);
      if (opts.json) process.stdout.write(JSON.stringify(artifact, null, 2) + "\n");
      else {
        process.stdout.write(
          `replayed ${report.requests} requests, ${report.rows} rows under instrument ${report.rescoredInstrument.slice(0, 12)} (served under ${report.servedInstruments.map((h) => h.slice(0, 12)).join(", ") || "none"})\n` +
            `changed ${report.changed}/${report.rows} rows; mean change ${report.meanChange?.toFixed(4) ?? "n/a"}, max |change| ${report.maxAbsChange?.toFixed(4) ?? "n/a"}; ${report.rowsWithErrors} rows with errors\n`,
        );
      }
    } finally {
      await journal.close();
      await opened.close();
    }
  });
}
