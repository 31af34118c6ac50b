// Option schemas the prose terms share or the presets fill. One schema object per key, so terms and
// resources that read the same key share it. Every key defaults to the hardened preset's setting, so a
// term composed into another stack (a YAML stack's `use: slop`) needs no preset; the prose stack's
// preset fills them all (presetOptions).
import { z } from "zod";
import { PROSE_FACTORS } from "../factors.js";
import { functionOrderOptions } from "../function-order.js";
import { gateOptions } from "../gates.js";
import { openerOptions } from "../openers.js";
import { PROSE_PRESETS, type ProsePreset } from "../presets.js";
import { repetitionGuardOptions } from "../repetition-guard.js";

const HARDENED = PROSE_PRESETS.hardened.settings;

/** What a preset fills: its settings under the terms' option keys. */
export function presetOptions(p: ProsePreset): Record<string, unknown> {
  const s = p.settings;
  return {
    reading: s.reading,
    gates: s.gates,
    negation: { nextSentence: s.nextSentenceNegation },
    echo: s.echo,
    repetition: s.repetition,
    functionOrder: s.functionOrder,
    phrases: s.phrases,
    openers: s.openers,
    ...(s.weights ? { weights: s.weights } : {}),
  };
}

/** Factors left out of the product (still reported, marked off); the gates cannot be turned off. */
export const offOption = z.array(z.enum(PROSE_FACTORS)).default([]);

const shareLine = z.object({ free: z.number().min(0).max(1), floorAt: z.number().min(0).max(1), floor: z.number().min(0).max(1) }).strict();
export const readingOption = z
  .object({
    view: z.boolean().optional(),
    orthography: z.boolean().optional(),
    spelling: shareLine.optional(),
    casing: shareLine.optional(),
    padding: shareLine.optional(),
    fillers: z.boolean().optional(),
    promptEcho: shareLine.optional(),
    blocks: z.boolean().optional(),
    speech: z.number().gt(0).max(1).optional(),
    markup: z.boolean(),
    unhide: z.boolean(),
    confusables: z.boolean(),
    markBudget: z.number().min(0).nullable(),
  })
  .strict()
  .default(HARDENED.reading);
export const gatesOption = gateOptions.default(HARDENED.gates);
export const openersOption = openerOptions.default(HARDENED.openers);
export const negationOption = z.object({ nextSentence: z.boolean() }).strict().default({ nextSentence: HARDENED.nextSentenceNegation });
export const echoOption = z.object({ distinctivePartial: z.boolean(), inverted: z.boolean() }).strict().default(HARDENED.echo);
export const repetitionOption = repetitionGuardOptions.default(HARDENED.repetition);
export const functionOrderOption = functionOrderOptions.default(HARDENED.functionOrder);
/**
 * Hardened: a phrase counts only in a sentence at most `maxSentenceShare` bonus phrases, and a reply with
 * a sentence of ≥ `forfeitAt` distinct phrases making up more of it gets no bonus (0.70): in the 12,540
 * human texts of ../shared/data no sentence holds more than 3. null: the seed's every occurrence.
 */
export const phrasesOption = z
  .object({ maxSentenceShare: z.number().min(0).max(1).nullable(), forfeitAt: z.number().int().min(1).nullable() })
  .strict()
  .default(HARDENED.phrases);

/** Marks a factor left out of the product in its details. */
export function markOff<T extends { details?: Record<string, unknown> }>(outcome: T, name: string, off: readonly string[]): T {
  return off.includes(name) ? { ...outcome, details: { ...outcome.details, off: true } } : outcome;
}
