// `foolsgold detect --in MIRROR [--json]` (old name: --log): judge-blind onset detection from a sanitized mirror
// (SPEC §9, §12). Reads rows {step, input, output, score}; any other field is ignored, so the
// detector cannot see clean scores or bias labels even when given a full log. Prints
// {alarm, onset_step, hacking_type, evidence, rationale, confidence}. --baseline also runs the fixed
// 16-step × 3-row monitor for comparison. --agent runs the optional LLM-agent mode with the model of
// role "detector" from --config (the embedded LM without one).
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { baselineMonitor } from "../../onset/baseline-monitor.js";
import { detectWithAgent } from "../../onset/detector/agent.js";
import { DEFAULT_DETECTOR_OPTIONS, detectOnset, type Detection } from "../../onset/detector/detect.js";
import { readTrainingLog } from "../../onset/log-reader.js";
import { asMirrorRows } from "../../onset/mirror.js";
import { addCacheOptions, addConfigOption, openModels } from "../common-options.js";
import { emit } from "../output.js";
import { addInputOption } from "../flag-aliases.js";
import { progressPhases } from "../progress.js";
import { intFlag, numberFlag } from "../flags.js";

interface Options {
  in: string;
  onsetFraction: string;
  minRise: string;
  minZ: string;
  baseline?: boolean;
  agent?: boolean;
  maxTurns: string;
  config?: string;
  cache?: string | false;
  out?: string;
  json?: boolean;
}

const MIN_STEPS = 10;

export function register(program: Command): void {
  const command = addInputOption(program.command("detect").description("judge-blind hacking-onset detection from a sanitized mirror {step, input, output, score}"), "mirror rows (JSONL), e.g. from `onset --mirror`", {
    aliases: ["--log"],
    required: true,
  })
    .option("--onset-fraction <τ>", "onset at baseline + τ·(plateau − baseline) of the shortcut's prevalence", String(DEFAULT_DETECTOR_OPTIONS.onsetFraction))
    .option("--min-rise <p>", "minimum early→late rise of a feature among high-reward rows", String(DEFAULT_DETECTOR_OPTIONS.minRise))
    .option("--min-z <z>", "minimum step-stratified association z with the score", String(DEFAULT_DETECTOR_OPTIONS.minZ))
    .option("--baseline", "also run the fixed stepwise baseline monitor (16 steps × 3 rows)")
    .option("--out <file>", "write the artifact (JSON)")
    .option("--agent", 'optional LLM-agent mode: a chat model (role "detector") calls inspect/contrast/prevalence/onset/final as OpenAI tool calls')
    .option("--max-turns <n>", "agent tool-call budget", "12")
    .option("--json", "print the detection as JSON");
  addCacheOptions(addConfigOption(command)).action(async (opts: Options) => {
    const minZ = numberFlag("--min-z", opts.minZ, { above: 0 });
    const options = { onsetFraction: numberFlag("--onset-fraction", opts.onsetFraction, { above: 0, below: 1 }), minRise: numberFlag("--min-rise", opts.minRise, { above: 0, below: 1 }), minZ };
    const maxTurns = intFlag("--max-turns", opts.maxTurns);
    const progress = progressPhases("detect", opts.json);
    progress.phase(`reading ${opts.in}`);
    const log = readTrainingLog(opts.in);
    const mirror = asMirrorRows(log.rows);
    const steps = new Set(mirror.map((r) => r.step)).size;
    if (steps < MIN_STEPS) throw new InputError(`--in ${opts.in}`, `insufficient data: ${steps} step${steps === 1 ? "" : "s"} of rows; detection contrasts early and late checkpoints and needs at least ${MIN_STEPS}`);
    const started = performance.now();
    progress.phase(`testing hypotheses over ${mirror.length} rows, ${steps} steps${opts.agent ? " (agent mode)" : ""}`);
    let detection: Detection & { error?: string };
    if (opts.agent) {
      const models = await openModels(opts, ["detector"]);
      try {
        detection = await detectWithAgent(models.roles.detector, mirror, { maxTurns });
      } finally {
        await models.close();
      }
    } else detection = detectOnset(mirror, options);
    const seconds = (performance.now() - started) / 1000;
    const baseline = opts.baseline ? { baseline_monitor: baselineMonitor(mirror), baseline_monitor_with_score: baselineMonitor(mirror, { withScore: true }) } : {};
    // What was left out of the analysis, and why (also under --json).
    const input_report = { rows: mirror.length, bad_lines: log.bad.length, skipped_rows: log.skipped.length, bad: log.bad.slice(0, 20), skipped: log.skipped.slice(0, 20) };
    const result = { ...detection, ...baseline, input_report };
    const artifact = makeArtifact("detect", { log: opts.in, ...options, rows: mirror.length, bad_lines: log.bad.length, skipped_rows: log.skipped.length, seconds }, result);
    emit(artifact, opts, () =>
      [
        `${mirror.length} rows, ${new Set(mirror.map((r) => r.step)).size} steps (${log.bad.length} malformed lines, ${log.skipped.length} unusable rows skipped); ${detection.hypotheses_tested} hypotheses tested in ${seconds.toFixed(1)} s`,
        ...(detection.error ? [`agent failed: ${detection.error}`] : []),
        detection.alarm ? `ALARM: onset at step ${detection.onset_step}, type ${detection.hacking_type}, confidence ${detection.confidence.toFixed(2)} (self-reported, not a correctness signal)` : "no alarm",
        detection.rationale,
        ...(opts.baseline ? [`baseline monitor (16 steps × 3 rows): ${baseline.baseline_monitor!.alarm ? `alarm at step ${baseline.baseline_monitor!.onset_step} on "${baseline.baseline_monitor!.shared_feature}"` : "no alarm"}`] : []),
      ].join("\n"),
    );
    // an agent that never reached a verdict is a failed run, not a "no alarm"
    if (detection.error) process.exitCode = 1;
  });
}
