// `foolsgold certify`: paired A/B certification with pre-registered bars and guards (SPEC §6); the run
// itself is src/certify/run.ts. `foolsgold certify verify CERT.json` recomputes a certificate from its
// recorded inputs and says VALID or names what differs.
// Exit status: 0 certified (verify: VALID), 1 not certified, 2 unusable input, 3 evidence changed since
// the rollouts (pre-registration, instrument, registry, transcripts, stored scores, cache, certificate).
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { InputError } from "../../core/errors.js";
import { cacheCheckFraction, CacheDisagrees } from "../../certify/cache-check.js";
import { formatBankCertifyReport } from "../../certify/bank-arms.js";
import { formatCertifyReport } from "../../certify/format.js";
import { ScoresDisagree } from "../../certify/from-text.js";
import { PreregistrationMismatch } from "../../certify/preregistration.js";
import { preregLogPath, ProvenanceRefused, readAnchors } from "../../certify/registry.js";
import { runCertification, type CertifyInputs, type CertifyResult } from "../../certify/run.js";
import { CertificateDiffers, verifyCertificate } from "../../certify/verify-certificate.js";
import type { Artifact } from "../../core/artifact.js";
import { addCacheOptions, addConfigOption } from "../common-options.js";
import { ExitCode } from "../index.js";
import { emit } from "../output.js";
import { progressBar, type Progress } from "../progress.js";
import { intFlag } from "../flags.js";

interface Options {
  prereg?: string;
  allowUnregistered?: boolean;
  base?: string;
  trained?: string;
  bait?: string | boolean;
  replication: string[];
  set?: string;
  replications?: string;
  limit: string;
  turns: string;
  bestOf: string;
  policy: string;
  trainedPolicy?: string;
  partner: string;
  registry?: string;
  preregLog?: string;
  policySpeaker?: string;
  banksDir?: string;
  stack?: string;
  reward?: string;
  stackOptions?: string;
  revisedOptions?: string;
  concurrency: string;
  config?: string;
  cache?: string | false;
  cacheCheck?: string;
  anchor: string[];
  anchorFile?: string;
  out?: string;
  json?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function jsonOption(text: string | undefined, flag: string): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text);
    if (v === null || typeof v !== "object" || Array.isArray(v)) throw new Error("not an object");
    return v as Record<string, unknown>;
  } catch (err) {
    throw new InputError(flag, `expected a JSON object of instrument options, e.g. '{"preset":"RL-C"}' (${(err as Error).message})`);
  }
}

/** The flags as the inputs a certification is computed from (and recomputed by `certify verify`). */
function inputsOf(opts: Options): CertifyInputs {
  const banksMode = opts.base !== undefined || opts.trained !== undefined;
  if (banksMode && opts.bait === true) throw new InputError("--bait", "in banks mode, name the bait bank: --bait BAIT.jsonl");
  return {
    prereg: opts.prereg,
    allow_unregistered: opts.allowUnregistered ?? false,
    prereg_log: preregLogPath(opts.preregLog),
    ...(banksMode ? { base: opts.base, trained: opts.trained, ...(typeof opts.bait === "string" ? { bait: opts.bait } : {}) } : {}),
    replication: opts.replication,
    ...(banksMode
      ? {}
      : {
          rollout: {
            set: opts.set,
            replications: opts.replications
              ?.split(",")
              .map((s) => s.trim())
              .filter(Boolean),
            limit: intFlag("--limit", opts.limit, { min: 2 }),
            turns: intFlag("--turns", opts.turns),
            best_of: intFlag("--best-of", opts.bestOf),
            policy: opts.policy,
            trained_policy: opts.trainedPolicy,
            partner: opts.partner,
            bait: opts.bait !== false,
          },
        }),
    banks_dir: opts.banksDir,
    seed_registry: opts.registry,
    stack: opts.stack,
    reward: opts.reward,
    config: opts.config,
    stack_options: { ...jsonOption(opts.stackOptions, "--stack-options"), ...(opts.policySpeaker ? { policy_speaker: opts.policySpeaker } : {}) },
    revised_options: jsonOption(opts.revisedOptions, "--revised-options"),
    cache: opts.cache,
    cache_check: cacheCheckFraction(opts.cacheCheck),
    anchors: [...opts.anchor, ...(opts.anchorFile ? readAnchors(opts.anchorFile) : [])],
    concurrency: intFlag("--concurrency", opts.concurrency),
  };
}

/** Refusals because the evidence changed exit 3, with their one-line cause. */
async function evidenceGuarded(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (err) {
    if (err instanceof PreregistrationMismatch || err instanceof ProvenanceRefused || err instanceof ScoresDisagree || err instanceof CacheDisagrees || err instanceof CertificateDiffers) {
      process.stderr.write(`foolsgold: ${err.message}\n`);
      throw new ExitCode(3);
    }
    throw err;
  }
}

function progressHooks(quiet: boolean | undefined) {
  // One bar per step (rolling out, scoring, rescoring); plain lines every few seconds outside a terminal.
  const bars = new Map<string, Progress>();
  const stopProgress = (): void => bars.forEach((b) => b.stop());
  const progress = (label: string) => (done: number, total: number) => {
    let bar = bars.get(label);
    if (!bar) {
      stopProgress();
      bar = progressBar(label, total, quiet);
      bars.set(label, bar);
    }
    bar.update(done);
  };
  return { progress, stopProgress, warn: (m: string) => void process.stderr.write(`warning: ${m}\n`) };
}

function revisionLines(result: Pick<CertifyResult, "bindings">): string {
  const revised = result.bindings.banks.filter((b) => (b.revisions ?? 0) > 0);
  return revised.map((b) => `\nREVISED: ${b.label} was recorded ${b.revisions! + 1} times; certified on its latest record (entry ${b.rollout_seq}), as the pre-registration allows`).join("");
}

function answersLine(result: Pick<CertifyResult, "bindings">): string {
  const a = result.bindings.model_answers;
  const head = result.bindings.registry?.head;
  return (
    (a.mode === "recomputed" ? "\nmodel answers: recomputed (no cache read)" : `\nmodel answers: response cache checked, ${a.checked} of ${a.cache_hits} cached answers recomputed (fraction ${a.fraction}), no mismatch`) +
    (head ? `\nregistry head: ${head.length}:${head.hash} (keep it; certify verify checks the log still holds it)` : "")
  );
}

export function register(program: Command): void {
  const command = program
    .command("certify")
    .description("paired A/B certification of a trained policy against its base, with pre-registered bars and guards")
    .option("--prereg <file>", "pre-registration (YAML/JSON): hypothesis, config changes, bars, guard thresholds")
    .option("--allow-unregistered", "report without a pre-registration (never certifies)")
    .option("--base <bank>", "base arm transcripts (JSONL), or bank rows for a bank stack or --reward; with --trained, certify these banks instead of rolling out")
    .option("--trained <bank>", "trained arm transcripts (JSONL), same seeds as --base; bank rows: same prompts (else ids)")
    .option("--bait [bank]", "bait arm transcripts (banks mode); in rollout mode a bait arm is rolled out by default")
    .option("--no-bait", "roll out no bait arm")
    .option("--replication <name=base,trained>", "a pre-registered replication on disjoint seeds (repeatable)", collect, [])
    .option("--prereg-log <file>", "pre-registration registry (default $FOOLSGOLD_PREREG_LOG, else .foolsgold/prereg-log.jsonl)")
    .option("--anchor <seq:hash>", "a registry head kept elsewhere; refused when the log no longer holds it (repeatable)", collect, [])
    .option("--anchor-file <file>", "a file of registry heads (prereg --anchor-file writes one); each must still be in the log")
    .option("--policy-speaker <name>", "speaker of the policy's turns (the instrument's policy_speaker; default policy)")
    .option("--set <name>", "rollout mode: primary seed set (default: the pre-registration's seed_set, else demo)")
    .option("--replications <names>", "rollout mode: comma-separated replication seed sets (default: the pre-registration's)")
    .option("--limit <n>", "rollout mode: sessions per seed set", "40")
    .option("--turns <n>", "rollout mode: policy turns per session", "10")
    .option("--best-of <n>", "rollout mode: N of the best-of-N trained arm", "4")
    .option("--policy <agent>", 'base policy: retrieval (line bank) or model (role "policy")', "retrieval")
    .option("--trained-policy <agent>", 'trained policy: model (role "trained"); default best-of-N of the base policy')
    .option("--partner <agent>", 'frozen partner: retrieval or model (role "partner")', "retrieval")
    .option("--registry <file>", "seed-set registry JSON (default: the built-in one)")
    .option("--banks-dir <dir>", "write the stamped, scored banks here (<set>.<arm>.jsonl); certify verify reads them")
    .option("--stack <name>", "the instrument's stack (default: the config's, else humor); must be the registered one")
    .option("--reward <spec>", "an external reward as the instrument (python:F.py:FN, http://…, cmd:…, judge:F.yaml), instead of --stack")
    .option("--stack-options <json>", "instrument options on top of the config's; must resolve to the registered instrument")
    .option("--revised-options <json>", "rescore the primary banks with these option changes and report scorer sensitivity (default: the pre-registration's scorer_revision)")
    .option("--cache-check <fraction>", "share of cached model answers recomputed and compared (at least 0.1; any mismatch refuses); --no-cache recomputes all", "0.1")
    .option("--concurrency <n>", "sessions in flight", "4")
    .option("--out <file>", "write the JSON artifact here")
    .option("--json", "print the result as JSON")
    .addHelpText(
      "after",
      "\nExit status: 0 certified, 1 not certified (bars missed, guards fired, parts missing), 2 unusable input, 3 evidence changed since the rollouts (pre-registration, instrument, registry, transcripts, stored scores or response cache).",
    );
  addCacheOptions(addConfigOption(command)).action((opts: Options) =>
    evidenceGuarded(async () => {
      const hooks = progressHooks(opts.json);
      const { artifact, report } = await runCertification(inputsOf(opts), hooks);
      emit(artifact, opts, () => ("arms" in report ? formatBankCertifyReport(report) : formatCertifyReport(report)) + revisionLines(artifact.result) + answersLine(artifact.result));
      if (!report.certified) throw new ExitCode(1);
    }),
  );

  addCacheOptions(command.command("verify <certificate>"))
    .description("recompute a certificate from its inputs (banks, registry, instrument): VALID, or what differs")
    .option("--prereg-log <file>", "the registry to check against (default: the one the certificate names)")
    .option("--json", "print the comparison as JSON")
    .addHelpText("after", "\nExit status: 0 VALID, 2 unusable input, 3 NOT VALID (the certificate, its banks or the registry changed).")
    .action((file: string, own: { preregLog?: string; cache?: string | false; json?: boolean }, verify: Command) =>
      evidenceGuarded(async () => {
        // `certify` defines the same flags, and commander gives them to it wherever they stand.
        const parent = verify.parent!.opts<{ preregLog?: string; cache?: string | false; json?: boolean }>();
        const opts = { preregLog: own.preregLog ?? parent.preregLog, cache: own.cache ?? parent.cache, json: own.json ?? parent.json };
        let stored: Artifact<CertifyResult>;
        try {
          stored = JSON.parse(readFileSync(file, "utf8"));
        } catch (err) {
          throw new InputError(file, `cannot be read as a certificate (${(err as Error).message})`);
        }
        const outcome = await verifyCertificate(stored, file, { preregLog: opts.preregLog, cache: opts.cache }, progressHooks(true));
        if (opts.json) process.stdout.write(JSON.stringify(outcome, null, 2) + "\n");
        else process.stdout.write(`${file}: VALID (recomputed from ${outcome.recomputed_from.join(", ")}: every result field identical; registry still holds head ${outcome.head})\n`);
      }),
    );
}
