// The "prose" stack (SPEC §7, seed 002): the role-play prose reward as a multiplicative stack over
// bank rows. Every seed term is lexical. The slop dictionary is an option: a file mined with
// `foolsgold mine`, or the shipped default (mined from MIT/public-domain corpora, see docs/prose.md).
// The instrument hash covers the dictionary's content, not its path. Two opt-in guards, not in the
// seed, close holes the transform audit found: self-repetition (lexical) and word order, the one
// model-based part, which needs a "reference" LM; a failed call leaves the row unscored with the error.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { errorMessage, InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { BankRow, Score } from "../core/types.js";
import { loadDictionary } from "../mining/dictionary.js";
import { instrumentModel, type ModelClient } from "../models/spec.js";
import { DEFAULT_GATE_OPTIONS } from "../terms/prose/gates.js";
import { openerOptions } from "../terms/prose/openers.js";
import { repetitionGuardOptions } from "../terms/prose/repetition-guard.js";
import { DEFAULT_PROSE_OPTIONS, PROSE_FACTORS, ProseReward, rowProse } from "../terms/prose/reward.js";
import { measureWordOrder, wordOrderFactor, wordOrderOptions } from "../terms/prose/word-order.js";
import type { Instrument, Scorer, StackDefinition } from "./types.js";

export const PROSE_STACK_VERSION = "1";

export const DEFAULT_DICTIONARY_PATH = fileURLToPath(new URL("../terms/prose/data/default-dictionary.json", import.meta.url));

export const proseOptions = z.object({
  /** Path of a dictionary from `foolsgold mine`; the shipped default when absent. */
  dictionary: z.string().min(1).optional(),
  /** Policy rollouts in the human-phrase rate window (0: keep the mined rates). */
  phraseWindow: z.number().int().min(0).default(DEFAULT_PROSE_OPTIONS.phraseWindow),
  freeThinkingWords: z.number().int().min(0).default(DEFAULT_PROSE_OPTIONS.freeThinkingWords),
  zeroThinkingWords: z.number().int().min(1).default(DEFAULT_PROSE_OPTIONS.zeroThinkingWords),
  /** Character names to ignore in echo matching. */
  names: z.array(z.string().min(1)).default([]),
  /** Factors left out of the product (still reported, marked off); the gates cannot be turned off. */
  off: z.array(z.enum(PROSE_FACTORS)).default([]),
  /** Opt-in guard against word salad; needs a model for role "reference" (src/terms/prose/word-order.ts). */
  wordOrder: wordOrderOptions.prefault({}),
  /** Opt-in guard against saying things twice (src/terms/prose/repetition-guard.ts). */
  repetition: repetitionGuardOptions.prefault({}),
  /** Opener rule: "templates" (mined opener templates in slop, p99 guard) or the seed's "seed" (src/terms/prose/openers.ts). */
  openers: openerOptions.prefault({}),
  gates: z
    .object({
      minWords: z.number().int().min(0).default(DEFAULT_GATE_OPTIONS.minWords),
      minShareOfGroupMedian: z.number().min(0).max(1).default(DEFAULT_GATE_OPTIONS.minShareOfGroupMedian),
      refusalMaxWords: z.number().int().min(0).default(DEFAULT_GATE_OPTIONS.refusalMaxWords),
      maxForeignLetters: z.number().int().min(1).default(DEFAULT_GATE_OPTIONS.maxForeignLetters),
      minCommonEnglish: z.number().min(0).max(1).default(DEFAULT_GATE_OPTIONS.minCommonEnglish),
    })
    .default(DEFAULT_GATE_OPTIONS),
});

export type ProseOptions = z.infer<typeof proseOptions>;

export const proseStack: StackDefinition<ProseOptions, BankRow> = {
  name: "prose",
  description: "Role-play prose reward (seed 002): zero-gates × thinking length × slop × human-phrase bonus × opener diversity × echo.",
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
    if (options.zeroThinkingWords <= options.freeThinkingWords) {
      throw new InputError("zeroThinkingWords", `must be greater than freeThinkingWords (${options.freeThinkingWords})`);
    }
    const reference = options.wordOrder.enabled ? models.reference : undefined;
    if (options.wordOrder.enabled && !reference) throw new InputError("models.reference", 'the word-order guard needs a model for role "reference" (a language model with echo log-probs)');
    const reward = new ProseReward(dictionary, { ...options, gates: { ...DEFAULT_GATE_OPTIONS, ...options.gates } });
    const { dictionary: _path, ...rest } = options;
    const body = {
      stack: "prose",
      version: PROSE_STACK_VERSION,
      options: { ...rest, dictionary: { sha256: hashOf(dictionary), created_at: dictionary.provenance.created_at } } as Record<string, unknown>,
      models: (reference ? { reference: instrumentModel(reference.spec) } : {}) as Instrument["models"],
    };
    const instrument: Instrument = { ...body, hash: hashOf(body) };
    return {
      instrument,
      rowKind: "bank",
      async scoreRows(rows, ctx): Promise<Score[]> {
        ctx?.signal?.throwIfAborted();
        const scores = reward.scoreRows(rows, (done) => ctx?.onProgress?.(done, rows.length));
        if (reference) await guardWordOrder(reference, rows, scores, options.wordOrder.minGap);
        return scores.map((s) => ({ ...s, instrument: instrument.hash }));
      },
    };
  },
};

/**
 * Multiplies each scored, ungated row by its word-order factor, in place. Gated rows stay 0 and are
 * not sent; a failed call leaves every row of the batch unscored with the error, never a number.
 */
async function guardWordOrder(reference: ModelClient, rows: readonly BankRow[], scores: Score[], minGap: number): Promise<void> {
  const todo = scores.flatMap((s, i) => (s.value !== null && s.terms.gates?.value !== 0 ? [i] : []));
  if (todo.length === 0) return;
  let measures: Awaited<ReturnType<typeof measureWordOrder>>;
  try {
    measures = await measureWordOrder(reference, todo.map((i) => rowProse(rows[i])), todo.map((i) => rows[i].id));
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
