// `foolsgold onset`: CHERRL step signals and the reference onset (SPEC §9, §12).
//   onset --in LOG --bias lexical [--words delve,unlock]   from a scored training log
//   onset --signals FILE [--smoothed] [--run run_A]          from per-step {step, G, M, high_n} rows
// --json prints {sweep, canonical_onset, interval, severe, reporting, ...}; --out writes the artifact;
// --mirror FILE also exports the sanitized mirror for `detect`.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { parse as parseYaml } from "yaml";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { exploitability, type Exploitability } from "../../onset/dynamics.js";
import { readJsonl, writeJsonl } from "../../core/jsonl.js";
import { BIAS_KINDS, detectBias, parseBiasKind, type BiasKind } from "../../judges/bias-detectors.js";
import { biasedScoreMax } from "../../judges/biased-judge.js";
import { analyseLog } from "../../onset/analyse-log.js";
import { readTrainingLog } from "../../onset/log-reader.js";
import { toMirror } from "../../onset/mirror.js";
import { referenceOnset, smoothSignals, type ReferenceOnset, type SmoothedSignal } from "../../onset/reference-onset.js";
import { emit } from "../output.js";
import { addInputOption } from "../flag-aliases.js";
import { progressPhases } from "../progress.js";
import { numberFlag } from "../flags.js";

interface Options {
  in?: string;
  signals?: string;
  smoothed?: boolean;
  run?: string;
  bias?: string;
  words?: string;
  wordsOnly?: boolean;
  config?: string;
  alpha: string;
  mirror?: string;
  out?: string;
  json?: boolean;
}

type Raw = Record<string, unknown>;

function readSignalRows(path: string, run: string | undefined): Raw[] {
  if (/\.(jsonl(\.gz)?|parquet)$/.test(path)) return readJsonl<Raw>(path).rows;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new InputError(path, `cannot be read as JSON (${(err as Error).message})`);
  }
  if (Array.isArray(doc)) return doc as Raw[];
  const runs = (doc as { runs?: Record<string, { per_step_signals?: Raw[] }> }).runs;
  if (runs) {
    const withSignals = Object.keys(runs).filter((k) => Array.isArray(runs[k].per_step_signals));
    if (!run) throw new InputError("--run", `${path} holds several runs; choose one with --run (${withSignals.join(", ")})`);
    const chosen = runs[run]?.per_step_signals;
    if (!chosen) throw new InputError("--run", `run "${run}" has no per_step_signals in ${path}; runs with signals: ${withSignals.join(", ")}`);
    return chosen;
  }
  throw new InputError(path, "expected JSON Lines rows {step, G, M, high_n}, a JSON array of them, or a definition file with runs.*.per_step_signals");
}

function signalOf(row: Raw, key: "G" | "M", index: number, path: string): number | null {
  const v = row[key] ?? row[`${key}_smooth`];
  if (v === null || v === undefined) return null;
  if (typeof v !== "number" || !Number.isFinite(v)) throw new InputError(`${path} row ${index + 1}`, `${key} must be a number or null, got ${JSON.stringify(v)}`);
  return v;
}

function fromSignals(path: string, opts: Options, alpha: number): ReferenceOnset & { n_steps: number; smoothing: string; smoothed: SmoothedSignal[]; exploitability: Exploitability | null } {
  const rows = readSignalRows(path, opts.run).map((row, i) => {
    if (typeof row.step !== "number") throw new InputError(`${path} row ${i + 1}`, "step must be a number");
    return { step: row.step, G: signalOf(row, "G", i, path), M: signalOf(row, "M", i, path) };
  });
  const signals = opts.smoothed ? rows : smoothSignals(rows);
  const reference = referenceOnset(signals);
  // The smoothed series travels with the result, as on the --log path, so reports and the dashboard can draw the curves.
  return {
    ...reference,
    exploitability: exploitability(signals, reference.canonical_onset, alpha),
    n_steps: rows.length,
    smoothing: opts.smoothed ? "given (already smoothed)" : "centred 5-step window, ≥ 3 valid points",
    smoothed: signals,
  };
}

interface DetectorConfig {
  bias: BiasKind;
  words: string[];
  wordsOnly: boolean;
}

function detectorConfig(opts: Options): DetectorConfig {
  let fromFile: Raw = {};
  if (opts.config) {
    try {
      fromFile = (parseYaml(readFileSync(opts.config, "utf8")) ?? {}) as Raw;
    } catch (err) {
      throw new InputError(opts.config, `cannot be read (${(err as Error).message})`);
    }
  }
  const biasText = opts.bias ?? (typeof fromFile.bias === "string" ? fromFile.bias : undefined);
  if (!biasText) throw new InputError("--bias", `the shortcut detector is required with --in: one of ${BIAS_KINDS.join(", ")} (or bias: in --config)`);
  let bias: BiasKind;
  try {
    bias = parseBiasKind(biasText, "--bias");
  } catch (err) {
    throw new InputError("--bias", (err as Error).message.replace(/^--bias: /, ""));
  }
  const words = opts.words
    ? opts.words
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean)
    : Array.isArray(fromFile.words)
      ? (fromFile.words as string[])
      : [];
  return { bias, words, wordsOnly: opts.wordsOnly ?? fromFile.wordsOnly === true };
}

function exploitabilityLine(e: Exploitability | null): string {
  if (!e) return "exploitability: undefined (no onset)";
  const after = (n: number | null) => (n === null ? "" : ` (${n} steps after onset)`);
  return `exploitability: share of rows rewarded for the shortcut (G/α) reaches 20 % at step ${e.step_at_share20 ?? "—"}${after(e.steps_from_onset_to_share20)}, 30 % at step ${e.step_at_share30 ?? "—"}${after(e.steps_from_onset_to_share30)}`;
}

function summary(r: ReferenceOnset): string {
  const lines = [
    `canonical onset: ${r.canonical_onset ?? "none (no threshold pair fired)"}  interval: ${r.interval ? `[${r.interval[0]}, ${r.interval[1]}]` : "—"}  reporting: ${r.reporting}`,
    `severe phase (G ≥ 0.30, M ≥ 50 %): ${r.severe ?? "not reached"}`,
    "sweep (gap × mech %):",
    ...r.sweep.map((s) => `  G ≥ ${s.gap.toFixed(2)}  M ≥ ${String(s.mech).padStart(2)} %  → ${s.onset ?? "—"}`),
  ];
  return lines.join("\n");
}

export function register(program: Command): void {
  addInputOption(
    program.command("onset").description("CHERRL step signals and reference hacking onset from a scored training log or precomputed signals"),
    "training log (JSONL): {step, output, score, clean_score} rows or `score --stack cherrl` output",
    { aliases: ["--log"] },
  )
    .option("--signals <file>", "per-step signals {step, G, M, high_n} (JSONL, JSON array, or the reference definition file with --run)")
    .option("--smoothed", "the --signals are already smoothed (as published); do not smooth again")
    .option("--run <name>", "run to take from a definition file (e.g. run_A)")
    .option("--bias <kind>", `shortcut detector for --in: ${BIAS_KINDS.join(", ")}`)
    .option("--words <list>", "extra lexical-bias words, comma-separated")
    .option("--words-only", "lexical bias: use only --words, not the published patterns")
    .option("--config <file>", "YAML/JSON with bias, words, wordsOnly (the cherrl stack options)")
    .option("--alpha <a>", "bias weight α of the logged judge, for the mirror's score normalisation", "0.5")
    .option("--mirror <file>", "also write the sanitized mirror (JSONL) for `detect`")
    .option("--out <file>", "write the artifact (JSON)")
    .option("--json", "print the result as JSON")
    .action((opts: Options) => {
      if (Boolean(opts.in) === Boolean(opts.signals)) throw new InputError("onset", "give exactly one of --in (a training log) or --signals");
      const alpha = numberFlag("--alpha", opts.alpha, opts.signals ? { above: 0 } : { atLeast: 0 });
      if (opts.signals) {
        const result = fromSignals(opts.signals, opts, alpha);
        emit(makeArtifact("onset", { signals: opts.signals, smoothed: Boolean(opts.smoothed), run: opts.run ?? null, alpha }, result), opts, () => [summary(result), exploitabilityLine(result.exploitability)].join("\n"));
        return;
      }
      const config = detectorConfig(opts);
      const progress = progressPhases("onset", opts.json);
      progress.phase(`reading ${opts.in}`);
      const log = readTrainingLog(opts.in!);
      progress.phase(`analysing ${log.rows.length} rows for the ${config.bias} shortcut`);
      const analysis = analyseLog(log.rows, (output, input) => detectBias(config.bias, output, { words: config.words, wordsOnly: config.wordsOnly, prompt: input }).hit, alpha);
      const result = { ...analysis, bad_lines: log.bad, skipped_rows: log.skipped };
      const artifact = makeArtifact("onset", { log: opts.in, detector: config, alpha }, result);
      const finish = (): void =>
        emit(artifact, opts, () =>
          [
            `${analysis.n_rows} rows over ${analysis.n_steps} steps (${log.bad.length} malformed lines, ${log.skipped.length} unusable rows skipped); shortcut: ${config.bias}`,
            summary(analysis),
            analysis.entanglement
              ? `entanglement (first 60 steps): OR ${analysis.entanglement.oddsRatio.toFixed(2)} [${analysis.entanglement.ci[0].toFixed(2)}, ${analysis.entanglement.ci[1].toFixed(2)}] 95% CI, n = ${analysis.entanglement.n}`
              : "entanglement: undefined (no rows with, or none without, the shortcut in the first 60 steps)",
            exploitabilityLine(analysis.exploitability),
          ].join("\n"),
        );
      if (opts.mirror) {
        progress.phase(`writing the mirror ${opts.mirror}`);
        return writeJsonl(opts.mirror, toMirror(log.rows, biasedScoreMax(alpha, "additive"))).then(finish);
      }
      finish();
    });
}
