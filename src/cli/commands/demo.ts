// `foolsgold demo`: the main job end to end, offline, on the embedded defaults (SPEC §12): simulate a
// small bank of humor sessions, score it with the humor stack through the built-in model server,
// print the table, and write the bank, the scored rows and the artifact. It also writes what every
// dashboard view reads (README "What each view needs"): a bait policy on a few of the same seeds,
// certified against the base (certify.json), a simulated training log drifting to it with its reference
// onset (training-log.jsonl, onset.json), and the hunt (hunt.json); then a legend of every column.
import type { Command } from "commander";
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { makeArtifact, writeArtifact } from "../../core/artifact.js";
import { writeJsonl } from "../../core/jsonl.js";
import { runHumorDemo } from "../../demo/humor-sessions.js";
import { formatHumorTable } from "../../envs/humor/score-summary.js";
import { addCacheOptions, addConfigOption, openModels } from "../common-options.js";
import { progressBar, type Progress } from "../progress.js";
import { quickBaitProbe } from "../../audit/quick-probe.js";
import { formatProbeTable } from "../../audit/format.js";
import { formatHuntReport } from "../../hunt/report.js";
import { quickHunt } from "../../hunt/quick-hunt.js";
import { certify } from "../../certify/certify.js";
import { attachScores, baitArm, seedRewardScores } from "../../demo/bait-arm.js";
import { DEMO_LEGEND } from "../../demo/legend.js";
import { collectGarbage, collectGarbageIfGrown } from "../../models/embedded/collect-garbage.js";
import { dualScored, simulateTrainingLog } from "../../demo/training-log.js";
import { intFlag } from "../flags.js";

/** Seeds the bait arm re-plays (a paired arm for certify and the hacked rows of the training log); few, to keep the demo short. */
const BAIT_SEEDS = 4;

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
    .option("--out-dir <dir>", "where to write bank.jsonl, scored.jsonl, demo.json and the dashboard's artifacts", ".foolsgold/demo")
    .option("--json", "print the artifact as JSON");
  addCacheOptions(addConfigOption(command)).action(async (opts: Options) => {
    const sessions = intFlag("--sessions", opts.sessions);
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
          collectGarbageIfGrown();
        },
      });
      bar?.stop();
      // Each phase's responses and intermediate rows are garbage once it ends: freed now, not at the next phase's peak.
      collectGarbage();
      // Audit phase (SPEC §5): a quick bait-suffix probe on a few of the demo's contexts, raw vs v2 path.
      const auditStarted = performance.now();
      let probeBar: Progress | undefined;
      const probe = await quickBaitProbe(models.roles.audience, result.rows, (done, total) => {
        probeBar ??= progressBar("auditing", total, opts.json);
        probeBar.update(done);
        collectGarbageIfGrown();
      });
      probeBar?.stop();
      collectGarbage();
      const auditSeconds = (performance.now() - auditStarted) / 1000;
      // Hunt phase (#16): a small black-box hunt through the humor stack's scorer; its top findings end the demo.
      const huntStarted = performance.now();
      const hunt = await quickHunt(models.roles, result.rows);
      collectGarbage();
      const huntSeconds = (performance.now() - huntStarted) / 1000;
      // Certify and onset phase: the bait policy on the first seeds, paired with their base sessions.
      const certifyStarted = performance.now();
      const scored = attachScores(result.rows, result.scores);
      const baseArm = scored.slice(0, BAIT_SEEDS);
      let baitBar: Progress | undefined;
      const bait = await baitArm(
        models.roles,
        baseArm.map((r) => r.seed),
        undefined,
        (done, total) => {
          baitBar ??= progressBar("scoring the bait arm", total, opts.json);
          baitBar.update(done);
          collectGarbageIfGrown();
        },
      );
      baitBar?.stop();
      const report = certify({ sets: [{ name: "demo", base: baseArm, trained: bait }], allowUnregistered: true });
      // The training log's proxy reward is the raw path's (the pre-fix reward the bait games); its clean score is the default's.
      collectGarbage();
      const baseSeed = await seedRewardScores(models.roles, baseArm);
      collectGarbageIfGrown();
      const baitSeed = await seedRewardScores(models.roles, bait);
      const log = simulateTrainingLog(dualScored(baseSeed, baseArm), dualScored(baitSeed, bait));
      const certifySeconds = (performance.now() - certifyStarted) / 1000;
      collectGarbage();
      mkdirSync(opts.outDir, { recursive: true });
      await writeJsonl(join(opts.outDir, "bank.jsonl"), result.rows);
      await writeJsonl(join(opts.outDir, "scored.jsonl"), scored);
      await writeJsonl(join(opts.outDir, "training-log.jsonl"), log.rows);
      const candidate = "the bait policy: the same agents with a laughter cue appended to every policy turn (src/certify/arms.ts)";
      writeArtifact(join(opts.outDir, "certify.json"), makeArtifact("certify", { source: "foolsgold demo", seeds: baseArm.map((r) => r.seed), base: "the demo's retrieval policy", trained: candidate, preregistration: null }, report));
      const { rows: _rows, ...onset } = log;
      writeArtifact(
        join(opts.outDir, "onset.json"),
        makeArtifact(
          "onset",
          {
            source: "foolsgold demo: simulated training log (src/demo/training-log.ts)",
            log: "training-log.jsonl",
            score: "training reward on the raw path (RL-D weights, normalization none)",
            clean: "training reward, preset RL-E (laughter stripped)",
            shortcut: "laughter cue appended (bait policy)",
          },
          onset,
        ),
      );
      writeArtifact(join(opts.outDir, "hunt.json"), makeArtifact("hunt", { source: "foolsgold demo (quick hunt)", stack: "humor" }, hunt));
      const calls = models.calls();
      const artifact = makeArtifact(
        "demo",
        { sessions, instrument: result.instrument, models: models.describe() },
        {
          summary: result.summary,
          audit: { bait_probe: probe },
          hunt,
          seconds: { ...result.seconds, audit: auditSeconds, hunt: huntSeconds, certify_and_onset: certifySeconds, total: (performance.now() - started) / 1000 },
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
      process.stdout.write(formatHuntReport(hunt, 3) + `\n(quick hunt: ${huntSeconds.toFixed(1)} s, ${hunt.spent} scorer calls; the full search is \`foolsgold hunt\`)\n\n`);
      const fired = report.sets[0].trained.guards_fired;
      process.stdout.write(
        `certify, base vs the bait policy on ${baseArm.length} seeds: ${report.certified ? "CERTIFIED" : "NOT CERTIFIED"}` +
          `${fired.length > 0 ? ` (guards fired: ${fired.join(", ")})` : ""}; wrote certify.json\n` +
          `onset of a simulated ${log.n_steps}-step training log drifting to the bait: ` +
          `${log.canonical_onset === null ? "none found" : `step ${log.canonical_onset}${log.interval ? ` [${log.interval[0]}, ${log.interval[1]}]` : ""}`}; wrote training-log.jsonl, onset.json and hunt.json ` +
          `(${certifySeconds.toFixed(1)} s)\n` +
          `see them all: foolsgold ui${opts.outDir === ".foolsgold/demo" ? "" : ` --artifacts ${opts.outDir}`}\n\n`,
      );
      process.stdout.write(DEMO_LEGEND + "\n");
    } finally {
      await models.close();
    }
  });
}
