// `foolsgold certify`: paired A/B certification with pre-registered bars and guards (SPEC §6).
// Either certifies banks already rolled out (--base/--trained, scored or not), or rolls the arms out
// itself on registered seed sets (offline: the trained arm is best-of-N of the base policy by the
// training reward, plus a bait arm), stamps them with the pre-registration, scores every arm with one
// instrument in the same run, and reports.
// Every bank is rescored from its text; the registry binds text and pre-registration (from-text.ts).
// Exit status: 0 certified, 1 not certified, 2 unusable input, 3 evidence changed since the rollouts.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { readJsonl, writeJsonl } from "../../core/jsonl.js";
import type { TranscriptRow } from "../../core/types.js";
import { certify, type SetBanks } from "../../certify/certify.js";
import { formatCertifyReport } from "../../certify/format.js";
import { loadPreregistration, makeStamp, preregistrationHash, PreregistrationMismatch, verifyStamps, type Preregistration } from "../../certify/preregistration.js";
import { assertPolicyTurns, bindings, rescoreSets, ScoresDisagree } from "../../certify/from-text.js";
import { findRegistration, ProvenanceRefused, readLog, recordRollout, verifyChain, verifyProvenance, type BankProvenance, type RegisterEntry } from "../../certify/registry.js";
import { assertPreregSeedSets, preregLogPath } from "./prereg.js";
import { trainingTurnReward } from "../../certify/arms.js";
import { checkBankSeeds } from "../../certify/seed-check.js";
import { rolloutArms, scoreBank, type Arms } from "../../certify/rollout.js";
import { chatPartner, chatPolicy, retrievalPartner, retrievalPolicy, type Agent } from "../../envs/humor/agents.js";
import { loadLineBank } from "../../envs/humor/line-bank.js";
import { assertEvaluationAllowed, findSeedSet, loadSeedRegistry, seedsOf, type SeedRegistry } from "../../envs/humor/seed-sets.js";
import { createHumorScorer, humorOptions, transcriptProblem, type HumorOptions, type HumorScorer } from "../../stacks/humor.js";
import { addCacheOptions, addConfigOption, openModels, type ModelsForCommand } from "../common-options.js";
import { ExitCode } from "../index.js";
import { emit } from "../output.js";
import { progressBar, type Progress } from "../progress.js";

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
  stackOptions?: string;
  revisedOptions?: string;
  concurrency: string;
  config?: string;
  cache?: string | false;
  out?: string;
  json?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function integer(value: string, flag: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InputError(flag, `expected an integer >= ${min}, got "${value}"`);
  return n;
}

function jsonOption(text: string | undefined, flag: string): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const v = JSON.parse(text);
    if (v === null || typeof v !== "object" || Array.isArray(v)) throw new Error("not an object");
    return v as Record<string, unknown>;
  } catch (err) {
    throw new InputError(flag, `expected a JSON object of humor stack options, e.g. '{"preset":"RL-C"}' (${(err as Error).message})`);
  }
}

function readBank(path: string, policySpeaker: string): TranscriptRow[] {
  const { rows } = readJsonl<TranscriptRow>(path);
  rows.forEach((row, i) => {
    const problem = transcriptProblem(row);
    if (problem) throw new InputError(`${path} line ${i + 1}`, problem);
    if (!Number.isInteger(row.seed)) throw new InputError(`${path} line ${i + 1}`, `"seed" must be an integer`);
  });
  if (rows.length === 0) throw new InputError(path, "holds no transcript rows");
  assertPolicyTurns(rows, policySpeaker, path);
  return rows;
}

export function register(program: Command): void {
  const command = program
    .command("certify")
    .description("paired A/B certification of a trained policy against its base, with pre-registered bars and guards")
    .option("--prereg <file>", "pre-registration (YAML/JSON): hypothesis, config changes, bars, guard thresholds")
    .option("--allow-unregistered", "report without a pre-registration (never certifies)")
    .option("--base <bank>", "base arm transcripts (JSONL); with --trained, certify these banks instead of rolling out")
    .option("--trained <bank>", "trained arm transcripts (JSONL), same seeds as --base")
    .option("--bait [bank]", "bait arm transcripts (banks mode); in rollout mode a bait arm is rolled out by default")
    .option("--no-bait", "roll out no bait arm")
    .option("--replication <name=base,trained>", "a pre-registered replication on disjoint seeds (repeatable)", collect, [])
    .option("--prereg-log <file>", "pre-registration registry (default $FOOLSGOLD_PREREG_LOG, else .foolsgold/prereg-log.jsonl)")
    .option("--policy-speaker <name>", "speaker of the policy's turns (the instrument's policy_speaker; default policy)")
    .option("--set <name>", "rollout mode: primary seed set (default: the pre-registration's seed_set, else demo)")
    .option("--replications <names>", "rollout mode: comma-separated replication seed sets (default: the pre-registration's)")
    .option("--limit <n>", "rollout mode: sessions per seed set", "40")
    .option("--turns <n>", "rollout mode: policy turns per session", "10")
    .option("--best-of <n>", "rollout mode: N of the best-of-N trained arm", "4")
    .option("--policy <agent>", "base policy: retrieval (line bank) or model (role \"policy\")", "retrieval")
    .option("--trained-policy <agent>", "trained policy: model (role \"trained\"); default best-of-N of the base policy")
    .option("--partner <agent>", "frozen partner: retrieval or model (role \"partner\")", "retrieval")
    .option("--registry <file>", "seed-set registry JSON (default: the built-in one)")
    .option("--banks-dir <dir>", "write the stamped, scored banks here (<set>.<arm>.jsonl)")
    .option("--stack-options <json>", "humor instrument options on top of the config's (e.g. '{\"preset\":\"RL-C\"}')")
    .option("--revised-options <json>", "rescore the primary banks with these option changes and report scorer sensitivity (default: the pre-registration's scorer_revision)")
    .option("--concurrency <n>", "sessions in flight", "4")
    .option("--out <file>", "write the JSON artifact here")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExit status: 0 certified, 1 not certified (bars missed, guards fired, parts missing), 2 unusable input, 3 evidence changed since the rollouts (pre-registration, registry, transcripts or stored scores).");
  addCacheOptions(addConfigOption(command)).action(async (opts: Options) => {
    try {
      await run(opts);
    } catch (err) {
      if (err instanceof PreregistrationMismatch || err instanceof ProvenanceRefused || err instanceof ScoresDisagree) {
        process.stderr.write(`foolsgold: ${err.message}\n`);
        throw new ExitCode(3);
      }
      throw err;
    }
  });
}

async function run(opts: Options): Promise<void> {
  const prereg: Preregistration | undefined = opts.prereg ? loadPreregistration(opts.prereg) : undefined;
  if (!prereg && !opts.allowUnregistered) throw new InputError("--prereg", "a certification needs its pre-registration file (or --allow-unregistered for a report that cannot certify)");
  if (prereg) assertPreregSeedSets(prereg, opts.registry);
  const banksMode = opts.base !== undefined || opts.trained !== undefined;
  if (banksMode && (!opts.base || !opts.trained)) throw new InputError(opts.base ? "--trained" : "--base", "banks mode needs both --base and --trained");
  const concurrency = integer(opts.concurrency, "--concurrency", 1);
  // One bar per step (rolling out, scoring, rescoring); plain lines every few seconds outside a terminal.
  const bars = new Map<string, Progress>();
  const stopBars = (): void => bars.forEach((b) => b.stop());
  const tick = (label: string) => (done: number, total: number) => {
    let bar = bars.get(label);
    if (!bar) {
      stopBars();
      bar = progressBar(label, total, opts.json);
      bars.set(label, bar);
    }
    bar.update(done);
  };
  const logPath = preregLogPath(opts.preregLog);
  const stackOptions = { ...jsonOption(opts.stackOptions, "--stack-options"), ...(opts.policySpeaker ? { policy_speaker: opts.policySpeaker } : {}) };
  const policySpeaker = (stackOptions.policy_speaker as string | undefined) ?? "policy";
  const revised = revisionOptions(opts, prereg);
  const registry = loadSeedRegistry(opts.registry);

  let sets: SetBanks[] = [];
  const params: Record<string, unknown> = { prereg: opts.prereg, prereg_log: logPath, mode: banksMode ? "banks" : "rollout" };
  const plan = banksMode ? undefined : rolloutPlan(opts, prereg);
  if (banksMode) {
    if (opts.bait === true) throw new InputError("--bait", "in banks mode, name the bait bank: --bait BAIT.jsonl");
    sets.push({ name: prereg?.seed_set ?? "primary", base: readBank(opts.base!, policySpeaker), trained: readBank(opts.trained!, policySpeaker), ...(typeof opts.bait === "string" ? { bait: readBank(opts.bait, policySpeaker) } : {}) });
    for (const spec of opts.replication) {
      const m = /^([^=]+)=([^,]+),(.+)$/.exec(spec);
      if (!m) throw new InputError("--replication", `expected NAME=BASE.jsonl,TRAINED.jsonl, got "${spec}"`);
      if (prereg && !prereg.replications.includes(m[1])) throw new InputError("--replication", `"${m[1]}" is not among the pre-registered replications (${prereg.replications.join(", ") || "none"})`);
      sets.push({ name: m[1], base: readBank(m[2], policySpeaker), trained: readBank(m[3], policySpeaker) });
    }
    params.seed_checks = checkSetSeeds(registry, sets);
    // Refuse moved bars and unrecorded text before spending any model calls on scoring.
    // A stamp, where rows carry one, must name this pre-registration; the registry is the evidence.
    if (prereg && sets.some((s) => [...s.base, ...s.trained, ...(s.bait ?? [])].some((r) => r.meta?.preregistration !== undefined))) verifyStamps(armsOf(sets), prereg);
    params.banks = { base: opts.base, trained: opts.trained, bait: opts.bait, replications: opts.replication };
  }
  let registration: RegisterEntry | null = null;
  if (prereg && !opts.allowUnregistered) {
    registration = registeredEntry(logPath, prereg);
    if (banksMode) verifyProvenance(logPath, prereg, armsOf(sets));
  }

  let models: ModelsForCommand | undefined;
  try {
    const roles = ["audience", "embedder"];
    if (!banksMode && opts.policy === "model") roles.push("policy");
    if (!banksMode && opts.trainedPolicy === "model") roles.push("trained");
    if (!banksMode && opts.partner === "model") roles.push("partner");
    models = await openModels(opts, roles);
    if (models.config.stack && models.config.stack !== "humor") throw new InputError(`${opts.config}: stack`, `certify scores humor sessions; the config names stack "${models.config.stack}"`);
    const instrumentOptions = validOptions({ ...models.config.options, ...stackOptions, concurrency }, "humor options (config options + --stack-options)");
    const scorer = createHumorScorer(instrumentOptions, models.roles);
    params.models = models.describe();
    params.instrument = scorer.instrument;

    if (!banksMode) sets = await rolloutSets(opts, plan!, prereg, registration, logPath, scorer, models, concurrency, tick, params);
    // Every bank is scored from its text here, whatever it carries; stored scores must agree.
    sets = await rescoreSets(scorer, sets, { onProgress: tick });
    let rescored: { base: TranscriptRow[]; trained: TranscriptRow[]; bait?: TranscriptRow[] } | undefined;
    let revisedHash: string | undefined;
    if (revised) {
      const revisedScorer = createHumorScorer(validOptions({ ...instrumentOptions, ...revised }, "--revised-options"), models.roles);
      params.revised_instrument = revisedScorer.instrument;
      revisedHash = revisedScorer.instrument.hash;
      const primary = sets[0];
      rescored = {
        base: await scoreBank(revisedScorer, stripScores(primary.base), tick("rescoring base")),
        trained: await scoreBank(revisedScorer, stripScores(primary.trained), tick("rescoring trained")),
        ...(primary.bait ? { bait: await scoreBank(revisedScorer, stripScores(primary.bait), tick("rescoring bait")) } : {}),
      };
    }
    stopBars();
    if (opts.banksDir) await writeBanks(opts.banksDir, sets, rescored);

    let provenance: BankProvenance[] = [];
    if (registration) provenance = verifyProvenance(logPath, prereg!, armsOf(sets)).banks;
    const earliest = provenance.map((b) => b.rolled_out_at).sort()[0];
    const report = certify({ sets, preregistration: prereg, allowUnregistered: opts.allowUnregistered, rescored, ...(registration && earliest ? { registered: { at: registration.at, rolled_out_at: earliest } } : {}) });
    const bound = bindings({
      preregistrationHash: prereg ? preregistrationHash(prereg) : "",
      log: logPath,
      registration,
      provenance,
      instrumentHash: scorer.instrument.hash,
      revisedInstrumentHash: revisedHash,
      banks: armsOf(sets),
    });
    if (!registration && report.certified) {
      report.certified = false;
      report.blockers.push("not in the pre-registration registry");
    }
    const result = { ...report, bindings: bound };
    emit(makeArtifact("certify", params, result), opts, () => formatCertifyReport(report));
    if (!report.certified) throw new ExitCode(1);
  } finally {
    await models?.close();
  }
}

function armsOf(sets: readonly SetBanks[]): Record<string, TranscriptRow[]> {
  return Object.fromEntries(sets.flatMap((s) => [[`${s.name} base`, s.base], [`${s.name} trained`, s.trained], ...(s.bait ? [[`${s.name} bait`, s.bait]] : [])]));
}

/** The registration of `p` in the log (chain verified); refuses an unregistered pre-registration. */
function registeredEntry(logPath: string, p: Preregistration): RegisterEntry {
  const entries = readLog(logPath);
  verifyChain(entries, logPath);
  const entry = findRegistration(entries, preregistrationHash(p));
  if (!entry) throw new ProvenanceRefused(`pre-registration "${p.name}" (${preregistrationHash(p).slice(0, 12)}) is not registered in ${logPath}; register it before the rollouts: foolsgold prereg register FILE`);
  return entry;
}

/** The scorer revision: --revised-options, else the pre-registered one; the two must agree when both are given. */
function revisionOptions(opts: Options, prereg: Preregistration | undefined): Record<string, unknown> | undefined {
  const flag = opts.revisedOptions !== undefined ? jsonOption(opts.revisedOptions, "--revised-options") : undefined;
  const registered = prereg?.scorer_revision;
  if (flag && registered && JSON.stringify(flag) !== JSON.stringify(registered)) {
    throw new InputError("--revised-options", `differs from the pre-registered scorer_revision ${JSON.stringify(registered)}`);
  }
  return flag ?? registered;
}

/** Every set's seeds against the registry: training seeds refused, its own set's seeds no overlap. */
function checkSetSeeds(registry: SeedRegistry, sets: readonly SetBanks[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of sets) {
    const own = registry.sets.find((r) => r.name === s.name);
    const seeds = [...new Set([...s.base, ...s.trained, ...(s.bait ?? [])].map((r) => r.seed))];
    const check = checkBankSeeds(registry, seeds, `set "${s.name}"`, own?.declared_overlaps ?? [], own?.name);
    out[s.name] = check;
    for (const w of check.warnings) process.stderr.write(`warning: set "${s.name}": ${w}\n`);
  }
  return out;
}

/** The seed sets a rollout uses; they must be the pre-registered ones. */
function rolloutPlan(opts: Options, prereg: Preregistration | undefined): { primary: string; replications: string[] } {
  const primary = opts.set ?? prereg?.seed_set ?? "demo";
  const replications = opts.replications !== undefined ? opts.replications.split(",").map((s) => s.trim()).filter(Boolean) : (prereg?.replications ?? []);
  if (prereg?.seed_set !== undefined && primary !== prereg.seed_set) {
    throw new InputError("--set", `"${primary}" differs from the pre-registered seed_set "${prereg.seed_set}"; evaluate where you registered, or register again before rolling out`);
  }
  const unregistered = prereg ? replications.filter((r) => !prereg.replications.includes(r)) : [];
  if (unregistered.length > 0) throw new InputError("--replications", `${unregistered.join(", ")} not among the pre-registered replications (${prereg!.replications.join(", ") || "none"})`);
  return { primary, replications };
}

function validOptions(raw: Record<string, unknown>, where: string): HumorOptions {
  const parsed = humorOptions.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${where}: ${issue.path.join(".") || "(root)"}`, issue.message);
  }
  return raw as HumorOptions;
}

function stripScores(rows: TranscriptRow[]): TranscriptRow[] {
  return rows.map(({ score: _score, ...rest }) => rest as TranscriptRow);
}

async function scoreSet(s: SetBanks, scorer: HumorScorer, tick: (label: string) => ((d: number, t: number) => void) | undefined): Promise<SetBanks> {
  const score = async (rows: TranscriptRow[], arm: string) => scoreBank(scorer, stripScores(rows), tick(`scoring ${s.name} ${arm}`));
  return {
    name: s.name,
    base: await score(s.base, "base"),
    trained: await score(s.trained, "trained"),
    ...(s.bait ? { bait: await score(s.bait, "bait") } : {}),
  };
}

async function rolloutSets(
  opts: Options,
  plan: { primary: string; replications: string[] },
  prereg: Preregistration | undefined,
  registration: RegisterEntry | null,
  logPath: string,
  scorer: HumorScorer,
  models: ModelsForCommand,
  concurrency: number,
  tick: (label: string) => ((d: number, t: number) => void) | undefined,
  params: Record<string, unknown>,
): Promise<SetBanks[]> {
  const registry = loadSeedRegistry(opts.registry);
  const { primary, replications } = plan;
  const limit = integer(opts.limit, "--limit", 2);
  const policyTurns = integer(opts.turns, "--turns", 1);
  const bestOf = integer(opts.bestOf, "--best-of", 1);
  for (const [flag, value, allowed] of [["--policy", opts.policy, ["retrieval", "model"]], ["--partner", opts.partner, ["retrieval", "model"]], ["--trained-policy", opts.trainedPolicy ?? "model", ["model"]]] as const) {
    if (!(allowed as readonly string[]).includes(value)) throw new InputError(flag, `expected ${allowed.join(" or ")}, got "${value}"`);
  }
  const bank = loadLineBank();
  const basePolicy: Agent = opts.policy === "model" ? chatPolicy(models.roles.policy) : retrievalPolicy(bank);
  const partner: Agent = opts.partner === "model" ? chatPartner(models.roles.partner) : retrievalPartner(bank);
  const trainedPolicy: Agent | undefined = opts.trainedPolicy === "model" ? chatPolicy(models.roles.trained) : undefined;
  const stamp = prereg ? makeStamp(prereg, new Date(), registration ?? undefined) : undefined;
  const reward = trainingTurnReward({ audience: models.roles.audience, embedder: models.roles.embedder }, scorer.settings);
  const out: SetBanks[] = [];
  const checks: Record<string, unknown> = {};
  for (const name of [primary, ...replications]) {
    const set = findSeedSet(registry, name);
    const check = assertEvaluationAllowed(registry, set);
    checks[name] = check;
    for (const w of check.warnings) process.stderr.write(`warning: ${name} ${w}\n`);
    const seeds = seedsOf(set, limit);
    const arms: Arms = await rolloutArms({
      seeds,
      basePolicy,
      trainedPolicy,
      partner,
      bestOf,
      reward,
      // One bait arm, on the primary set, is enough to show the guards work.
      bait: opts.bait !== false && name === primary,
      policyTurns,
      concurrency,
      stamp,
      onProgress: (arm, d, t) => tick(`rolling out ${name} ${arm}`)?.(d, t),
    });
    const rolled: SetBanks = { name, base: arms.base, trained: arms.trained, ...(arms.bait ? { bait: arms.bait } : {}) };
    // The text is recorded in the registry as soon as it exists, before anything is scored.
    if (registration && prereg) recordRollout(logPath, prereg, Object.entries(armsOf([rolled])).map(([label, rows]) => ({ label, rows })));
    out.push(rolled);
  }
  params.rollout = {
    sets: [primary, ...replications],
    sessions_per_set: limit,
    policy_turns: policyTurns,
    base_policy: basePolicy.description,
    trained_policy: trainedPolicy?.description ?? `best-of-${bestOf} of the base policy by training reward (preset ${scorer.instrument.options.preset})`,
    partner: partner.description,
    bait: opts.bait !== false,
    seed_checks: checks,
    line_bank: { version: bank.version, hash: bank.hash },
  };
  return out;
}

async function writeBanks(dir: string, sets: SetBanks[], rescored?: { base: TranscriptRow[]; trained: TranscriptRow[]; bait?: TranscriptRow[] }): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const s of sets) {
    for (const arm of ["base", "trained", "bait"] as const) {
      const rows = s[arm];
      if (rows) await writeJsonl(join(dir, `${s.name}.${arm}.jsonl`), rows);
    }
  }
  if (rescored) {
    await writeJsonl(join(dir, `${sets[0].name}.base.rescored.jsonl`), rescored.base);
    await writeJsonl(join(dir, `${sets[0].name}.trained.rescored.jsonl`), rescored.trained);
    if (rescored.bait) await writeJsonl(join(dir, `${sets[0].name}.bait.rescored.jsonl`), rescored.bait);
  }
}

