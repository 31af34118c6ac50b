// Slop density as a term (slop.ts measures, calibration.ts maps density to the factor).
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { slopFactor } from "../calibration.js";
import type { OpenerOptions } from "../openers.js";
import { measureSlop, slopTerm, type SlopMeasure } from "../slop.js";
import { markOff, negationOption, offOption, openersOption } from "./options.js";
import { narrationOf } from "./narration.js";
import type { ProseDictionary } from "../../../mining/dictionary.js";
import type { ProsePrepared } from "./prepare.js";
import { proseScan, slopDictionary } from "./resources.js";

export interface SlopTermOptions {
  negation: { nextSentence: boolean };
  /** Opener templates count as slop only in mode "templates"; the seed mode has its own curve. */
  openers: OpenerOptions;
  off: readonly string[];
}

export function slopOutcome(p: ProsePrepared, o: SlopTermOptions, dictionary: ProseDictionary = p.compiled.dictionary): TermOutcome {
  const slop = measureSlop(p.scan, p.compiled.slop, { nextSentenceNegation: o.negation.nextSentence, openers: narrationOf(p) });
  const calibration = dictionary.calibration;
  const value = slopFactor(slop.density, o.openers.mode === "templates" ? calibration.slop : calibration.slopWithoutTemplates);
  return markOff({ value, details: { density_per_1k: round(slop.density), per_1k: per1kRounded(slop.per1k), top: slop.top, words: slop.words } }, "slop", o.off);
}

export const proseSlop = defineTerm({
  meta: {
    name: "slop",
    kind: "factor",
    version: "prose-slop-2",
    roles: [],
    needs: { scan: proseScan, dictionary: slopDictionary },
    description: slopTerm.description,
    options: z.object({ negation: negationOption, openers: openersOption, off: offOption }).strict(),
  },
  measure: (_rows, { options, needs }: { options: SlopTermOptions; needs: { scan: readonly ProsePrepared[]; dictionary: ProseDictionary } }) => needs.scan.map((p) => slopOutcome(p, options, needs.dictionary)),
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
