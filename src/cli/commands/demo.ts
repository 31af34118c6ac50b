// `foolsgold demo`: the main job end to end, offline, on the embedded defaults (SPEC §12): simulate a
// small bank of humor sessions, score it with the humor stack through the built-in model server,
// print the table, and write the bank, the scored rows and the artifact.
import type { Command } from "commander";
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { makeArtifact, writeArtifact } from "../../core/artifact.js";
import { writeJsonl } from "../../core/jsonl.js";
import { InputError } from "../../core/errors.js";
import { runHumorDemo } from "../../envs/humor/demo.js";
import { formatHumorTable } from "../../envs/humor/score-summary.js";
import { addCacheOptions, addConfigOption, openModels } from "../common-options.js";
import { progressBar, type Progress } from "../progress.js";
import { quickBaitProbe } from "../../audit/quick-probe.js";
import { formatProbeTable } from "../../audit/format.js";
import { formatHuntReport } from "../../hunt/report.js";
import { quickHunt } from "../../hunt/quick-hunt.js";

interface Options {
  sessions: string;
  outDir: string;
  json?: boolean;
  config?: string;
  cache?: string | false;
}

export function register(program: Command): void {
  const command = program
    .command("demo")
    .description("the main job offline: simulate humor sessions, score them through the embedded models, print the table")
    .option("--sessions <n>", "sessions to simulate", "12")
    .option("--out-dir <dir>", "where to write bank.jsonl, scored.jsonl and demo.json", ".foolsgold/demo")
    .option("--json", "print the artifact as JSON");
  addCacheOptions(addConfigOption(command)).action(async (opts: Options) => {
    const sessions = Number(opts.sessions);
    if (!Number.isInteger(sessions) || sessions < 1) throw new InputError("--sessions", `expected a positive integer, got "${opts.sessions}"`);
    const started = performance.now();
    process.stderr.write("foolsgold demo: starting the embedded models (n-gram LM + USE-lite embedder) on loopback…\n");
    const models = await openModels(opts, ["audience", "embedder"]);
    try {
      let bar: Progress | undefined;
      let phase = "";
      const result = await runHumorDemo(models.roles, {
        sessions,
        onProgress: (p, done, total) => {
          if (p !== phase) {
            bar?.stop();
            phase = p;
            bar = progressBar(p === "simulate" ? "simulating" : "scoring", total, opts.json);
          }
          bar?.update(done);
        },
      });
      bar?.stop();
      // Audit phase (SPEC §5): a quick bait-suffix probe on a few of the demo's contexts, raw vs v2 path.
      const auditStarted = performance.now();
      let probeBar: Progress | undefined;
      const probe = await quickBaitProbe(models.roles.audience, result.rows, (done, total) => {
        probeBar ??= progressBar("auditing", total, opts.json);
        probeBar.update(done);
      });
      probeBar?.stop();
      const auditSeconds = (performance.now() - auditStarted) / 1000;
      // Hunt phase (#16): a small black-box hunt through the humor stack's scorer; its top findings end the demo.
      const huntStarted = performance.now();
      const hunt = await quickHunt(models.roles, result.rows);
      const huntSeconds = (performance.now() - huntStarted) / 1000;
      mkdirSync(opts.outDir, { recursive: true });
      await writeJsonl(join(opts.outDir, "bank.jsonl"), result.rows);
      await writeJsonl(join(opts.outDir, "scored.jsonl"), result.rows.map((row, i) => ({ ...row, score: result.scores[i] })));
      const calls = models.calls();
      const artifact = makeArtifact(
        "demo",
        { sessions, instrument: result.instrument, models: models.describe() },
        {
          summary: result.summary,
          audit: { bait_probe: probe },
          hunt,
          seconds: { ...result.seconds, audit: auditSeconds, hunt: huntSeconds, total: (performance.now() - started) / 1000 },
          model_calls: calls.filter((c) => !c.cached).length,
          cache_hits: calls.filter((c) => c.cached).length,
          peak_rss_mb: process.resourceUsage().maxRSS / 1024,
        },
      );
      writeArtifact(join(opts.outDir, "demo.json"), artifact);
      if (opts.json) {
        process.stdout.write(JSON.stringify(artifact, null, 2) + "\n");
        return;
      }
      process.stdout.write(formatHumorTable(result.rows, result.scores, result.summary) + "\n\n");
      process.stdout.write(formatProbeTable(probe) + `\n(quick audit: ${auditSeconds.toFixed(1)} s; the full suite is \`foolsgold audit\`)\n\n`);
      const r = artifact.result;
      process.stdout.write(
        `${sessions} sessions simulated in ${r.seconds.simulate.toFixed(1)} s and scored in ${r.seconds.score.toFixed(1)} s ` +
          `(${r.model_calls} model calls, ${r.cache_hits} cache hits); peak memory ${r.peak_rss_mb.toFixed(0)} MB\n` +
          `wrote ${join(opts.outDir, "bank.jsonl")}, scored.jsonl and demo.json\n\n`,
      );
      process.stdout.write(formatHuntReport(hunt, 3) + `\n(quick hunt: ${huntSeconds.toFixed(1)} s, ${hunt.spent} scorer calls; the full search is \`foolsgold hunt\`)\n`);
    } finally {
      await models.close();
    }
  });
}
