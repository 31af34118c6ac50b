// `foolsgold simulate`: roll out humor sessions (SPEC §4) on a named seed set or an ad-hoc seed range.
// Writes the transcript bank (JSONL) to --out; the summary artifact goes to --artifact. Evaluations on
// seeds that overlap a training split are refused.
import type { Command } from "commander";
import { makeArtifact, writeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { hashOf } from "../../core/hash.js";
import { writeJsonl } from "../../core/jsonl.js";
import { loadPreregistration, makeStamp, preregistrationHash, stampRows } from "../../certify/preregistration.js";
import { findRegistration, ProvenanceRefused, readLog, recordRollout, verifyChain } from "../../certify/registry.js";
import { ExitCode } from "../index.js";
import { progressBar } from "../progress.js";
import { assertPreregSeedSets, preregLogPath } from "./prereg.js";
import { chatPartner, chatPolicy, retrievalPartner, retrievalPolicy, type Agent } from "../../envs/humor/agents.js";
import { loadLineBank } from "../../envs/humor/line-bank.js";
import { DEFAULT_RATES, PROVOCATION_KINDS, ratesSchema, type ProvocationKind } from "../../envs/humor/provocations.js";
import { formatRolloutSummary, summarizeRollout } from "../../envs/humor/rollout-summary.js";
import { assertEvaluationAllowed, findSeedSet, loadSeedRegistry, seedsOf, type SeedSet } from "../../envs/humor/seed-sets.js";
import { SIMULATOR_VERSION, simulateSessions } from "../../envs/humor/simulator.js";
import { addCacheOptions, addConfigOption, openModels, type ModelsForCommand } from "../common-options.js";
import { intFlag, numberFlag, optionalIntFlag } from "../flags.js";

interface Options {
  arm?: string;
  set?: string;
  offset?: string;
  size?: string;
  limit?: string;
  registry?: string;
  purpose: string;
  declare?: string;
  turns: string;
  rates?: string;
  policy: string;
  partner: string;
  temperature: string;
  concurrency: string;
  out: string;
  artifact?: string;
  json?: boolean;
  config?: string;
  cache?: string | false;
  prereg?: string;
  preregLog?: string;
}

/** "tease=0.1,joke=0.2" on top of the defaults. */
export function parseRates(text: string | undefined): Record<ProvocationKind, number> {
  const rates = { ...DEFAULT_RATES };
  if (!text) return rates;
  for (const part of text.split(",")) {
    const [key, value] = part.split("=").map((s) => s.trim());
    if (!(PROVOCATION_KINDS as readonly string[]).includes(key)) throw new InputError("--rates", `unknown provocation "${key}"; known: ${PROVOCATION_KINDS.join(", ")}`);
    const rate = Number(value);
    if (!(rate >= 0 && rate <= 1)) throw new InputError("--rates", `${key} must be a number in [0, 1], got "${value}"`);
    rates[key as ProvocationKind] = rate;
  }
  const checked = ratesSchema.safeParse(rates);
  if (!checked.success) throw new InputError("--rates", checked.error.issues[0].message);
  return rates;
}

export function register(program: Command): void {
  const command = program
    .command("simulate")
    .description("roll out humor sessions: policy and partner on a shared office task, with a seeded provocation schedule")
    .option("--set <name>", "named seed set from the registry (e.g. demo, eval6)")
    .option("--offset <n>", "first seed of an ad-hoc range (with --size)")
    .option("--size <n>", "number of seeds of an ad-hoc range")
    .option("--limit <n>", "use only the first N seeds of the set")
    .option("--registry <file>", "seed-set registry JSON (default: the built-in one)")
    .option("--purpose <kind>", "evaluation (refused on training seeds) or training", "evaluation")
    .option("--declare <sets>", "comma-separated sets an ad-hoc range overlaps on purpose")
    .option("--turns <n>", "policy turns per session", "10")
    .option("--rates <list>", `provocation rates, e.g. "tease=0.1,swear=0.05" (defaults: ${PROVOCATION_KINDS.map((k) => `${k}=${DEFAULT_RATES[k]}`).join(",")})`)
    .option("--policy <agent>", 'retrieval (line bank, default) or model (role "policy" from --config, else the embedded LM)', "retrieval")
    .option("--partner <agent>", 'retrieval (default) or model (role "partner")', "retrieval")
    .option("--temperature <t>", "sampling temperature for model agents", "0.8")
    .option("--concurrency <n>", "sessions in flight (model agents)", "4")
    .requiredOption("--out <file>", "write the transcript bank here (JSON Lines)")
    .option("--artifact <file>", "write the summary artifact (JSON) here")
    .option("--json", "print the summary as JSON")
    .option("--prereg <file>", "roll out under this registered pre-registration: stamp the bank and record its text in the registry")
    .option("--prereg-log <file>", "pre-registration registry (default $FOOLSGOLD_PREREG_LOG, else .foolsgold/prereg-log.jsonl)")
    .option("--arm <arm>", "with --prereg: the arm this bank is (base, trained or bait); certify binds the bank to it");
  addCacheOptions(addConfigOption(command)).action(async (opts: Options) => {
    try {
      await simulate(opts);
    } catch (err) {
      if (err instanceof ProvenanceRefused) {
        process.stderr.write(`foolsgold: ${err.message}\n`);
        throw new ExitCode(3);
      }
      throw err;
    }
  });
}

async function simulate(opts: Options): Promise<void> {
  const offset = optionalIntFlag("--offset", opts.offset, { min: 0 });
  const size = optionalIntFlag("--size", opts.size);
  const limit = optionalIntFlag("--limit", opts.limit);
  const policyTurns = intFlag("--turns", opts.turns);
  const temperature = numberFlag("--temperature", opts.temperature, { atLeast: 0, atMost: 2 });
  const concurrency = intFlag("--concurrency", opts.concurrency);
  const prereg = opts.prereg ? loadPreregistration(opts.prereg) : undefined;
  const registry = loadSeedRegistry(opts.registry);
  const logPath = preregLogPath(opts.preregLog);
  let registration;
  if (prereg) {
    assertPreregSeedSets(prereg, opts.registry);
    if (opts.purpose !== "evaluation") throw new InputError("--purpose", "a pre-registered rollout is an evaluation");
    const allowed = [prereg.seed_set, ...prereg.replications].filter((x): x is string => x !== undefined);
    if (allowed.length > 0 && (!opts.set || !allowed.includes(opts.set))) {
      throw new InputError("--set", `a rollout under pre-registration "${prereg.name}" must use one of its seed sets (${allowed.join(", ")}), got ${opts.set ? `"${opts.set}"` : "an ad-hoc range"}`);
    }
    const entries = readLog(logPath);
    verifyChain(entries, logPath);
    registration = findRegistration(entries, preregistrationHash(prereg));
    if (!registration) throw new ProvenanceRefused(`pre-registration "${prereg.name}" is not registered in ${logPath}; register it before the rollout: foolsgold prereg register ${opts.prereg}`);
    if (!["base", "trained", "bait"].includes(opts.arm ?? "")) throw new InputError("--arm", `a pre-registered rollout names its arm (base, trained or bait)${opts.arm ? `, got "${opts.arm}"` : ""}; certify binds the bank to it`);
  }
  let target: SeedSet;
  if (opts.set) {
    if (opts.offset !== undefined || opts.size !== undefined) throw new InputError("--set", "use either --set or --offset/--size, not both");
    target = findSeedSet(registry, opts.set);
  } else {
    if (offset === undefined || size === undefined) throw new InputError("seeds", "give --set NAME, or --offset N and --size N");
    target = { name: `ad-hoc ${offset}+${size}`, offset, size, purpose: "evaluation", declared_overlaps: opts.declare?.split(",").map((s) => s.trim()) };
  }
  if (opts.purpose !== "evaluation" && opts.purpose !== "training") throw new InputError("--purpose", `expected evaluation or training, got "${opts.purpose}"`);
  const check = opts.purpose === "evaluation" ? assertEvaluationAllowed(registry, target) : { refused: [], warnings: [], declared: [] };
  for (const w of check.warnings) process.stderr.write(`warning: ${target.name} ${w}\n`);
  const seeds = seedsOf(target, limit);
  const rates = parseRates(opts.rates);

  const bank = loadLineBank();
  const needs = [opts.policy === "model" ? "policy" : null, opts.partner === "model" ? "partner" : null].filter((r): r is string => r !== null);
  for (const [flag, value] of [
    ["--policy", opts.policy],
    ["--partner", opts.partner],
  ])
    if (value !== "retrieval" && value !== "model") throw new InputError(flag, `expected retrieval or model, got "${value}"`);
  let models: ModelsForCommand | undefined;
  try {
    if (needs.length > 0) models = await openModels(opts, needs);
    const policy: Agent = opts.policy === "model" ? chatPolicy(models!.roles.policy, { temperature }) : retrievalPolicy(bank);
    const partner: Agent = opts.partner === "model" ? chatPartner(models!.roles.partner, { temperature }) : retrievalPartner(bank);
    const progress = progressBar("simulating", seeds.length, opts.json);
    const stamp = prereg ? makeStamp(prereg, new Date(), registration) : undefined;
    const started = performance.now();
    const rows = await simulateSessions(seeds, {
      policy,
      partner,
      policyTurns,
      rates,
      concurrency,
      onProgress: (done) => progress.update(done),
    });
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    await writeJsonl(opts.out, stamp ? stampRows(rows, stamp) : rows);
    const source = { kind: "simulator" as const, simulator: SIMULATOR_VERSION, policy: policy.description, partner: partner.description, line_bank: bank.hash, seeds_hash: hashOf(rows.map((r) => r.seed)) };
    const recorded = prereg ? recordRollout(logPath, prereg, [{ label: `${opts.set && prereg.replications.includes(opts.set) ? opts.set : (prereg.seed_set ?? "primary")} ${opts.arm}`, rows, source }]) : undefined;
    const summary = summarizeRollout(rows, rates);
    const artifact = makeArtifact(
      "humor-simulation",
      {
        seed_set: target,
        purpose: opts.purpose,
        overlap_check: check,
        policy_turns: policyTurns,
        rates,
        policy: policy.description,
        partner: partner.description,
        line_bank: { version: bank.version, hash: bank.hash },
        simulator: SIMULATOR_VERSION,
        models: models?.describe() ?? {},
        bank: opts.out,
        ...(recorded ? { prereg_log: { path: logPath, entry: recorded.seq, entry_hash: recorded.hash } } : {}),
      },
      { ...summary, seconds },
    );
    if (opts.artifact) writeArtifact(opts.artifact, artifact);
    if (opts.json) process.stdout.write(JSON.stringify(artifact.result, null, 2) + "\n");
    else
      process.stdout.write(
        `${formatRolloutSummary(summary)}\nwrote ${opts.out} in ${seconds.toFixed(2)} s\n${recorded ? `recorded as "${recorded.banks[0].label}" in ${logPath}; head ${recorded.seq}:${recorded.hash} (keep it elsewhere: prereg verify --anchor checks the log still holds it)\n` : ""}`,
      );
  } finally {
    await models?.close();
  }
}
