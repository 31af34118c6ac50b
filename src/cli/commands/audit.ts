// `foolsgold audit`: run an audit suite (SPEC §5, §12) — bait-suffix probe with its forest plot, bait
// fuzzer, adversarial transforms, noise, contamination, and, given a GRPO log, group-centred regression,
// advantage-variance decomposition, candidate validation and training-time guards. Writes one JSON
// report (--out), the figure (--figure), and prints a summary; progress bars on stderr.
// With --stack NAME --in BANK it audits any bank stack instead (prose, vrcli, …): the transforms
// (truncation, repetition, word shuffle, laughter) against the reward and each of its terms.
import type { Command } from "commander";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { parse as parseYaml } from "yaml";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { readJsonl } from "../../core/jsonl.js";
import type { TranscriptRow } from "../../core/types.js";
import { simulatedBank } from "../../audit/contexts.js";
import { forestPlotSvg } from "../../audit/forest-plot.js";
import { formatAuditReport } from "../../audit/format.js";
import type { LogRow } from "../../audit/log-rows.js";
import { replyItemsFromDialogues, replyItemsFromTranscripts } from "../../audit/replies.js";
import { parseSuffixList } from "../../audit/suffixes.js";
import { parseLabels } from "../../audit/labels.js";
import { AUDITS, auditConfig, runAuditSuite, type AuditConfigInput, type AuditName } from "../../audit/suite.js";
import { editContextFor, formatStackTransformAudit, runStackTransformAudit, STACK_TRANSFORMS, type TransformName as StackTransformName } from "../../audit/stack-transforms.js";
import type { BankRow } from "../../core/types.js";
import { openScorer, parseOptionFlags } from "../../stacks/open.js";
import type { Scorer } from "../../stacks/types.js";
import { emit } from "../output.js";
import { addCommonOptions, addRewardOption, openModels } from "../common-options.js";
import { readTrainerRows } from "../../stacks/rewards/rows.js";
import { progressBar, type Progress } from "../progress.js";
import { addInputOption } from "../flag-aliases.js";
import { intFlag, optionalIntFlag } from "../flags.js";

interface Options {
  in?: string;
  audits?: string;
  plan?: string;
  bank?: string;
  sessions: string;
  contexts?: string;
  log?: string;
  dialogues?: string;
  suffixes?: string;
  paths?: string;
  term?: string;
  figure?: string;
  out?: string;
  json?: boolean;
  config?: string;
  cache?: string | false;
  stack?: string;
  reward?: string;
  rows?: string;
  transforms?: string;
  option?: string[];
  dictionary?: string;
  labels?: string;
  scan?: string;
  guardBaseline?: string;
  expectedTurns?: string;
  guardThresholds?: string;
}

function readStructured(path: string, flag: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new InputError(flag, `cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    return path.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new InputError(flag, `${path} is not valid ${path.endsWith(".json") ? "JSON" : "YAML/JSON"}: ${(err as Error).message}`);
  }
}

/** The plan file (if any) with the flags on top; validated as one config. */
export function auditPlan(opts: Options): AuditConfigInput {
  const plan = (opts.plan ? readStructured(opts.plan, "--plan") : {}) as Record<string, unknown>;
  if (plan === null || typeof plan !== "object" || Array.isArray(plan)) throw new InputError("--plan", "expected a mapping of audit settings");
  const merged: Record<string, unknown> = { ...plan };
  if (opts.audits) {
    const names = opts.audits
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = names.find((n) => !(AUDITS as readonly string[]).includes(n));
    if (unknown) throw new InputError("--audits", `unknown audit "${unknown}" (known: ${AUDITS.join(", ")})`);
    merged.audits = names as AuditName[];
  }
  const contexts = optionalIntFlag("--contexts", opts.contexts, { min: 2 });
  if (contexts !== undefined) merged.contexts = contexts;
  if (opts.paths) merged.paths = opts.paths.split(",").map((s) => s.trim());
  if (opts.term) merged.term = opts.term;
  if (opts.guardBaseline !== undefined || opts.expectedTurns !== undefined || opts.guardThresholds !== undefined) {
    const g = { ...((plan.training_guards as Record<string, unknown> | undefined) ?? {}) };
    if (opts.guardBaseline !== undefined) g.baseline = opts.guardBaseline;
    const turns = optionalIntFlag("--expected-turns", opts.expectedTurns);
    if (turns !== undefined) g.expected_turns = turns;
    if (opts.guardThresholds !== undefined) {
      let levels: unknown;
      try {
        levels = JSON.parse(opts.guardThresholds);
      } catch (err) {
        throw new InputError("--guard-thresholds", `expected JSON such as '{"stop":{"strict_laughter_rise_pp":3}}' (${(err as Error).message})`);
      }
      if (levels === null || typeof levels !== "object" || Array.isArray(levels)) throw new InputError("--guard-thresholds", "expected an object with inspect and/or stop");
      for (const [level, v] of Object.entries(levels as Record<string, unknown>)) {
        if (level !== "inspect" && level !== "stop") throw new InputError("--guard-thresholds", `unknown level "${level}" (inspect or stop)`);
        g[level] = { ...((g[level] as Record<string, unknown> | undefined) ?? {}), ...(v as Record<string, unknown>) };
      }
    }
    merged.training_guards = g;
  }
  const parsed = auditConfig.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`audit plan ${issue.path.join(".") || "(root)"}`, issue.message);
  }
  return merged as AuditConfigInput;
}

export function register(program: Command): void {
  const command = program
    .command("audit")
    .description("audit a reward: bait-suffix probe + forest plot, bait fuzzer, transforms (AUC), noise, contamination; with --log: regression, variance, guards, validation")
    .option("--audits <list>", `comma-separated, from: ${AUDITS.join(", ")} (default probe,fuzz,transforms,noise,contamination)`)
    .option("--plan <file>", "audit plan (YAML/JSON): audits, contexts, paths, taste, fuzz, transforms, noise, contamination, term, preset")
    .option("--sessions <n>", "sessions to simulate when no --bank is given", "100")
    .option("--contexts <n>", "probe contexts (policy turns; default 100)")
    .option("--log <file>", "GRPO rollout log: transcript rows with group_id and step (scored or not)")
    .option("--dialogues <file>", "dialogue corpus (JSONL[.gz] rows {turns: string[]}) for the transform audit's real replies")
    .option("--suffixes <file>", "bait suffixes: a JSON array of strings or {text, label?, control?}")
    .option("--paths <list>", "scoring paths, reference first (raw, v1, v2, v3 or MODE:VOCAB; default raw,v2)")
    .option("--term <name>", "session term for the regression/validation (a key of score.terms; default taste)")
    .option("--figure <file>", "write the probe's forest plot (SVG) here")
    .option("--stack <name>", "audit this bank stack (prose, vrcli, …) with the transforms instead of the humor suite; needs --rows")
    .option("--transforms <list>", `with --stack: comma-separated, from: ${STACK_TRANSFORMS.join(", ")} (default truncation,repetition,word-shuffle)`)
    .option("--option <key=value...>", "with --stack: stack option (JSON value), as in `score`")
    .option("--dictionary <file>", "with --stack prose: slop dictionary (same as --option dictionary=FILE)")
    .option("--labels <file>", "adjudicator labels (JSONL {turns, speaker?, a, b, label: a|b|tie}) for validating a candidate scored from text (--term surprise_gate or fluency)")
    .option("--scan <files>", "uncovered-token scan: comma-separated banks / training dumps (JSONL transcripts; default the --bank)")
    .option("--guard-baseline <file>", "training guards: compare every step with this bank instead of the first step")
    .option("--expected-turns <n>", "training guards: policy turns of a complete session (default 10)")
    .option("--guard-thresholds <json>", `training guards: thresholds per level, e.g. '{"inspect":{"strict_laughter_rise_pp":1},"stop":{"zero_cert_rise":5}}'`);
  addRewardOption(command);
  addInputOption(command, "rows to audit: transcripts (JSONL) run the humor suite on them (default: simulate sessions offline); bank rows {id, output, prompt?, group_id?} run the stack transforms with --stack or the config's stack", {
    aliases: ["--bank", "--rows"],
  });
  addCommonOptions(command).action(async (opts: Options) => {
    routeInput(opts);
    if (opts.stack !== undefined || opts.reward !== undefined || opts.rows !== undefined) return auditStack(opts);
    const plan = auditPlan(opts);
    const config = auditConfig.parse(plan);
    const suffixes = opts.suffixes ? parseSuffixList(readStructured(opts.suffixes, "--suffixes"), opts.suffixes) : undefined;
    const bank = opts.bank ? readJsonl<TranscriptRow>(opts.bank).rows : await simulatedBank(intFlag("--sessions", opts.sessions));
    if (opts.bank && bank.length === 0) throw new InputError("--in", `${opts.bank} is empty: the probes need transcripts with policy turns`);
    const log = opts.log ? readJsonl<LogRow>(opts.log).rows : undefined;
    const scan = opts.scan
      ? opts.scan
          .split(",")
          .map((f) => f.trim())
          .filter(Boolean)
          .map((name) => ({ name, rows: readJsonl<TranscriptRow>(name).rows }))
      : undefined;
    const labels = opts.labels ? parseLabels(readJsonl<unknown>(opts.labels).rows, opts.labels) : undefined;
    const baselinePath = config.training_guards.baseline;
    const baseline = baselinePath ? readJsonl<TranscriptRow>(baselinePath).rows : undefined;
    if (baseline && baseline.length === 0) throw new InputError("training_guards.baseline", `${baselinePath} holds no transcripts`);
    const replies = opts.dialogues ? replyItemsFromDialogues(readJsonl<{ turns?: unknown }>(opts.dialogues).rows, config.transforms.replies) : replyItemsFromTranscripts(bank, config.transforms.replies);
    const replySource = opts.dialogues ?? (opts.bank ? `policy turns of ${opts.bank}` : "policy turns of the simulated bank (line-bank lines)");
    const models = await openModels(opts, ["audience", "embedder"]);
    const bars = new Map<string, Progress>();
    try {
      const report = await runAuditSuite(
        plan,
        { bank, log, replies, replySource, suffixes, labels, baseline, scan },
        { audience: models.roles.audience, embedder: models.roles.embedder, generator: models.roles.generator },
        (audit, done, total) => {
          let bar = bars.get(audit);
          if (!bar) {
            for (const b of bars.values()) b.stop();
            bar = progressBar(audit, total, opts.json);
            bars.set(audit, bar);
          }
          bar.update(done);
        },
      );
      for (const b of bars.values()) b.stop();
      if (opts.figure && report.probe) {
        mkdirSync(dirname(opts.figure), { recursive: true });
        writeFileSync(opts.figure, forestPlotSvg(report.probe));
      }
      const artifact = makeArtifact("audit", { plan, bank: opts.bank ?? `simulated (${bank.length} sessions, seed set demo)`, log: opts.log ?? null, replies: replySource, models: models.describe(), figure: opts.figure ?? null }, report);
      emit(artifact, opts, () => formatAuditReport(report) + (opts.figure ? `\n\nforest plot: ${opts.figure}` : "") + (opts.out ? `\nreport: ${opts.out}` : ""));
    } finally {
      for (const b of bars.values()) b.stop();
      await models.close();
    }
  });
}

/**
 * `--in FILE` (or its old names `--bank` for transcripts, `--rows` for bank rows): with --stack, or when
 * its rows are not transcripts, the stack transforms audit the file; otherwise the humor suite does.
 */
function routeInput(opts: Options): void {
  if (opts.in === undefined || opts.bank !== undefined || opts.rows !== undefined) return;
  const transcripts = opts.stack === undefined && opts.reward === undefined && readJsonl<{ turns?: unknown }>(opts.in).rows.every((r) => Array.isArray(r?.turns));
  if (transcripts) opts.bank = opts.in;
  else opts.rows = opts.in;
}

/** `audit --stack NAME --in BANK`: the transforms against a bank stack's reward and each of its terms. */
async function auditStack(opts: Options): Promise<void> {
  // The stack comes from --stack or the config's `stack` (openScorer says so when neither names one).
  if (!opts.rows) throw new InputError("--in", `auditing the "${opts.stack ?? opts.reward}" stack needs bank rows to transform: --in FILE`);
  const transforms = (opts.transforms ?? "truncation,repetition,word-shuffle")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = transforms.find((t) => !(STACK_TRANSFORMS as readonly string[]).includes(t));
  if (unknown !== undefined || transforms.length === 0) throw new InputError("--transforms", `unknown transform "${unknown ?? ""}" (known: ${STACK_TRANSFORMS.join(", ")})`);
  const rows = opts.reward !== undefined ? readTrainerRows(opts.rows) : readJsonl<BankRow>(opts.rows).rows;
  rows.forEach((r, i) => {
    if (typeof r.output !== "string") throw new InputError(`${opts.rows} row ${i + 1}`, 'needs a string "output"');
  });
  const overrides = parseOptionFlags(opts.option);
  if (opts.dictionary) overrides.dictionary = opts.dictionary;
  const opened = await openScorer({ ...opts, overrides });
  try {
    const report = await runStackTransformAudit(opened.scorer as Scorer<BankRow>, rows, transforms as StackTransformName[], 0, editContextFor(opened.definition, overrides));
    const artifact = makeArtifact("audit", { stack: opened.stack, rows: opts.rows, transforms, options: overrides, models: opened.models.describe() }, { stack_transforms: report });
    emit(artifact, opts, () => formatStackTransformAudit(report) + (opts.out ? `\nreport: ${opts.out}` : ""));
  } finally {
    await opened.close();
  }
}
