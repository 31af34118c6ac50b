// Slop density as a term (slop.ts measures, calibration.ts maps density to the factor).
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { slopFactor } from "../calibration.js";
import type { OpenerOptions } from "../openers.js";
import { measureSlop, type SlopMeasure } from "../slop.js";
import { markOff, negationOption, offOption, openersOption } from "./options.js";
import { narrationOf, speechShare } from "./narration.js";
import { narrationOpeners } from "../openers.js";
import type { ProseDictionary } from "../dictionary.js";
import { dilution, paddingOf, withoutEachUnrelated, type ProsePrepared } from "./prepare.js";
import { idleMask } from "./idle.js";
import { nonWordsFactor } from "../../../text/spelling.js";
import { proseScan, slopDictionary } from "./resources.js";
import type { Scan } from "../../../text/scan.js";

export interface SlopTermOptions {
  negation: { nextSentence: boolean };
  /** Opener templates count as slop only in mode "templates"; the seed mode has its own curve. */
  openers: OpenerOptions;
  off: readonly string[];
}

/** The share of words spoken that the speech reading leaves alone: model replies' p95 on the tuning slice (0.308), rounded. */
const FREE_SPEECH_SHARE = 0.3;

export function slopOutcome(p: ProsePrepared, o: SlopTermOptions, dictionary: ProseDictionary = p.compiled.dictionary): TermOutcome {
  const outcome = readSlop(p, o, dictionary);
  // Text unrelated to the prompt and the rest of the reply raises nothing (./prepare.ts
  // withoutEachUnrelated): the factor is at most the reply's without any one such block.
  if (outcome.value === null) return outcome;
  let least = outcome.value;
  for (const kept of withoutEachUnrelated(p)) if (kept.scan.n > 0) least = Math.min(least, readSlop(kept, o, dictionary).value ?? least);
  return least < outcome.value ? { ...outcome, value: least, details: { ...outcome.details, without_unrelated: round(least) } } : outcome;
}

function readSlop(p: ProsePrepared, o: SlopTermOptions, dictionary: ProseDictionary): TermOutcome {
  const whole = slopDensity(p, o);
  const { slop } = whole;
  const { parts, sets, unrelated } = dilution(p);
  const measured = parts.map((t) => slopDensity(t, o));
  // Paragraphs unrelated to the prompt and the rest of the reply (./prepare.ts) narrate nothing of it:
  // their words are not words the slop is spread over; their slop still counts.
  const unrelatedWords = unrelated.reduce((a, k) => a + measured[k].words, 0);
  const ownWords = unrelatedWords > 0 && whole.words > unrelatedWords ? whole.words - unrelatedWords : whole.words;
  const own = ownWords === whole.words ? whole.density : (whole.density * whole.words) / ownWords;
  // No added paragraphs thin the slop (dilution): the densest of the reply and the reply without any set
  // of them, its slop less the set's share of the paragraphs' own slop, over the words left (the words
  // that narrate, in both).
  let density = own;
  if (sets.length > 0) {
    const totals = measured.map((m) => m.density * m.words);
    const sum = totals.reduce((a, b) => a + b, 0);
    for (const set of sets) {
      let words = ownWords;
      let slopShare = 0;
      for (const k of set) {
        words -= measured[k].words;
        slopShare += sum > 0 ? totals[k] / sum : 0;
      }
      if (words > 0) density = Math.max(density, (own * ownWords * (1 - slopShare)) / words);
    }
  }
  // Speech holds less slop per word than narration, in human fiction and model replies alike: beyond the
  // share of speech most replies hold, the density is read against the reply's own mix (`reading.speech`),
  // so dropping the narration does not thin it, and hiding ordinary dialogue from the reader gains nothing.
  const spoken = p.speech ? speechShare(p.scan) : 0;
  if (spoken > FREE_SPEECH_SHARE) density /= 1 - ((1 - p.speech!) * (spoken - FREE_SPEECH_SHARE)) / (1 - FREE_SPEECH_SHARE);
  const calibration = dictionary.calibration;
  const value = slopFactor(density, o.openers.mode === "templates" ? calibration.slop : calibration.slopWithoutTemplates);
  const details = {
    density_per_1k: round(density),
    per_1k: per1kRounded(slop.per1k),
    top: slop.top,
    words: slop.words,
    ...(density !== whole.density ? { whole_reply_density_per_1k: round(whole.density) } : {}),
    ...(unrelated.length > 0 ? { unrelated_paragraphs: unrelated.length } : {}),
    ...(spoken > 0 ? { speech_share: round(spoken) } : {}),
  };
  // The non-words factor (issue 36), measured in prepare (src/text/spelling.ts), is part of the lexical
  // cost: a word dodged by misspelling it costs at least what the word did.
  // So is the casing factor: Title Case or capitals that hide a word's usual form cost what the form did.
  // Padding beyond the human rate (../padding.ts) costs like slop: left out of the words, it no longer
  // thins the slop, and past what human prose uses it is charged.
  const { nonWords, casing, promptEcho } = p;
  const pad = p.paddingPrice && p.scan.n > 0 ? { share: paddingOf(p).words / p.scan.n, price: p.paddingPrice } : null;
  const padding = pad ? { share: pad.share, factor: nonWordsFactor(pad.share, pad.price) } : undefined;
  const factor = (nonWords?.factor ?? 1) * (casing?.factor ?? 1) * (padding?.factor ?? 1) * (promptEcho?.factor ?? 1);
  return markOff(
    {
      value: value * factor,
      details: {
        ...details,
        ...(nonWords ? { non_words: { share: round(nonWords.share), factor: round(nonWords.factor), examples: nonWords.examples } } : {}),
        ...(casing ? { casing: { share: round(casing.share), factor: round(casing.factor) } } : {}),
        ...(padding ? { padding: { share: round(padding.share), factor: round(padding.factor) } } : {}),
        ...(promptEcho ? { prompt_echo: { share: round(promptEcho.share), factor: round(promptEcho.factor) } } : {}),
      },
    },
    "slop",
    o.off,
  );
}

/** The slop measure of a prepared reply, its density and the words it is spread over (the idle words left out). */
function slopDensity(p: ProsePrepared, o: SlopTermOptions): { slop: SlopMeasure; density: number; words: number } {
  const openers = narrationOf(p);
  // A template is looked for after the lead and where the seed reads the opener (after one leading word),
  // so a lead that is itself a template ("In that moment, …") is counted as one, not skipped.
  const sites = p.leadingRun ? templateSites(openers, narrationOpeners(p.scan, p.compiled.lexicon)) : openers;
  const slop = moreSlop(measureSlop(p.scan, p.compiled.slop, { nextSentenceNegation: o.negation.nextSentence, openers: sites }), p, o);
  // Under the reader's view the words that narrate nothing are not words the density is spread over:
  // the leading discourse words the openers skip ("But then, slowly, …"), so a lead of any length
  // neither hides an opener nor thins the slop, and the padding of ../padding.ts (discourse leads and
  // tails, bracketed lines).
  const idle = p.leadingRun ? idleWords(p) : 0;
  if (idle === 0 || p.scan.n <= idle) return { slop, density: slop.density, words: p.scan.n };
  return { slop, density: (slop.density * p.scan.n) / (p.scan.n - idle), words: p.scan.n - idle };
}

/**
 * Under the filler reading (../fillers.ts) the largest of the slop read through the fillers and asides,
 * the slop read through the fillers alone and the slop of the whole scan, over the words without them: a
 * filler the dictionary prices keeps its price, and one inserted into a priced span neither breaks it nor thins it.
 */
function moreSlop(read: SlopMeasure, p: ProsePrepared, o: SlopTermOptions): SlopMeasure {
  if (!p.fullScan || read.words === 0) return read;
  let most = read;
  // The whole scan, and the scan without its fillers but with its asides (../asides.ts): an aside that holds
  // a priced span or half of a "not X, but Y" keeps its price, and a filler put inside one cannot unprice it.
  for (const other of p.fillerScan ? [p.fullScan, p.fillerScan] : [p.fullScan]) {
    // Both opener sites: after the lead and where the seed reads it (a lead that is a template, "In that moment,", counts).
    // and where the reading without asides finds the opener ("Needless to say, her breath caught": "her breath"), so a lead cannot hide one here either.
    const sites = templateSites(templateSites(narrationOpeners(other, p.compiled.lexicon, [], true), narrationOpeners(other, p.compiled.lexicon)), sameWords(p.scan, narrationOf(p), other));
    const whole = measureSlop(other, p.compiled.slop, { nextSentenceNegation: o.negation.nextSentence, openers: sites });
    const density = (whole.density * whole.words) / read.words;
    if (!(density > most.density)) continue;
    const scale = whole.words / read.words;
    const per1k = Object.fromEntries(Object.entries(whole.per1k).map(([k, v]) => [k, v * scale])) as SlopMeasure["per1k"];
    most = { words: read.words, density, per1k, top: whole.top };
  }
  return most;
}

/** The positions in `to` of words `at` of `from` (both scans of one text: a word is known by where it starts), in order. */
function sameWords(from: Scan, at: readonly number[], to: Scan): number[] {
  const out: number[] = [];
  let j = 0;
  for (const k of at) {
    const start = from.start[k];
    while (j < to.n && to.start[j] < start) j++;
    if (j < to.n && to.start[j] === start) out.push(j);
  }
  return out;
}

/** Words that narrate nothing (./idle.ts). */
function idleWords(p: ProsePrepared): number {
  const mask = idleMask(p);
  let n = 0;
  for (let k = 0; k < mask.length; k++) n += mask[k];
  return n;
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

export const proseSlop = defineTerm({
  meta: {
    name: "slop",
    kind: "factor",
    version: "prose-slop-9",
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
