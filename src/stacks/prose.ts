// The "prose" stack (SPEC §7, seed 002): the role-play prose reward as a multiplicative stack over
// bank rows. Every seed term is lexical. The slop dictionary is an option: a file mined with
// `foolsgold mine`, or the shipped default (mined from MIT/public-domain corpora, see docs/prose.md).
// Two presets (src/terms/prose/presets.ts): `hardened`, the default, and `seed`, seed 002 as written;
// any setting a preset fills can be given explicitly, and unknown options are an error naming the key.
// The instrument hash covers the preset and its version, every resolved setting, the dictionary's
// content (not its path) and the policy's phrase rates when given (a declared input: the stack keeps
// no state between calls). The word-order guard, the one model-based part, stays opt-in: it needs a
// "reference" LM; a failed call leaves the row unscored with the error.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { errorMessage, InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { BankRow, Score } from "../core/types.js";
import { loadDictionary } from "../mining/dictionary.js";
import { instrumentModel, type ModelClient } from "../models/spec.js";
import { gateOptions } from "../terms/prose/gates.js";
import { openerOptions } from "../terms/prose/openers.js";
import { phraseRatesSchema, type PhraseRates } from "../terms/prose/phrases.js";
import { PROSE_PRESET_NAMES, PROSE_PRESETS, type ProsePresetName } from "../terms/prose/presets.js";
import { repetitionGuardOptions } from "../terms/prose/repetition-guard.js";
import { PROSE_FACTORS, presetOptions, ProseReward, rowProse, type ProseRewardOptions } from "../terms/prose/reward.js";
import { measureWordOrder, wordOrderFactor, wordOrderOptions } from "../terms/prose/word-order.js";
import type { Instrument, Scorer, StackDefinition } from "./types.js";

export const PROSE_STACK_VERSION = "2";

export const DEFAULT_DICTIONARY_PATH = fileURLToPath(new URL("../terms/prose/data/default-dictionary.json", import.meta.url));

const readingOptions = z
  .object({ markup: z.boolean(), unhide: z.boolean(), confusables: z.boolean(), markBudget: z.number().min(0).nullable() })
  .partial()
  .strict();

export const proseOptions = z
  .object({
    /** `hardened` (default) or `seed` (seed 002 as written); the settings below override it one by one. */
    preset: z.enum(PROSE_PRESET_NAMES).default("hardened"),
    /** Path of a dictionary from `foolsgold mine`; the shipped default when absent. */
    dictionary: z.string().min(1).optional(),
    /** Path of the policy's recent phrase rates (JSON, PhraseRates); absent: the dictionary's model rates. */
    phraseRates: z.string().min(1).optional(),
    freeThinkingWords: z.number().int().min(0).default(600),
    zeroThinkingWords: z.number().int().min(1).default(1200),
    /** Character names to ignore in echo matching. */
    names: z.array(z.string().min(1)).default([]),
    /** Factors left out of the product (still reported, marked off); the gates cannot be turned off. */
    off: z.array(z.enum(PROSE_FACTORS)).default([]),
    /** Opt-in guard against word salad; needs a model for role "reference" (src/terms/prose/word-order.ts). */
    wordOrder: wordOrderOptions.prefault({}),
    /** Guard against saying things twice (src/terms/prose/repetition-guard.ts); on in `hardened`. */
    repetition: repetitionGuardOptions.optional(),
    reading: readingOptions.optional(),
    gates: gateOptions.optional(),
    negation: z.object({ nextSentence: z.boolean() }).partial().strict().optional(),
    echo: z.object({ distinctivePartial: z.boolean(), inverted: z.boolean() }).partial().strict().optional(),
    /** Opener rule: "templates" (mined opener templates in slop, a p99 guard; hardened) or "seed" (src/terms/prose/openers.ts). */
    openers: openerOptions.partial().strict().optional(),
  })
  .strict();

export type ProseOptions = z.infer<typeof proseOptions>;

/** The reward's options: the preset's settings with every explicit setting laid over them. */
export function resolveProseOptions(options: ProseOptions, phraseRates?: PhraseRates): ProseRewardOptions {
  const preset = presetOptions(PROSE_PRESETS[options.preset].settings);
  const repetition = { ...preset.repetition, ...options.repetition };
  if (repetition.full <= repetition.free) throw new InputError("repetition.full", `must be greater than repetition.free (${repetition.free})`);
  if (options.zeroThinkingWords <= options.freeThinkingWords) {
    throw new InputError("zeroThinkingWords", `must be greater than freeThinkingWords (${options.freeThinkingWords})`);
  }
  return {
    reading: { ...preset.reading, ...options.reading },
    gates: { ...preset.gates, ...options.gates },
    nextSentenceNegation: options.negation?.nextSentence ?? preset.nextSentenceNegation,
    echo: { ...preset.echo, ...options.echo },
    repetition,
    openers: { ...preset.openers, ...options.openers },
    freeThinkingWords: options.freeThinkingWords,
    zeroThinkingWords: options.zeroThinkingWords,
    names: options.names,
    off: options.off,
    ...(phraseRates ? { phraseRates } : {}),
  };
}

function loadPhraseRates(path: string): PhraseRates {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new InputError("phraseRates", `cannot read ${path}: ${errorMessage(err)}`, { cause: err });
  }
  const parsed = phraseRatesSchema.safeParse(raw);
  if (!parsed.success) throw new InputError("phraseRates", `${path}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"} ${i.message}`).join("; ")}`);
  return parsed.data;
}

export const proseStack: StackDefinition<ProseOptions, BankRow> = {
  name: "prose",
  description: "Role-play prose reward (seed 002; preset hardened or seed): zero-gates × thinking length × slop × human-phrase bonus × opener diversity × echo (× self-repetition when on).",
  rowKind: "bank",
  options: proseOptions,
  modelRoles: [],
  rolesFor: (options) => (options.wordOrder.enabled ? ["reference"] : []),
  create(options, models): Scorer<BankRow> {
    const path = options.dictionary ?? DEFAULT_DICTIONARY_PATH;
    if (!options.dictionary && !existsSync(path)) {
      throw new InputError("dictionary", "no dictionary given and the default dictionary is missing: pass --dictionary FILE (from `foolsgold mine`)");
    }
    const dictionary = loadDictionary(path);
    const phraseRates = options.phraseRates ? loadPhraseRates(options.phraseRates) : undefined;
    const resolved = resolveProseOptions(options, phraseRates);
    const reference = options.wordOrder.enabled ? models.reference : undefined;
    if (options.wordOrder.enabled && !reference) throw new InputError("models.reference", 'the word-order guard needs a model for role "reference" (a language model with echo log-probs)');
    const reward = new ProseReward(dictionary, resolved);
    const preset = PROSE_PRESETS[options.preset as ProsePresetName];
    const { phraseRates: _rates, ...settings } = resolved;
    const body = {
      stack: "prose",
      version: PROSE_STACK_VERSION,
      options: {
        preset: { name: preset.name, version: preset.version },
        ...settings,
        wordOrder: options.wordOrder,
        dictionary: { sha256: hashOf(dictionary), created_at: dictionary.provenance.created_at },
        phraseRates: phraseRates ? { sha256: hashOf(phraseRates), rollouts: phraseRates.rollouts, words: phraseRates.words } : null,
      } as Record<string, unknown>,
      models: (reference ? { reference: instrumentModel(reference.spec) } : {}) as Instrument["models"],
    };
    const instrument: Instrument = { ...body, hash: hashOf(body) };
    return {
      instrument,
      rowKind: "bank",
      async scoreRows(rows, ctx): Promise<Score[]> {
        ctx?.signal?.throwIfAborted();
        const scores = reward.scoreRows(rows, (done) => ctx?.onProgress?.(done, rows.length));
        if (reference) await guardWordOrder(reference, rows, scores, options.wordOrder.minGap, resolved);
        return scores.map((s) => ({ ...s, instrument: instrument.hash }));
      },
    };
  },
};

/**
 * Multiplies each scored, ungated row by its word-order factor, in place. Gated rows stay 0 and are
 * not sent; a failed call leaves every row of the batch unscored with the error, never a number.
 */
async function guardWordOrder(reference: ModelClient, rows: readonly BankRow[], scores: Score[], minGap: number, resolved: ProseRewardOptions): Promise<void> {
  const todo = scores.flatMap((s, i) => (s.value !== null && s.terms.gates?.value !== 0 ? [i] : []));
  if (todo.length === 0) return;
  let measures: Awaited<ReturnType<typeof measureWordOrder>>;
  try {
    measures = await measureWordOrder(reference, todo.map((i) => rowProse(rows[i], resolved.reading)), todo.map((i) => rows[i].id));
  } catch (err) {
    for (const i of todo) scores[i] = { value: null, terms: scores[i].terms, instrument: "", error: `word_order: ${errorMessage(err)}` };
    return;
  }
  todo.forEach((i, k) => {
    const m = measures[k];
    const factor = wordOrderFactor(m.gap, minGap);
    scores[i].terms.word_order = { value: factor, details: { gap: round(m.gap), nll: round(m.nll), shuffled_nll: round(m.shuffledNll), min_gap: minGap } };
    scores[i].value = (scores[i].value as number) * factor;
  });
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
