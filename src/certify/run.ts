// One certification run (SPEC §6), from the user's inputs to the artifact: the pre-registration and the
// registry are checked (chain, anchors, the pinned instrument, each arm's recorded text) before any
// model call; the arms are rolled out on the registered seed sets (offline humor sessions) or read from
// banks; every arm is rescored from its text by the one instrument the registration pins, with the
// model answers recomputed or the response cache checked against the models; then the report.
// The CLI (`foolsgold certify`) and `certify verify` both call runCertification.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { makeArtifact, type Artifact } from "../core/artifact.js";
import { InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import { readJsonl, writeJsonl } from "../core/jsonl.js";
import type { BankRow, TranscriptRow } from "../core/types.js";
import { parseStackOptions } from "../config/stack-options.js";
import { resolveConfig, openModels, type ModelsForCommand } from "../config/session.js";
import { chatPartner, chatPolicy, retrievalPartner, retrievalPolicy, type Agent } from "../envs/humor/agents.js";
import { loadLineBank } from "../envs/humor/line-bank.js";
import { assertEvaluationAllowed, findSeedSet, loadSeedRegistry, seedsOf, type SeedRegistry } from "../envs/humor/seed-sets.js";
import { SIMULATOR_VERSION } from "../envs/humor/simulator.js";
import { createHumorScorer, humorOptions, resolveHumorSettings, transcriptProblem } from "../stacks/humor.js";
import { openScorer, type OpenedScorer } from "../stacks/open.js";
import type { Scorer } from "../stacks/types.js";
import { trainingTurnReward } from "./arms.js";
import { assertBankPreregistration, certifyBankArms, compareBankArms, holdsTranscripts, readBankRows, rescoreBankArm, type BankCertifyReport } from "./bank-arms.js";
import { checkedCache, type CheckedCache, type ModelAnswers } from "./cache-check.js";
import { certify, stampedRows, type CertifyReport, type SetBanks } from "./certify.js";
import { assertPolicyTurns, bindings, rescoreSets, type Bindings } from "./from-text.js";
import { checkJournalBinding } from "./journal-binding.js";
import { assertSameInstrument, pinInstrument, pinnedHash, type PinnedInstrument } from "./instrument-pin.js";
import { loadPreregistration, makeStamp, preregistrationHash, verifyStamps, type Preregistration } from "./preregistration.js";
import { findRegistration, ProvenanceRefused, readLog, recordRollout, registryHead, verifyAnchors, verifyChain, verifyProvenance, type BankProvenance, type BankSource, type RegisterEntry } from "./registry.js";
import { rolloutArms, scoreBank } from "./rollout.js";
import { assertPreregSeedSets, checkBankSeeds } from "./seed-check.js";

/** Everything a certification is computed from; recorded in the artifact so `certify verify` can redo it. */
export interface CertifyInputs {
  prereg?: string;
  allow_unregistered?: boolean;
  prereg_log: string;
  /** Banks mode: the bank files; rollout mode: none. */
  base?: string;
  trained?: string;
  bait?: string;
  /** NAME=BASE.jsonl,TRAINED.jsonl */
  replication: string[];
  /** Rollout mode. */
  rollout?: { set?: string; replications?: string[]; limit: number; turns: number; best_of: number; policy: string; trained_policy?: string; partner: string; bait: boolean };
  banks_dir?: string;
  seed_registry?: string;
  stack?: string;
  reward?: string;
  config?: string;
  stack_options: Record<string, unknown>;
  revised_options?: Record<string, unknown>;
  /** A cache path, false for none (every answer recomputed), undefined for the config's or the default. */
  cache?: string | false;
  cache_check: number;
  anchors: string[];
  concurrency: number;
}

export interface CertifyHooks {
  progress?: (label: string) => ((done: number, total: number) => void) | undefined;
  warn?: (message: string) => void;
  stopProgress?: () => void;
}

export type CertifyRun = { artifact: Artifact<CertifyResult>; report: CertifyReport } | { artifact: Artifact<BankCertifyResult>; report: BankCertifyReport };

export type CertifyResult = CertifyReport & { bindings: Bindings & { model_answers: ModelAnswers; instrument_pin?: string } };

/** A bank-row certification's result (any bank stack or external reward). */
export type BankCertifyResult = BankCertifyReport & { bindings: Bindings & { model_answers: ModelAnswers; instrument_pin?: string } };

export function readBank(path: string): TranscriptRow[] {
  const { rows } = readJsonl<TranscriptRow>(path);
  rows.forEach((row, i) => {
    const problem = transcriptProblem(row);
    if (problem) throw new InputError(`${path} line ${i + 1}`, problem);
    if (!Number.isInteger(row.seed)) throw new InputError(`${path} line ${i + 1}`, `"seed" must be an integer`);
  });
  if (rows.length === 0) throw new InputError(path, "holds no transcript rows");
  return rows;
}

/** The arms by label, "<set> <arm>", as the registry records them. */
export function armsOf(sets: readonly SetBanks[]): Record<string, TranscriptRow[]> {
  return Object.fromEntries(sets.flatMap((s) => [[`${s.name} base`, s.base], [`${s.name} trained`, s.trained], ...(s.bait ? [[`${s.name} bait`, s.bait]] : [])]));
}

/** The scorer's options as given: the config's `options`, then --stack-options (and --policy-speaker). */
function rawOptions(inputs: Pick<CertifyInputs, "config" | "stack_options">): Record<string, unknown> {
  return { ...(resolveConfig({ config: inputs.config }).options as Record<string, unknown> | undefined), ...inputs.stack_options };
}

export interface OpenedInstrument {
  opened: OpenedScorer;
  revised?: Scorer;
  pin: PinnedInstrument;
  checked?: CheckedCache;
}

/**
 * Opens the scorer the inputs name (a stack, humor when none is named, or an external reward) and its
 * revision, and pins them. `prereg register` pins the same way, so certify can compare.
 */
export async function openInstrument(
  inputs: Pick<CertifyInputs, "stack" | "reward" | "config" | "stack_options" | "cache" | "cache_check">,
  revision: Record<string, unknown> | undefined,
  accept: { bankRows?: boolean } = {},
): Promise<OpenedInstrument> {
  if (inputs.stack && inputs.reward) throw new InputError("--reward", "give either --stack or --reward, not both");
  const config = resolveConfig({ config: inputs.config });
  const stack = inputs.reward ? undefined : (inputs.stack ?? config.stack ?? "humor");
  let checked: CheckedCache | undefined;
  const opened = await openScorer({
    config: inputs.config,
    cache: inputs.cache,
    stack,
    reward: inputs.reward,
    overrides: inputs.stack_options,
    wrapCache: (cache) => (checked = checkedCache(cache, inputs.cache_check)).cache,
  });
  try {
    if (opened.definition.rowKind === "bank" && accept.bankRows) {
      // Bank arms (any bank stack or external reward) are certified without a scorer revision.
      if (revision) throw new InputError("pre-registration: scorer_revision", `a scorer revision is not supported for bank arms ("${opened.stack}"); remove it, or register the revised reward as its own pre-registration`);
      return { opened, pin: pinInstrument(opened.scorer.instrument), ...(checked ? { checked } : {}) };
    }
    if (opened.definition.rowKind !== "transcript") {
      throw new InputError(inputs.reward ? "--reward" : "--stack", `"${opened.stack}" scores ${opened.definition.rowKind} rows; certify pairs conversations by seed and needs a stack that scores transcripts`);
    }
    let revised: Scorer | undefined;
    if (revision) {
      const options = parseStackOptions(opened.definition.options, { ...rawOptions(inputs), ...revision }, "--revised-options");
      revised = await opened.definition.create(options, opened.models.roles);
    }
    return { opened, ...(revised ? { revised } : {}), pin: pinInstrument(opened.scorer.instrument, revised?.instrument), ...(checked ? { checked } : {}) };
  } catch (err) {
    await opened.close();
    throw err;
  }
}

/** The scorer revision: --revised-options, else the pre-registered one; the two must agree when both are given. */
function revisionOptions(inputs: CertifyInputs, prereg: Preregistration | undefined): Record<string, unknown> | undefined {
  const registered = prereg?.scorer_revision;
  if (inputs.revised_options && registered && hashOf(inputs.revised_options) !== hashOf(registered)) {
    throw new InputError("--revised-options", `differs from the pre-registered scorer_revision ${JSON.stringify(registered)}`);
  }
  return inputs.revised_options ?? registered;
}

/** What a certificate binds itself to: the pre-registration, the registry's entry and head, the instrument, each bank. */
function registryBindings(
  log: string,
  prereg: Preregistration | undefined,
  registration: RegisterEntry | null,
  provenance: readonly BankProvenance[],
  instrumentHash: string,
  banks: Parameters<typeof bindings>[0]["banks"],
  revisedInstrumentHash?: string,
): Bindings {
  return bindings({
    preregistrationHash: prereg ? preregistrationHash(prereg) : "",
    log,
    registration,
    head: registration ? registryHead(readLog(log)) : undefined,
    provenance,
    instrumentHash,
    ...(revisedInstrumentHash ? { revisedInstrumentHash } : {}),
    banks,
  });
}

/** The registration of `p` in the log: chain and anchors verified; refuses an unregistered pre-registration. */
function registeredEntry(logPath: string, p: Preregistration, anchors: readonly string[]): RegisterEntry {
  const entries = readLog(logPath);
  verifyChain(entries, logPath);
  verifyAnchors(entries, anchors, logPath);
  const entry = findRegistration(entries, preregistrationHash(p));
  if (!entry) throw new ProvenanceRefused(`pre-registration "${p.name}" (${preregistrationHash(p).slice(0, 12)}) is not registered in ${logPath}; register it before the rollouts: foolsgold prereg register FILE`);
  return entry;
}

/** Every set's seeds against the registry: training seeds refused, its own set's seeds no overlap. */
function checkSetSeeds(registry: SeedRegistry, sets: readonly SetBanks[], warn: (m: string) => void): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of sets) {
    const own = registry.sets.find((r) => r.name === s.name);
    const seeds = [...new Set([...s.base, ...s.trained, ...(s.bait ?? [])].map((r) => r.seed))];
    const check = checkBankSeeds(registry, seeds, `set "${s.name}"`, own?.declared_overlaps ?? [], own?.name);
    out[s.name] = check;
    for (const w of check.warnings) warn(`set "${s.name}": ${w}`);
  }
  return out;
}

/**
 * Each bank against the source it was recorded from: a simulator bank holds the seeds the simulator
 * rolled out; a journal-bound bank's rows are still the rows the reward server's journal carried.
 */
async function checkSources(sets: readonly SetBanks[], provenance: readonly BankProvenance[]): Promise<void> {
  const arms = armsOf(sets);
  for (const p of provenance) {
    if (p.source?.kind === "journal") await checkJournalBinding(p.source, arms[p.label], p.label);
    if (p.source?.kind !== "simulator") continue;
    const seeds = hashOf(arms[p.label].map((r) => r.seed));
    if (seeds !== p.source.seeds_hash) throw new ProvenanceRefused(`${p.label} bank: its seeds are not the ones the simulator rolled out (${p.source.simulator}, policy ${p.source.policy})`, "source_mismatch");
  }
}

function stripScores(rows: TranscriptRow[]): TranscriptRow[] {
  return rows.map(({ score: _score, ...rest }) => rest as TranscriptRow);
}

function bankSets(inputs: CertifyInputs, prereg: Preregistration | undefined): SetBanks[] {
  const sets: SetBanks[] = [{ name: prereg?.seed_set ?? "primary", base: readBank(inputs.base!), trained: readBank(inputs.trained!), ...(inputs.bait ? { bait: readBank(inputs.bait) } : {}) }];
  for (const spec of inputs.replication) {
    const m = /^([^=]+)=([^,]+),(.+)$/.exec(spec);
    if (!m) throw new InputError("--replication", `expected NAME=BASE.jsonl,TRAINED.jsonl, got "${spec}"`);
    if (prereg && !prereg.replications.includes(m[1])) throw new InputError("--replication", `"${m[1]}" is not among the pre-registered replications (${prereg.replications.join(", ") || "none"})`);
    sets.push({ name: m[1], base: readBank(m[2]), trained: readBank(m[3]) });
  }
  return sets;
}

/** The seed sets a rollout uses; they must be the pre-registered ones. */
function rolloutPlan(rollout: NonNullable<CertifyInputs["rollout"]>, prereg: Preregistration | undefined): { primary: string; replications: string[] } {
  const primary = rollout.set ?? prereg?.seed_set ?? "demo";
  const replications = rollout.replications ?? prereg?.replications ?? [];
  if (prereg?.seed_set !== undefined && primary !== prereg.seed_set) {
    throw new InputError("--set", `"${primary}" differs from the pre-registered seed_set "${prereg.seed_set}"; evaluate where you registered, or register again before rolling out`);
  }
  const unregistered = prereg ? replications.filter((r) => !prereg.replications.includes(r)) : [];
  if (unregistered.length > 0) throw new InputError("--replications", `${unregistered.join(", ")} not among the pre-registered replications (${prereg!.replications.join(", ") || "none"})`);
  for (const [flag, value, allowed] of [
    ["--policy", rollout.policy, ["retrieval", "model"]],
    ["--partner", rollout.partner, ["retrieval", "model"]],
    ["--trained-policy", rollout.trained_policy ?? "model", ["model"]],
  ] as const) {
    if (!(allowed as readonly string[]).includes(value)) throw new InputError(flag, `expected ${allowed.join(" or ")}, got "${value}"`);
  }
  return { primary, replications };
}

export async function runCertification(inputs: CertifyInputs, hooks: CertifyHooks = {}): Promise<CertifyRun> {
  const warn = hooks.warn ?? (() => {});
  const prereg = inputs.prereg ? loadPreregistration(inputs.prereg) : undefined;
  if (!prereg && !inputs.allow_unregistered) throw new InputError("--prereg", "a certification needs its pre-registration file (or --allow-unregistered for a report that cannot certify)");
  if (prereg) assertPreregSeedSets(prereg, inputs.seed_registry);
  const banksMode = inputs.rollout === undefined;
  if (banksMode && (!inputs.base || !inputs.trained)) throw new InputError(inputs.base ? "--trained" : "--base", "banks mode needs both --base and --trained");
  const registry = loadSeedRegistry(inputs.seed_registry);
  const revised = revisionOptions(inputs, prereg);
  const params: Record<string, unknown> = { prereg: inputs.prereg, prereg_log: inputs.prereg_log, mode: banksMode ? "banks" : "rollout", inputs };

  let sets: SetBanks[] = [];
  const plan = inputs.rollout ? rolloutPlan(inputs.rollout, prereg) : undefined;
  // Banks of rows rather than transcripts: any bank stack or external reward (src/certify/bank-arms.ts).
  if (banksMode) {
    const peek = readJsonl(inputs.base!).rows;
    if (peek.length > 0 && !holdsTranscripts(peek)) return runBankCertification(inputs, prereg, hooks, params);
  }
  if (banksMode) {
    sets = bankSets(inputs, prereg);
    // A bank the instrument cannot read is unusable input (exit 2), named before any evidence check.
    const speaker = rawOptions(inputs).policy_speaker;
    for (const [label, rows] of Object.entries(armsOf(sets))) assertPolicyTurns(rows, typeof speaker === "string" ? speaker : "policy", `${label} bank`);
    params.seed_checks = checkSetSeeds(registry, sets, warn);
    // A stamp, where rows carry one, must name this pre-registration; the registry is the evidence.
    const stamped = stampedRows(armsOf(sets));
    if (prereg && Object.keys(stamped).length > 0) verifyStamps(stamped, prereg);
  }
  // Refuse a broken or truncated registry, unrecorded text and swapped arms before any model call.
  let registration: RegisterEntry | null = null;
  if (prereg && !inputs.allow_unregistered) {
    registration = registeredEntry(inputs.prereg_log, prereg, inputs.anchors);
    if (banksMode) await checkSources(sets, verifyProvenance(inputs.prereg_log, prereg, armsOf(sets)).banks);
  }

  const extraRoles = plan ? [inputs.rollout!.policy === "model" ? "policy" : "", inputs.rollout!.trained_policy === "model" ? "trained" : "", inputs.rollout!.partner === "model" ? "partner" : ""].filter(Boolean) : [];
  const instrument = await openInstrument(inputs, revised);
  const { opened } = instrument;
  let agents: ModelsForCommand | undefined;
  try {
    // The registration pins the whole instrument: options, config and models chosen now cannot differ.
    if (registration) assertSameInstrument(registration.instrument, instrument.pin, registration.name);
    const scorer = opened.scorer as Scorer<TranscriptRow>;
    const speaker = typeof scorer.instrument.options.policy_speaker === "string" ? scorer.instrument.options.policy_speaker : "policy";
    for (const [label, rows] of Object.entries(armsOf(sets))) assertPolicyTurns(rows, speaker, `${label} bank`);
    params.models = opened.models.describe();
    params.instrument = scorer.instrument;

    if (plan) {
      // The policies' and partner's models, when they are models, beside the instrument's.
      if (extraRoles.length > 0) agents = await openModels({ config: inputs.config, cache: inputs.cache }, extraRoles);
      sets = await rolloutSets(inputs, plan, prereg, registration, scorer, { ...opened.models.roles, ...agents?.roles }, hooks, params);
    }
    sets = await rescoreSets(scorer, sets, { onProgress: hooks.progress });
    let rescored: { base: TranscriptRow[]; trained: TranscriptRow[]; bait?: TranscriptRow[] } | undefined;
    if (instrument.revised) {
      const revisedScorer = instrument.revised as Scorer<TranscriptRow>;
      params.revised_instrument = revisedScorer.instrument;
      const primary = sets[0];
      rescored = {
        base: await scoreBank(revisedScorer, stripScores(primary.base), hooks.progress?.("rescoring base")),
        trained: await scoreBank(revisedScorer, stripScores(primary.trained), hooks.progress?.("rescoring trained")),
        ...(primary.bait ? { bait: await scoreBank(revisedScorer, stripScores(primary.bait), hooks.progress?.("rescoring bait")) } : {}),
      };
    }
    hooks.stopProgress?.();
    const modelAnswers: ModelAnswers = instrument.checked ? instrument.checked.finish() : { mode: "recomputed" };
    if (inputs.banks_dir) await writeBanks(inputs.banks_dir, sets, rescored);

    let provenance: BankProvenance[] = [];
    if (registration) provenance = verifyProvenance(inputs.prereg_log, prereg!, armsOf(sets)).banks;
    const earliest = provenance.map((b) => b.rolled_out_at).sort()[0];
    const report = certify({ sets, preregistration: prereg, allowUnregistered: inputs.allow_unregistered, rescored, ...(registration && earliest ? { registered: { at: registration.at, rolled_out_at: earliest } } : {}) });
    const bound = registryBindings(inputs.prereg_log, prereg, registration, provenance, scorer.instrument.hash, armsOf(sets), instrument.revised?.instrument.hash);
    if (!registration && report.certified) {
      report.certified = false;
      report.blockers.push("not in the pre-registration registry");
    }
    const result: CertifyResult = { ...report, bindings: { ...bound, instrument_pin: pinnedHash(instrument.pin), model_answers: modelAnswers } };
    return { artifact: makeArtifact("certify", params, result), report };
  } finally {
    await agents?.close();
    await opened.close();
  }
}

/**
 * Certifies bank-row arms: the registry, the arms' recorded rows and the pinned instrument are checked
 * before any reward call; each arm is rescored from its rows (stored scores dropped unread), a failed
 * reward call refuses the run naming the row, and the bars apply to the paired differences by prompt.
 */
async function runBankCertification(inputs: CertifyInputs, prereg: Preregistration | undefined, hooks: CertifyHooks, params: Record<string, unknown>): Promise<CertifyRun> {
  assertBankPreregistration(prereg, inputs.replication);
  if (inputs.bait) throw new InputError("--bait", "a bait arm must trip a guard, and no guard reads bank rows; certify bank arms with --base and --trained only");
  if (inputs.revised_options) throw new InputError("--revised-options", "a scorer revision is not supported for bank arms");
  const name = prereg?.seed_set ?? "primary";
  const labels = { base: `${name} base`, trained: `${name} trained` };
  const arms: Record<string, BankRow[]> = { [labels.base]: readBankRows(inputs.base!), [labels.trained]: readBankRows(inputs.trained!) };
  params.arms = "bank";
  // Refuse a broken or truncated registry, unrecorded or edited rows and swapped arms before any reward call.
  let registration: RegisterEntry | null = null;
  let provenance: BankProvenance[] = [];
  if (prereg && !inputs.allow_unregistered) {
    registration = registeredEntry(inputs.prereg_log, prereg, inputs.anchors);
    provenance = verifyProvenance(inputs.prereg_log, prereg, arms).banks;
  }
  const instrument = await openInstrument(inputs, undefined, { bankRows: true });
  const { opened } = instrument;
  try {
    if (opened.definition.rowKind !== "bank")
      throw new InputError("--base", `${inputs.base} holds bank rows ({id, prompt, output}), and the instrument "${opened.stack}" scores transcripts; name the bank stack or --reward the rows were recorded for`);
    if (registration) assertSameInstrument(registration.instrument, instrument.pin, registration.name);
    const scorer = opened.scorer as Scorer<BankRow>;
    params.models = opened.models.describe();
    params.instrument = scorer.instrument;
    const base = await rescoreBankArm(scorer, arms[labels.base], labels.base, hooks.progress?.("scoring base"));
    const trained = await rescoreBankArm(scorer, arms[labels.trained], labels.trained, hooks.progress?.("scoring trained"));
    hooks.stopProgress?.();
    const modelAnswers: ModelAnswers = instrument.checked ? instrument.checked.finish() : { mode: "recomputed" };
    if (inputs.banks_dir) {
      mkdirSync(inputs.banks_dir, { recursive: true });
      await writeJsonl(join(inputs.banks_dir, `${name}.base.jsonl`), base);
      await writeJsonl(join(inputs.banks_dir, `${name}.trained.jsonl`), trained);
    }
    const comparison = compareBankArms(base, trained);
    const earliest = provenance.map((b) => b.rolled_out_at).sort()[0];
    const report = certifyBankArms({
      comparison,
      stack: opened.stack,
      preregistration: prereg,
      primary: name,
      ...(registration && earliest ? { registered: { hash: registration.prereg_hash, name: registration.name, at: registration.at, registered_at: registration.at, rolled_out_at: earliest } } : {}),
    });
    const bound = registryBindings(inputs.prereg_log, prereg, registration, provenance, scorer.instrument.hash, arms);
    const result: BankCertifyResult = { ...report, bindings: { ...bound, instrument_pin: pinnedHash(instrument.pin), model_answers: modelAnswers } };
    return { artifact: makeArtifact("certify", params, result), report };
  } finally {
    await opened.close();
  }
}

async function rolloutSets(
  inputs: CertifyInputs,
  plan: { primary: string; replications: string[] },
  prereg: Preregistration | undefined,
  registration: RegisterEntry | null,
  scorer: Scorer<TranscriptRow>,
  roles: ModelsForCommand["roles"],
  hooks: CertifyHooks,
  params: Record<string, unknown>,
): Promise<SetBanks[]> {
  const rollout = inputs.rollout!;
  // The best-of-N arm reranks by the humor training reward: the instrument must be the humor stack
  // with these options, which the humor scorer built from them shows by its hash.
  const humor = humorOptions.safeParse(rawOptions(inputs));
  const same = humor.success && createHumorScorer(humor.data, roles).instrument.hash === scorer.instrument.hash;
  if (!humor.success || !same) throw new InputError("--base", `rollout mode simulates humor sessions and reranks them by the humor training reward; the instrument "${scorer.instrument.stack}" cannot: pass --base and --trained banks`);
  const registry = loadSeedRegistry(inputs.seed_registry);
  const { primary, replications } = plan;
  if (!Number.isInteger(rollout.limit) || rollout.limit < 2) throw new InputError("--limit", `expected an integer >= 2, got "${rollout.limit}"`);
  const bank = loadLineBank();
  const basePolicy: Agent = rollout.policy === "model" ? chatPolicy(roles.policy) : retrievalPolicy(bank);
  const partner: Agent = rollout.partner === "model" ? chatPartner(roles.partner) : retrievalPartner(bank);
  const trainedPolicy: Agent | undefined = rollout.trained_policy === "model" ? chatPolicy(roles.trained) : undefined;
  const stamp = prereg ? makeStamp(prereg, new Date(), registration ?? undefined) : undefined;
  const reward = trainingTurnReward({ audience: roles.audience, embedder: roles.embedder }, resolveHumorSettings(humor.data), humor.data.policy_speaker);
  const trainedDescription = trainedPolicy?.description ?? `best-of-${rollout.best_of} of the base policy by training reward (preset ${humor.data.preset})`;
  const out: SetBanks[] = [];
  const checks: Record<string, unknown> = {};
  for (const name of [primary, ...replications]) {
    const set = findSeedSet(registry, name);
    const check = assertEvaluationAllowed(registry, set);
    checks[name] = check;
    for (const w of check.warnings) hooks.warn?.(`${name} ${w}`);
    const seeds = seedsOf(set, rollout.limit);
    const arms = await rolloutArms({
      seeds,
      basePolicy,
      trainedPolicy,
      partner,
      bestOf: rollout.best_of,
      reward,
      // One bait arm, on the primary set, is enough to show the guards work.
      bait: rollout.bait && name === primary,
      policyTurns: rollout.turns,
      concurrency: inputs.concurrency,
      stamp,
      onProgress: (arm, d, t) => hooks.progress?.(`rolling out ${name} ${arm}`)?.(d, t),
    });
    const rolled: SetBanks = { name, base: arms.base, trained: arms.trained, ...(arms.bait ? { bait: arms.bait } : {}) };
    // The text is recorded in the registry as soon as it exists, before anything is scored, bound to
    // the simulator that produced it.
    const policyOf = { base: basePolicy.description, trained: trainedDescription, bait: `bait of ${basePolicy.description}` };
    const source = (label: string, rows: readonly TranscriptRow[]): BankSource => ({
      kind: "simulator",
      simulator: SIMULATOR_VERSION,
      policy: policyOf[label.split(" ").at(-1) as keyof typeof policyOf],
      partner: partner.description,
      line_bank: bank.hash,
      seeds_hash: hashOf(rows.map((r) => r.seed)),
    });
    if (registration && prereg)
      recordRollout(
        inputs.prereg_log,
        prereg,
        Object.entries(armsOf([rolled])).map(([label, rows]) => ({ label, rows, source: source(label, rows) })),
      );
    out.push(rolled);
  }
  params.rollout = {
    sets: [primary, ...replications],
    sessions_per_set: rollout.limit,
    policy_turns: rollout.turns,
    base_policy: basePolicy.description,
    trained_policy: trainedDescription,
    partner: partner.description,
    bait: rollout.bait,
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
