// Slop density as a term (slop.ts measures, calibration.ts maps density to the factor).
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { slopFactor } from "../calibration.js";
import { openerOptions, type OpenerOptions } from "../openers.js";
import { measureSlop, slopTerm, type SlopMeasure } from "../slop.js";
import { markOff, offOption } from "./options.js";
import { narrationOf } from "./narration.js";
import type { ProsePrepared } from "./prepare.js";

export interface SlopTermOptions {
  negation: { nextSentence: boolean };
  /** Opener templates count as slop only in mode "templates"; the seed mode has its own curve. */
  openers: OpenerOptions;
  off: readonly string[];
}

export function slopOutcome(p: ProsePrepared, o: SlopTermOptions): TermOutcome {
  const slop = measureSlop(p.scan, p.compiled.slop, { nextSentenceNegation: o.negation.nextSentence, openers: narrationOf(p) });
  const calibration = p.compiled.dictionary.calibration;
  const value = slopFactor(slop.density, o.openers.mode === "templates" ? calibration.slop : calibration.slopWithoutTemplates);
  const details = { density_per_1k: round(slop.density), per_1k: per1kRounded(slop.per1k), top: slop.top, words: slop.words };
  // The non-words factor (issue 36), measured in prepare (src/text/spelling.ts), is part of the lexical
  // cost: a word dodged by misspelling it costs at least what the word did.
  const nonWords = p.nonWords;
  if (!nonWords) return markOff({ value, details }, "slop", o.off);
  return markOff({ value: value * nonWords.factor, details: { ...details, non_words: { share: round(nonWords.share), factor: round(nonWords.factor), examples: nonWords.examples } } }, "slop", o.off);
}

export const proseSlop = defineTerm({
  meta: {
    name: "slop",
    kind: "factor",
    version: "prose-slop-3",
    roles: [],
    description: slopTerm.description,
    options: z.object({ negation: z.object({ nextSentence: z.boolean() }).strict(), openers: openerOptions, off: offOption }).strict(),
  },
  measure: (_rows, { options, prepared }: { options: SlopTermOptions; prepared: readonly ProsePrepared[] }) => prepared.map((p) => slopOutcome(p, options)),
});

const round = (x: number): number => Math.round(x * 1000) / 1000;
/** Each rate rounded, the keys in measureSlop's order. */
const per1kRounded = (o: SlopMeasure["per1k"]): SlopMeasure["per1k"] => ({
  pair: round(o.pair),
  frame: round(o.frame),
  excess_word: round(o.excess_word),
  stacked_adjectives: round(o.stacked_adjectives),
  opener_template: round(o.opener_template),
  not_x_but_y: round(o.not_x_but_y),
});
