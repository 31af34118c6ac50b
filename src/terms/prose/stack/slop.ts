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
import type { Scan } from "../../../text/scan.js";

export interface SlopTermOptions {
  negation: { nextSentence: boolean };
  /** Opener templates count as slop only in mode "templates"; the seed mode has its own curve. */
  openers: OpenerOptions;
  off: readonly string[];
}

export function slopOutcome(p: ProsePrepared, o: SlopTermOptions, dictionary: ProseDictionary = p.compiled.dictionary): TermOutcome {
  const openers = narrationOf(p);
  const slop = measureSlop(p.scan, p.compiled.slop, { nextSentenceNegation: o.negation.nextSentence, openers });
  const calibration = dictionary.calibration;
  // Under the reader's view the leading discourse words the openers skip ("But then, slowly, …") are not
  // words the density is spread over: a lead of any length neither hides an opener nor thins the slop.
  const leads = p.leadingRun ? leadingWords(p.scan, openers) : 0;
  const density = leads > 0 && p.scan.n > leads ? (slop.density * p.scan.n) / (p.scan.n - leads) : slop.density;
  const value = slopFactor(density, o.openers.mode === "templates" ? calibration.slop : calibration.slopWithoutTemplates);
  const details = { density_per_1k: round(density), per_1k: per1kRounded(slop.per1k), top: slop.top, words: slop.words };
  // The non-words factor (issue 36), measured in prepare (src/text/spelling.ts), is part of the lexical
  // cost: a word dodged by misspelling it costs at least what the word did.
  const nonWords = p.nonWords;
  if (!nonWords) return markOff({ value, details }, "slop", o.off);
  return markOff({ value: value * nonWords.factor, details: { ...details, non_words: { share: round(nonWords.share), factor: round(nonWords.factor), examples: nonWords.examples } } }, "slop", o.off);
}

/** Words before each narration sentence's opener: the leading discourse words the openers skipped. */
function leadingWords(scan: Scan, openers: readonly number[]): number {
  let n = 0;
  for (const k of openers) {
    let j = k;
    while (j > 0 && scan.sentence[j - 1] === scan.sentence[k]) j--;
    n += k - j;
  }
  return n;
}

export const proseSlop = defineTerm({
  meta: {
    name: "slop",
    kind: "factor",
    version: "prose-slop-4",
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
