// The "prose" stack (SPEC §7, seed 002): the role-play prose reward, declared with composeStack over
// bank rows. Every seed term is lexical and reads one shared scan per row (the stack's `prepare`,
// src/terms/prose/stack/prepare.ts). Two presets (src/terms/prose/presets.ts): `hardened`, the
// default, and `seed`, seed 002 as written; any setting a preset fills can be given, one level deep,
// and unknown options are an error naming the key. Declared inputs: the slop dictionary (a file from
// `foolsgold mine`, or the shipped default mined from MIT/public-domain corpora, docs/prose.md), the
// policy's recent phrase rates as a file (`phraseRates`) or per call (`phrase_rates`); their hashes go
// into the instrument or onto every score, never their paths. The word-order guard, the one
// model-based term, stays opt-in: it needs a "reference" LM.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { errorMessage, InputError } from "../core/errors.js";
import type { BankRow } from "../core/types.js";
import { PROSE_FACTORS, type ProseFactor } from "../terms/prose/factors.js";
import { phraseRatesSchema, type PhraseRates } from "../terms/prose/phrases.js";
import { PROSE_PRESETS, type ProsePresetName } from "../terms/prose/presets.js";
import { proseEcho } from "../terms/prose/stack/echo.js";
import { proseFunctionOrder } from "../terms/prose/stack/function-order.js";
import { proseGates } from "../terms/prose/stack/gates.js";
import { proseHumanPhrases } from "../terms/prose/stack/human-phrases.js";
import { proseOpeners } from "../terms/prose/stack/openers.js";
import { presetOptions } from "../terms/prose/stack/options.js";
import { proseSelfRepetition } from "../terms/prose/stack/self-repetition.js";
import { proseSlop } from "../terms/prose/stack/slop.js";
import { proseThinkingLength } from "../terms/prose/stack/thinking-length.js";
import { proseWordOrder } from "../terms/prose/stack/word-order.js";
import { composeStack, type TermsOptions } from "./compose.js";

export const PROSE_STACK_VERSION = "3";

export { DEFAULT_DICTIONARY_PATH } from "../terms/prose/stack/resources.js";

/** The stack's terms, in the order they run (the gates first: a gated row reaches no other term). */
export const PROSE_STACK_TERMS = [proseGates, proseThinkingLength, proseSlop, proseHumanPhrases, proseOpeners, proseEcho, proseSelfRepetition, proseFunctionOrder, proseWordOrder] as const;

const stackOptions = z
  .object({
    /** Path of the policy's recent phrase rates (JSON, PhraseRates); absent: the dictionary's model rates. */
    phraseRates: z.string().min(1).optional(),
    /** Each factor's exponent in the product (absent: 1); the hardened preset weighs the human-phrase bonus a fifth (presets.ts HARDENED_WEIGHTS). */
    weights: z
      .object(Object.fromEntries(PROSE_FACTORS.map((f) => [f, z.number().min(0).max(4).optional()])) as Record<ProseFactor, z.ZodOptional<z.ZodNumber>>)
      .strict()
      .optional(),
  })
  .strict();

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

/** A factor raised to its weight (absent: the factor itself, so an unweighted product is the seed's to the bit). */
const weighted = (value: number, weight: number | undefined): number => (weight === undefined || weight === 1 ? value : value ** weight);

/** Whether the human-phrase term forfeited its bonus for a sentence strung from its phrases. */
const forfeited = (details: Record<string, unknown> | undefined, at: number | null): boolean => at !== null && typeof details?.stuffed_sentence_phrases === "number" && details.stuffed_sentence_phrases >= at;

/** The resolved options of the stack (what proseOptions.parse gives): the terms' and their resources', the stack's own, the preset. */
export type ProseOptions = TermsOptions<typeof PROSE_STACK_TERMS> & z.output<typeof stackOptions> & { preset: ProsePresetName };

export const proseStack = composeStack<ProseOptions, BankRow>({
  name: "prose",
  capabilities: { huntObjective: "reward", huntFamilies: [], groupBy: "group_id", auditTransforms: "prose", parallel: "rows" },
  description: "Role-play prose reward (seed 002; preset hardened or seed): zero-gates × thinking length × slop × human-phrase bonus × opener diversity × echo × self-repetition × function-word order (× word order when on).",
  version: PROSE_STACK_VERSION,
  rowKind: "reply",
  // The abnormally-short gate compares a reply with the rows of its group (or, without one, its prompt).
  terms: PROSE_STACK_TERMS,
  options: stackOptions,
  presets: { default: "hardened", values: { seed: presetOptions(PROSE_PRESETS.seed), hardened: presetOptions(PROSE_PRESETS.hardened) } },
  // The dictionary and the scan are the terms' needs (terms/prose/stack/resources.ts).
  inputs: {
    phraseRates: { from: "static", description: "the policy's recent phrase rates from a file", load: (o) => (o.phraseRates ? loadPhraseRates(o.phraseRates) : null) },
    phrase_rates: { from: "request", description: "the policy's recent phrase rates for this call", schema: phraseRatesSchema.optional() },
  },
  rowProblem: (row) => (typeof row?.output !== "string" ? "`output` must be a string" : null),
  check(options) {
    if (options.zeroThinkingWords <= options.freeThinkingWords) throw new InputError("zeroThinkingWords", `must be greater than freeThinkingWords (${options.freeThinkingWords})`);
  },
  // Gated factors are still reported; a factor in `off` is reported and left out of the product, and a
  // weighted one enters it raised to its weight.
  // The weight tempers the human-phrase bonus's ranking, not its forfeit: a reply that strings bonus
  // phrases into a sentence (`phrases.forfeitAt`) keeps the full forfeit whatever the weight.
  combine: (values, { options, terms }) =>
    [...PROSE_FACTORS.filter((f) => !options.off.includes(f)), "self_repetition", "function_order", "word_order"].reduce(
      (p, t) => p * weighted(values[t] ?? 1, t === "human_phrases" && forfeited(terms.human_phrases?.details, options.phrases.forfeitAt) ? undefined : options.weights?.[t as ProseFactor]),
      1,
    ),
  // Paths are not recorded (the inputs' content hashes are); the preset is recorded with its version.
  recordOptions: ({ dictionary: _d, phraseRates: _r, preset, ...rest }) => ({ preset: { name: preset, version: PROSE_PRESETS[preset].version }, ...rest }),
  // The abnormally-short gate compares each reply with the other rows of the call: one batch per call.
  batchRows: Number.MAX_SAFE_INTEGER,
  concurrency: 1,
});

/** The options schema (strict; the preset fills what is not given). */
export const proseOptions = proseStack.options as z.ZodType<ProseOptions>;
