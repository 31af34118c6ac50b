// Slop density as a term (slop.ts measures, calibration.ts maps density to the factor).
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { slopFactor } from "../calibration.js";
import type { OpenerOptions } from "../openers.js";
import { measureSlop, type SlopMeasure } from "../slop.js";
import { markOff, negationOption, offOption, openersOption } from "./options.js";
import { narrationOf } from "./narration.js";
import { narrationOpeners } from "../openers.js";
import type { ProseDictionary } from "../dictionary.js";
import { dilution, type ProsePrepared } from "./prepare.js";
import { proseScan, slopDictionary } from "./resources.js";
import type { Scan } from "../../../text/scan.js";

export interface SlopTermOptions {
  negation: { nextSentence: boolean };
  /** Opener templates count as slop only in mode "templates"; the seed mode has its own curve. */
  openers: OpenerOptions;
  off: readonly string[];
}

export function slopOutcome(p: ProsePrepared, o: SlopTermOptions, dictionary: ProseDictionary = p.compiled.dictionary): TermOutcome {
  const { slop, density: own } = slopDensity(p, o);
  // No added paragraphs thin the slop (dilution): the densest of the reply and the reply without any set
  // of them, its slop less the set's share of the paragraphs' own slop, over the words left.
  let density = own;
  const { parts, sets } = dilution(p);
  if (sets.length > 0) {
    const totals = parts.map((t) => slopDensity(t, o).density * t.scan.n);
    const sum = totals.reduce((a, b) => a + b, 0);
    for (const set of sets) {
      let words = p.scan.n;
      let slopShare = 0;
      for (const k of set) {
        words -= parts[k].scan.n;
        slopShare += sum > 0 ? totals[k] / sum : 0;
      }
      if (words > 0) density = Math.max(density, (own * p.scan.n * (1 - slopShare)) / words);
    }
  }
  const calibration = dictionary.calibration;
  const value = slopFactor(density, o.openers.mode === "templates" ? calibration.slop : calibration.slopWithoutTemplates);
  const details = { density_per_1k: round(density), per_1k: per1kRounded(slop.per1k), top: slop.top, words: slop.words, ...(density !== own ? { whole_reply_density_per_1k: round(own) } : {}) };
  // The non-words factor (issue 36), measured in prepare (src/text/spelling.ts), is part of the lexical
  // cost: a word dodged by misspelling it costs at least what the word did.
  // So is the casing factor: Title Case or capitals that hide a word's usual form cost what the form did.
  const { nonWords, casing } = p;
  const factor = (nonWords?.factor ?? 1) * (casing?.factor ?? 1);
  return markOff(
    {
      value: value * factor,
      details: {
        ...details,
        ...(nonWords ? { non_words: { share: round(nonWords.share), factor: round(nonWords.factor), examples: nonWords.examples } } : {}),
        ...(casing ? { casing: { share: round(casing.share), factor: round(casing.factor) } } : {}),
      },
    },
    "slop",
    o.off,
  );
}

/** The slop measure of a prepared reply and its density, the leading words left out of the words it is spread over. */
function slopDensity(p: ProsePrepared, o: SlopTermOptions): { slop: SlopMeasure; density: number } {
  const openers = narrationOf(p);
  // A template is looked for after the lead and where the seed reads the opener (after one leading word),
  // so a lead that is itself a template ("In that moment, …") is counted as one, not skipped.
  const sites = p.leadingRun ? templateSites(openers, narrationOpeners(p.scan, p.compiled.lexicon)) : openers;
  const slop = measureSlop(p.scan, p.compiled.slop, { nextSentenceNegation: o.negation.nextSentence, openers: sites });
  // Under the reader's view the leading discourse words the openers skip ("But then, slowly, …") are not
  // words the density is spread over: a lead of any length neither hides an opener nor thins the slop.
  const leads = p.leadingRun ? leadingWords(p.scan, openers) : 0;
  const density = leads > 0 && p.scan.n > leads ? (slop.density * p.scan.n) / (p.scan.n - leads) : slop.density;
  return { slop, density };
}

/** Both lists of opener positions, merged in order, each position once. */
function templateSites(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next);
  }
  return out;
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
    version: "prose-slop-5",
    roles: [],
    needs: { scan: proseScan, dictionary: slopDictionary },
    description: "mined-dictionary clichés (counted once, BM25-saturated per hub) and weighted not-X-but-Y patterns per 1,000 words, through the calibrated decay curve",
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
