// `foolsgold certify`: paired A/B certification with pre-registered bars and guards (SPEC §6).
// Either certifies banks already rolled out (--base/--trained, scored or not), or rolls the arms out
// itself on registered seed sets (offline: the trained arm is best-of-N of the base policy by the
// training reward, plus a bait arm), stamps them with the pre-registration, scores every arm with one
// instrument in the same run, and reports.
// Exit status: 0 certified, 1 not certified, 2 unusable input, 3 pre-registration changed.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { readJsonl, writeJsonl } from "../../core/jsonl.js";
import type { TranscriptRow } from "../../core/types.js";
import { certify, type SetBanks } from "../../certify/certify.js";
import { formatCertifyReport } from "../../certify/format.js";
import { loadPreregistration, makeStamp, PreregistrationMismatch, verifyStamps, type Preregistration } from "../../certify/preregistration.js";
import { trainingTurnReward } from "../../certify/arms.js";
import { checkBankSeeds } from "../../certify/seed-check.js";
import { isScored, rolloutArms, scoreBank, type Arms } from "../../certify/rollout.js";
import { chatPartner, chatPolicy, retrievalPartner, retrievalPolicy, type Agent } from "../../envs/humor/agents.js";
import { loadLineBank } from "../../envs/humor/line-bank.js";
import { assertEvaluationAllowed, findSeedSet, loadSeedRegistry, seedsOf } from "../../envs/humor/seed-sets.js";
import { createHumorScorer, humorOptions, transcriptProblem, type HumorOptions, type HumorScorer } from "../../stacks/humor.js";
import { addCacheOptions, addConfigOption, openModels, type ModelsForCommand } from "../common-options.js";
import { ExitCode } from "../index.js";
import { emit } from "../output.js";

interface Options {
  prereg?: string;
  allowUnregistered?: boolean;
  base?: string;
  trained?: string;
  bait?: string | boolean;
  replication: string[];
  rescoredBase?: string;
  rescoredTrained?: string;
  rescoredBait?: string;
  set?: string;
  replications?: string;
  limit: string;
  turns: string;
  bestOf: string;
  policy: string;
  trainedPolicy?: string;
  partner: string;
  registry?: string;
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

function readBank(path: string): TranscriptRow[] {
  const { rows } = readJsonl<TranscriptRow>(path);
  rows.forEach((row, i) => {
    const problem = transcriptProblem(row);
    if (problem) throw new InputError(`${path} line ${i + 1}`, problem);
    if (!Number.isInteger(row.seed)) throw new InputError(`${path} line ${i + 1}`, `"seed" must be an integer`);
  });
  if (rows.length === 0) throw new InputError(path, "holds no transcript rows");
  const scored = rows.filter((r) => r.score !== undefined).length;
  if (scored !== 0 && scored !== rows.length) throw new InputError(path, `${scored} of ${rows.length} rows are scored; score all of them or none (certify then scores them in one run)`);
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
    .option("--replication <name=base,trained>", "a replication on disjoint seeds (repeatable)", collect, [])
    .option("--rescored-base <bank>", "the primary base bank rescored under a revised instrument (scorer sensitivity)")
    .option("--rescored-trained <bank>", "the primary trained bank rescored under the revised instrument")
    .option("--rescored-bait <bank>", "the primary bait bank rescored under the revised instrument")
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
    .option("--revised-options <json>", "rescore the primary banks with these option changes and report scorer sensitivity")
    .option("--concurrency <n>", "sessions in flight", "4")
    .option("--out <file>", "write the JSON artifact here")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExit status: 0 certified, 1 not certified (bars missed or guards fired), 2 unusable input, 3 pre-registration changed since the rollouts.");
  addCacheOptions(addConfigOption(command)).action(async (opts: Options) => {
    try {
      await run(opts);
    } catch (err) {
      if (err instanceof PreregistrationMismatch) {
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
  const banksMode = opts.base !== undefined || opts.trained !== undefined;
  if (banksMode && (!opts.base || !opts.trained)) throw new InputError(opts.base ? "--trained" : "--base", "banks mode needs both --base and --trained");
  const concurrency = integer(opts.concurrency, "--concurrency", 1);
  const progress = !opts.json && process.stderr.isTTY;
  const tick = (label: string) => (progress ? (done: number, total: number) => process.stderr.write(`\r${label} ${done}/${total}   `) : undefined);

  let sets: SetBanks[] = [];
  let rescored: { base: TranscriptRow[]; trained: TranscriptRow[]; bait?: TranscriptRow[] } | undefined;
  const params: Record<string, unknown> = { prereg: opts.prereg, mode: banksMode ? "banks" : "rollout" };
  if (banksMode) {
    if (opts.bait === true) throw new InputError("--bait", "in banks mode, name the bait bank: --bait BAIT.jsonl");
    sets.push({ name: prereg?.seed_set ?? "primary", base: readBank(opts.base!), trained: readBank(opts.trained!), ...(typeof opts.bait === "string" ? { bait: readBank(opts.bait) } : {}) });
    for (const spec of opts.replication) {
      const m = /^([^=]+)=([^,]+),(.+)$/.exec(spec);
      if (!m) throw new InputError("--replication", `expected NAME=BASE.jsonl,TRAINED.jsonl, got "${spec}"`);
      sets.push({ name: m[1], base: readBank(m[2]), trained: readBank(m[3]) });
    }
    if (opts.rescoredBase || opts.rescoredTrained) {
      if (!opts.rescoredBase || !opts.rescoredTrained) throw new InputError("--rescored-base/--rescored-trained", "give both rescored banks");
      rescored = { base: readBank(opts.rescoredBase), trained: readBank(opts.rescoredTrained), ...(opts.rescoredBait ? { bait: readBank(opts.rescoredBait) } : {}) };
    }
    const registry = loadSeedRegistry(opts.registry);
    const seedChecks: Record<string, unknown> = {};
    for (const s of sets) {
      const check = checkBankSeeds(registry, s.base.map((r) => r.seed), `set "${s.name}"`);
      seedChecks[s.name] = check;
      for (const w of check.warnings) process.stderr.write(`warning: set "${s.name}": ${w}\n`);
    }
    params.seed_checks = seedChecks;
    // Refuse moved bars before spending any model calls on scoring.
    if (prereg) verifyStamps(Object.fromEntries(sets.flatMap((s) => [[`${s.name} base`, s.base], [`${s.name} trained`, s.trained], ...(s.bait ? [[`${s.name} bait`, s.bait]] : [])])), prereg);
    params.banks = { base: opts.base, trained: opts.trained, bait: opts.bait, replications: opts.replication, rescored: rescored ? [opts.rescoredBase, opts.rescoredTrained, opts.rescoredBait] : undefined };
  }

  const plan = banksMode ? undefined : rolloutPlan(opts, prereg);
  const needsScoring = sets.some((s) => !isScored(s.base) || !isScored(s.trained) || (s.bait && !isScored(s.bait)));
  const revised = opts.revisedOptions !== undefined ? jsonOption(opts.revisedOptions, "--revised-options") : undefined;
  const needModels = !banksMode || needsScoring || revised !== undefined;
  let models: ModelsForCommand | undefined;
  try {
    let scorer: HumorScorer | undefined;
    let instrumentOptions: HumorOptions = {};
    if (needModels) {
      const roles = ["audience", "embedder"];
      if (!banksMode && opts.policy === "model") roles.push("policy");
      if (!banksMode && opts.trainedPolicy === "model") roles.push("trained");
      if (!banksMode && opts.partner === "model") roles.push("partner");
      models = await openModels(opts, roles);
      if (models.config.stack && models.config.stack !== "humor") throw new InputError(`${opts.config}: stack`, `certify scores humor sessions; the config names stack "${models.config.stack}"`);
      instrumentOptions = validOptions({ ...models.config.options, ...jsonOption(opts.stackOptions, "--stack-options"), concurrency }, "humor options (config options + --stack-options)");
      scorer = createHumorScorer(instrumentOptions, models.roles);
      params.models = models.describe();
      params.instrument = scorer.instrument;
    }

    if (!banksMode) {
      sets = await rolloutSets(opts, plan!, prereg, scorer!, models!, concurrency, tick, params);
    } else if (needsScoring) {
      sets = await Promise.all(sets.map(async (s) => scoreSet(s, scorer!, tick)));
    }
    if (rescored && [rescored.base, rescored.trained, rescored.bait ?? rescored.base].some((rows) => !isScored(rows))) {
      throw new InputError("--rescored-base/--rescored-trained/--rescored-bait", "rescored banks must carry the revised instrument's scores");
    }
    if (revised) {
      const revisedScorer = createHumorScorer(validOptions({ ...instrumentOptions, ...revised }, "--revised-options"), models!.roles);
      params.revised_instrument = revisedScorer.instrument;
      const primary = sets[0];
      rescored = {
        base: await scoreBank(revisedScorer, stripScores(primary.base), tick("rescoring base")),
        trained: await scoreBank(revisedScorer, stripScores(primary.trained), tick("rescoring trained")),
        ...(primary.bait ? { bait: await scoreBank(revisedScorer, stripScores(primary.bait), tick("rescoring bait")) } : {}),
      };
    }
    if (progress) process.stderr.write("\r\n");
    if (opts.banksDir) await writeBanks(opts.banksDir, sets, rescored);

    const report = certify({ sets, preregistration: prereg, allowUnregistered: opts.allowUnregistered, rescored });
    emit(makeArtifact("certify", params, report), opts, () => formatCertifyReport(report));
    if (!report.certified) throw new ExitCode(1);
  } finally {
    await models?.close();
  }
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
  const stamp = prereg ? makeStamp(prereg) : undefined;
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
    const scored: SetBanks = { name, base: [], trained: [] };
    for (const arm of ["base", "trained", "bait"] as const) {
      const rows = arms[arm];
      if (rows) scored[arm] = await scoreBank(scorer, rows, tick(`scoring ${name} ${arm}`));
    }
    out.push(scored);
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

