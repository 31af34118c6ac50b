// The "prose" stack (SPEC §7, seed 002): the role-play prose reward as a multiplicative stack over
// bank rows, with no model roles (every term is lexical). The slop dictionary is an option: a file
// mined with `foolsgold mine`, or the shipped default (mined from MIT/public-domain corpora, see
// docs/prose.md). The instrument hash covers the dictionary's content, not its path.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { BankRow, Score } from "../core/types.js";
import { loadDictionary } from "../mining/dictionary.js";
import { DEFAULT_GATE_OPTIONS } from "../terms/prose/gates.js";
import { DEFAULT_PROSE_OPTIONS, PROSE_FACTORS, ProseReward } from "../terms/prose/reward.js";
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
  create(options): Scorer<BankRow> {
    const path = options.dictionary ?? DEFAULT_DICTIONARY_PATH;
    if (!options.dictionary && !existsSync(path)) {
      throw new InputError("dictionary", "no dictionary given and the default dictionary is missing: pass --dictionary FILE (from `foolsgold mine`)");
    }
    const dictionary = loadDictionary(path);
    if (options.zeroThinkingWords <= options.freeThinkingWords) {
      throw new InputError("zeroThinkingWords", `must be greater than freeThinkingWords (${options.freeThinkingWords})`);
    }
    const reward = new ProseReward(dictionary, { ...options, gates: { ...DEFAULT_GATE_OPTIONS, ...options.gates } });
    const { dictionary: _path, ...rest } = options;
    const body = {
      stack: "prose",
      version: PROSE_STACK_VERSION,
      options: { ...rest, dictionary: { sha256: hashOf(dictionary), created_at: dictionary.provenance.created_at } } as Record<string, unknown>,
      models: {},
    };
    const instrument: Instrument = { ...body, hash: hashOf(body) };
    return {
      instrument,
      rowKind: "bank",
      async scoreRows(rows, ctx): Promise<Score[]> {
        ctx?.signal?.throwIfAborted();
        const scores = reward.scoreRows(rows, (done) => ctx?.onProgress?.(done, rows.length));
        return scores.map((s) => ({ ...s, instrument: instrument.hash }));
      },
    };
  },
};
