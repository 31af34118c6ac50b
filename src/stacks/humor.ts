// The "humor" stack (SPEC §4, seed 000): per-session scores over transcript rows. score.value is the
// certified retention C (the evaluation score; option value: "training" makes it the additive training
// reward instead, for serving to a trainer). Every term's per-turn values are in its details, so audits
// and dashboards can see which turn earned what.
import { z } from "zod";
import type { Score, TermValue, TranscriptRow } from "../core/types.js";
import { LAUGHTER_VOCAB_VERSIONS, loadLaughterVocab, type LaughterVocabVersion } from "../text/laughter/index.js";
import { LAUGHTER_MEANING_VERSION, laughterMeaningHash } from "../text/laughter-meaning.js";
import { hashOf } from "../core/hash.js";
import { loadRelevanceReference } from "../terms/humor/relevance.js";
import { AUDIENCE_PROMPT_TEMPLATE, AUDIENCE_PROMPT_VERSION } from "../terms/humor/audience-prompt.js";
import { tasteOptions, type LaughterMass } from "../terms/humor/audience-taste.js";
import { certifiedOptions, type CertifiedFormula } from "../terms/humor/certified-retention.js";
import { GROUNDING_CREDIT_FORMS, USE_LITE_GROUNDING_CEILING, USE_LITE_GROUNDING_FLOOR, type GroundingCreditForm } from "../terms/humor/grounding.js";
import { REPETITION_MODES, type RepetitionMode } from "../terms/humor/repetition.js";
import { LAUGHTER_OPENERS, OPENERS_VERSION } from "../terms/humor/laughter-openers.js";
import { SCREEN_VERSIONS, type ScreenResult, type ScreenVersion } from "../terms/humor/screens.js";
import { LAUGHTER_READINGS, assembleSession, measureSession, type LaughterReading, type HumorModels, type HumorSettings, type SessionBreakdown, type TurnMeasurements } from "../terms/humor/session.js";
import { groundingTerm, planSession, repetitionTerm, screensTerm, tasteTerm, type SessionPlan } from "../terms/humor/terms.js";
import { PRESETS, trainingWeights } from "../terms/humor/training-reward.js";
import type { CombineResult } from "./combine.js";
import { composeStack } from "./compose.js";
import type { ModelRoles, Scorer } from "./types.js";

// humor-stack-3: declared with composeStack (same scores; the instrument now lists each term's version).
// humor-stack-4: the hardened profile reads laughter by meaning (v3 vocabulary and the detector, every
// term reads the replies without their cues, humor-screens-2); the seed profile's scores are unchanged.
// humor-stack-5: the hardened profile certifies with humor-C-3 (the mean self-repetition, not the
// maximum: issue 36's same-length swaps) and its terms read each turn's reader view.
export const HUMOR_STACK_VERSION = "humor-stack-5";

/**
 * The two versioned configurations (SPEC §13). "seed" is seed 000 as written (humor-stack-1's forms;
 * its scores are bit-identical to humor-stack-1's). "hardened" closes the change-the-subject exploit of
 * issue #22: grounding credit that keeps rising above the floor, and certified retention on that
 * credit. Each choice can still be overridden on its own; the resolved choices are in the instrument.
 */
export const HUMOR_PROFILES = {
  hardened: { credit: "relevance", repetition: "seed", formula: "humor-C-3", vocab: "v3", laughter: "meaning", screens: "humor-screens-3" },
  seed: { credit: "ratio", repetition: "seed", formula: "humor-C-1", vocab: "v2-seed", laughter: "vocab", screens: "humor-screens-1" },
} as const satisfies Record<string, { credit: GroundingCreditForm; repetition: RepetitionMode; formula: CertifiedFormula; vocab: LaughterVocabVersion; laughter: LaughterReading; screens: ScreenVersion }>;
export type HumorProfile = keyof typeof HUMOR_PROFILES;

export const humorOptions = z
  .object({
    /** "hardened" (default) or "seed" (seed 000 as written): the defaults of credit, repetition and certified.formula. */
    profile: z.enum(["hardened", "seed"]).default("hardened"),
    /** Seed 000's runs: weights and the audience normalization they used (RL-C/D: v1, RL-E: v2). */
    preset: z.enum(["RL-C", "RL-D", "RL-E"]).default("RL-E"),
    /** Overrides of the preset's training weights. */
    weights: trainingWeights.partial().optional(),
    floor: z.number().gt(0).max(1).default(USE_LITE_GROUNDING_FLOOR),
    /** Where the linear credit reaches 1 (calibrate with `foolsgold calibrate-floor`, like the floor). */
    ceiling: z.number().gt(0).max(1).default(USE_LITE_GROUNDING_CEILING),
    window: z.number().int().min(1).default(2),
    /** Grounding credit form; defaults to the profile's ("linear" hardened, "ratio" seed). */
    credit: z.enum(GROUNDING_CREDIT_FORMS).optional(),
    /** Self-repetition mode; defaults to the profile's. */
    repetition: z.enum(REPETITION_MODES).optional(),
    taste: tasteOptions.prefault({}),
    /** How the terms read laughter: "meaning" (hardened: every term reads the replies without their cues) or "vocab" (seed). */
    laughter: z.enum(LAUGHTER_READINGS).optional(),
    /** Screen version; defaults to the profile's ("humor-screens-3" hardened, "humor-screens-1" seed). */
    screens: z.enum(SCREEN_VERSIONS).optional(),
    normalization: z
      .object({
        /** Defaults to the preset's (v1 for RL-C/RL-D, v2 for RL-E). */
        mode: z.enum(["none", "v1", "v2"]).optional(),
        /** Defaults to the profile's ("v3" hardened, "v2-seed" seed). */
        vocab: z.enum(LAUGHTER_VOCAB_VERSIONS).optional(),
      })
      .strict()
      .prefault({}),
    certified: certifiedOptions.prefault({}),
    value: z.enum(["certified", "training"]).default("certified"),
    policy_speaker: z.string().min(1).default("policy"),
    /** Sessions scored at once (an execution detail, not part of the instrument). */
    concurrency: z.number().int().min(1).max(256).default(8),
  })
  .strict();
export type HumorOptions = z.input<typeof humorOptions>;
type ResolvedOptions = z.output<typeof humorOptions>;

export interface HumorScorer extends Scorer<TranscriptRow> {
  readonly settings: HumorSettings;
  /** Score one session and return its full breakdown (audits use this). */
  scoreSession(row: TranscriptRow): Promise<{ score: Score; breakdown: SessionBreakdown; laughter: LaughterMass[] }>;
}

export function resolveHumorSettings(options: ResolvedOptions): HumorSettings {
  const preset = PRESETS[options.preset];
  const profile = HUMOR_PROFILES[options.profile];
  const mode = options.normalization.mode ?? preset.normalization;
  // The raw path (normalization "none") is asked for to see laughter as written: no reading strips it either.
  const laughter = options.laughter ?? (mode === "none" ? "vocab" : profile.laughter);
  const credit = options.credit ?? profile.credit;
  if (credit !== "ratio" && !(options.ceiling > options.floor)) {
    throw new RangeError(`ceiling (${options.ceiling}) must exceed floor (${options.floor}) for the linear grounding credit`);
  }
  return {
    floor: options.floor,
    ceiling: options.ceiling,
    credit,
    window: options.window,
    repetition: options.repetition ?? profile.repetition,
    formula: options.certified.formula ?? profile.formula,
    taste: options.taste,
    normalization: { mode, vocab: loadLaughterVocab(options.normalization.vocab ?? profile.vocab), cues: laughter },
    weights: { ...preset.weights, ...options.weights },
    w_t: options.certified.w_t,
    laughter,
    screens: options.screens ?? profile.screens,
  };
}

/** What the instrument records as options: every resolved choice, the vocabulary's hash, the prompt and openers. */
function recordedOptions(options: ResolvedOptions, settings: HumorSettings): Record<string, unknown> {
  return {
    profile: options.profile,
    preset: options.preset,
    weights: settings.weights,
    floor: settings.floor,
    ceiling: settings.ceiling,
    credit: settings.credit,
    ...(settings.credit === "relevance" ? { relevance: relevanceRecord() } : {}),
    window: settings.window,
    repetition: settings.repetition,
    taste: settings.taste,
    normalization: {
      mode: settings.normalization.mode,
      vocab: settings.normalization.vocab.version,
      vocab_hash: settings.normalization.vocab.hash,
    },
    laughter: settings.laughter === "meaning" ? { reading: "meaning", detector: LAUGHTER_MEANING_VERSION, table_hash: laughterMeaningHash() } : { reading: "vocab" },
    screens: settings.screens,
    certified: { formula: settings.formula, w_t: settings.w_t },
    value: options.value,
    policy_speaker: options.policy_speaker,
    audience_prompt: { version: AUDIENCE_PROMPT_VERSION, template: AUDIENCE_PROMPT_TEMPLATE },
    openers: { version: OPENERS_VERSION, list: LAUGHTER_OPENERS },
  };
}

/** The relevance reference as the instrument records it: version, embedder, calibration points and the mean's hash. */
function relevanceRecord(): Record<string, unknown> {
  const ref = loadRelevanceReference();
  return { version: ref.version, embedder: ref.embedder, floor: ref.floor, ceiling: ref.ceiling, mean_hash: hashOf(ref.mean) };
}

/** Checks a transcript row's shape, naming the first bad field. */
export function transcriptProblem(row: unknown): string | null {
  if (row === null || typeof row !== "object") return "row is not an object";
  const r = row as Record<string, unknown>;
  if (!Array.isArray(r.turns)) return "turns: expected an array of {speaker, text}";
  for (const [i, t] of r.turns.entries()) {
    if (t === null || typeof t !== "object") return `turns.${i}: expected an object`;
    const turn = t as Record<string, unknown>;
    if (typeof turn.speaker !== "string" || turn.speaker === "") return `turns.${i}.speaker: expected a non-empty string`;
    if (typeof turn.text !== "string") return `turns.${i}.text: expected a string`;
  }
  return null;
}

/** The score's entries of one session: each term's per-turn values, the training reward and C. */
function sessionTerms(b: SessionBreakdown, laughter: readonly LaughterMass[], settings: HumorSettings, options: ResolvedOptions): Record<string, TermValue> {
  const noTurns = b.m === 0 ? { reason: "no policy turns" } : {};
  const per = <T>(f: (t: SessionBreakdown["turns"][number]) => T) => b.turns.map(f);
  return {
    grounding: {
      value: b.F,
      details: {
        ...noTurns,
        floor: settings.floor,
        ceiling: settings.ceiling,
        credit_form: settings.credit,
        mean_credit: b.G,
        window: settings.window,
        turn_index: per((t) => t.index),
        g: per((t) => t.g),
        ...(settings.credit === "relevance" ? { relevance: per((t) => t.relevance) } : {}),
        credit: per((t) => t.credit),
        passes: per((t) => t.passes),
      },
    },
    repetition: { value: b.S, details: { ...noTurns, mode: settings.repetition, s: per((t) => t.s) } },
    taste: {
      value: b.meanTaste,
      details: {
        ...noTurns,
        mode: settings.taste.mode,
        normalization: settings.normalization.mode,
        L_lo: settings.taste.L_lo,
        L_hi: settings.taste.L_hi,
        L: per((t) => t.L),
        taste: per((t) => t.taste),
        ...(settings.taste.mode === "topk" ? { below_top_k: laughter.map((l) => l.belowTopK ?? false) } : {}),
      },
    },
    screens: { value: b.B, details: { cjk: per((t) => t.screen.cjk), asterisk: per((t) => t.screen.asterisk), fail_turns: b.turns.filter((t) => t.screen.fail).map((t) => t.index) } },
    training_reward: { value: b.trainingReward, details: { profile: options.profile, preset: options.preset, weights: settings.weights, r: per((t) => t.r) } },
    certified: { value: b.C, details: { formula: settings.formula, w_t: settings.w_t, m: b.m, zero_certification: b.C === 0 } },
  };
}

function sessionResult(b: SessionBreakdown, laughter: readonly LaughterMass[], settings: HumorSettings, options: ResolvedOptions): CombineResult {
  return { value: options.value === "certified" ? b.C : b.trainingReward, terms: sessionTerms(b, laughter, settings, options) };
}

// Settings are resolved once per resolved options object (the scorer passes the same one to every row).
const settingsCache = new WeakMap<ResolvedOptions, HumorSettings>();
function settingsOf(options: ResolvedOptions): HumorSettings {
  let settings = settingsCache.get(options);
  if (!settings) settingsCache.set(options, (settings = resolveHumorSettings(options)));
  return settings;
}

/** The per-turn measurements back out of the terms' details, in the order measureSession gives them. */
function measuredOf(plan: Pick<SessionPlan, "policyIndexes">, terms: Readonly<Record<string, TermValue>>): TurnMeasurements[] {
  const detail = <T>(name: string, key: string) => (terms[name].details as Record<string, T[]>)[key];
  const g = detail<number>("grounding", "g");
  const relevance = detail<number>("grounding", "relevance");
  const s = detail<number>("repetition", "s");
  const laughter = detail<LaughterMass>("taste", "laughter");
  const screens = detail<ScreenResult>("screens", "screens");
  return plan.policyIndexes.map((index, j) => ({ index, g: g[j], ...(relevance ? { relevance: relevance[j] } : {}), s: s[j], L: laughter[j].L, screen: screens[j] }));
}

export const humorStack = composeStack<ResolvedOptions, TranscriptRow, SessionPlan>({
  name: "humor",
  capabilities: { huntObjective: "taste.L", huntPositions: ["per-turn", "end"], minedPositions: ["per-turn"], huntFamilies: ["laughter"], huntReference: "humor" },
  description: "Humor conversation reward (seed 000): grounding, self-repetition, audience laughter taste, screens; value = certified retention C (profile hardened or seed).",
  version: HUMOR_STACK_VERSION,
  rowKind: "transcript",
  terms: [groundingTerm, repetitionTerm, tasteTerm, screensTerm],
  options: humorOptions,
  check: (options) => void settingsOf(options),
  prepare: (row, { options }) => planSession(row, settingsOf(options), options.policy_speaker),
  rowProblem: transcriptProblem,
  // The session plan is the one prepare made for the terms; the combination reads their per-turn details.
  combine: (_values, { options, terms, prepared }) => {
    const settings = settingsOf(options);
    const plan = prepared as SessionPlan;
    const breakdown = assembleSession(measuredOf(plan, terms), settings);
    return sessionResult(breakdown, (terms.taste.details as { laughter: LaughterMass[] }).laughter, settings, options);
  },
  recordOptions: (options) => recordedOptions(options, settingsOf(options)),
  executionOptions: ["concurrency"],
  // One session per batch: its model calls are one embedding request and one batch of audience requests.
  batchRows: 1,
  concurrency: (options) => options.concurrency,
});

export function createHumorScorer(input: HumorOptions, roles: ModelRoles): HumorScorer {
  const options = humorOptions.parse(input);
  const scorer = humorStack.create(options, roles) as Scorer<TranscriptRow>;
  const settings = settingsOf(options);
  const models: HumorModels = { audience: roles.audience, embedder: roles.embedder };

  // The same measurements and arithmetic as scoreRows, in one pass, with the breakdown audits read.
  async function scoreSession(row: TranscriptRow) {
    const problem = transcriptProblem(row);
    if (problem) throw new Error(problem);
    const { measured, laughter } = await measureSession(row.turns, models, settings, options.policy_speaker);
    const breakdown = assembleSession(measured, settings);
    const score: Score = { value: options.value === "certified" ? breakdown.C : breakdown.trainingReward, terms: sessionTerms(breakdown, laughter, settings, options), instrument: scorer.instrument.hash };
    return { score, breakdown, laughter };
  }

  return { ...scorer, settings, scoreSession };
}
