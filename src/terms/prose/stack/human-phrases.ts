// The human-phrase bonus as a term (phrases.ts). The policy's recent phrase rates are a declared
// input: a row's own `phrase_rates`, else the call's `phrase_rates` request input, else the stack's
// `phraseRates` file, else the dictionary's mined model rates; their hash is recorded on every score.
import { z } from "zod";
import { hashOf } from "../../../core/hash.js";
import type { BankRow } from "../../../core/types.js";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { findPhraseUse, withoutOverusedFillers, MIN_RATE_WORDS, NO_PHRASE_SCORE, phraseCredit, phraseFactor, phraseRatesSchema, phraseWeights, type PhraseRates } from "../phrases.js";
import { asideMask } from "../asides.js";
import { markOff, offOption, phrasesOption } from "./options.js";
import { dilution, type ProsePrepared } from "./prepare.js";
import { proseScan } from "./resources.js";

export type RatesSource = "row" | "request" | "options";

/** What a score records about the phrase rates it used. */
export function ratesRecord(rates: PhraseRates | undefined, from: RatesSource): Record<string, unknown> {
  if (!rates) return { source: "dictionary" };
  return { source: from, sha256: hashOf(rates), rollouts: rates.rollouts, words: rates.words, live: rates.words >= MIN_RATE_WORDS };
}

/** A row's own phrase rates, validated; a malformed one is an error on that row. */
export function rowRates(row: BankRow): PhraseRates | undefined {
  if (row.phrase_rates === undefined) return undefined;
  const parsed = phraseRatesSchema.safeParse(row.phrase_rates);
  if (!parsed.success) throw new Error(`phrase_rates: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"} ${i.message}`).join("; ")}`);
  return parsed.data;
}

export type PhraseUse = { maxSentenceShare: number | null; forfeitAt: number | null };

export function phrasesOutcome(p: ProsePrepared, weights: Float64Array, rates: Record<string, unknown>, off: readonly string[], use: PhraseUse): TermOutcome {
  // Under the filler reading (../fillers.ts) phrases are read on the whole scan, and a filler phrase used
  // more than a human would earns nothing (../phrases.ts withoutOverusedFillers).
  const scan = p.fullScan ?? p.scan;
  const found0 = findPhraseUse(scan, p.compiled.phrases, use.maxSentenceShare);
  const stuffed = found0.stuffed;
  const ids = p.fillers ? withoutOverusedFillers(found0.ids, scan, p.compiled.phrases, p.compiled.lexicon, asideMask(scan, p.compiled.lexicon, p.text)) : found0.ids;
  const credit = phraseCredit(ids, weights, scan.n);
  const forfeit = use.forfeitAt !== null && stuffed >= use.forfeitAt;
  const humanP25 = p.compiled.dictionary.calibration.phrases.humanP25;
  let value = forfeit ? NO_PHRASE_SCORE : phraseFactor(credit, scan.n, humanP25);
  // No added paragraphs pay for themselves (dilution): the least factor of the reply and the reply
  // without its unrelated paragraphs and any set of the others (the phrases the rest use, over their words).
  const { parts, sets, unrelated } = forfeit ? { parts: [], sets: [], unrelated: [] } : dilution(p);
  if (sets.length > 0 || unrelated.length > 0) {
    const used = parts.map((t) => {
      const own = findPhraseUse(t.fullScan ?? t.scan, p.compiled.phrases, use.maxSentenceShare).ids;
      return p.fillers ? own.filter((id) => ids.includes(id) || !found0.ids.includes(id)) : own;
    });
    for (const set of [[], ...sets]) {
      const kept = new Set<number>();
      let words = 0;
      used.forEach((ids, k) => {
        if (set.includes(k) || unrelated.includes(k)) return;
        words += (parts[k].fullScan ?? parts[k].scan).n;
        for (const id of ids) kept.add(id);
      });
      if (set.length > 0 || unrelated.length > 0) value = Math.min(value, phraseFactor(phraseCredit([...kept], weights, words), words, humanP25));
    }
  }
  const found = ids.map((id) => p.compiled.phrases.entries[id].phrase);
  return markOff({ value, details: { credit_per_1k: Math.round(credit * 1000) / 1000, found, rates, ...(use.maxSentenceShare !== null ? { stuffed_sentence_phrases: stuffed } : {}) } }, "human_phrases", off);
}

/** Outcomes for rows, weights computed once per rates object (the call's, or a row's own). */
export function phrasesOutcomes(prepared: readonly ProsePrepared[], base: { rates?: PhraseRates; from: RatesSource }, off: readonly string[], use: PhraseUse): TermOutcome[] {
  if (prepared.length === 0) return [];
  const entries = prepared[0].compiled.dictionary.humanPhrases;
  const baseWeights = phraseWeights(entries, base.rates);
  const baseRecord = ratesRecord(base.rates, base.from);
  return prepared.map((p) => {
    let own: PhraseRates | undefined;
    try {
      own = rowRates(p.row);
    } catch (err) {
      return { value: null, error: { kind: "input" as const, message: (err as Error).message } };
    }
    return own ? phrasesOutcome(p, phraseWeights(entries, own), ratesRecord(own, "row"), off, use) : phrasesOutcome(p, baseWeights, baseRecord, off, use);
  });
}

export const proseHumanPhrases = defineTerm({
  meta: {
    name: "human_phrases",
    kind: "factor",
    version: "prose-human-phrases-8",
    roles: [],
    needs: { scan: proseScan },
    description: "credit per 1,000 words for everyday human phrases the policy rarely uses: 0.70 with none, 1 at the human 25th percentile, 1 under 40 words",
    options: z.object({ off: offOption, phrases: phrasesOption }).strict(),
  },
  measure: (_rows, { options, needs, inputs }: { options: { off: readonly string[]; phrases: PhraseUse }; needs: { scan: readonly ProsePrepared[] }; inputs: Record<string, unknown> }) => {
    const request = inputs.phrase_rates as PhraseRates | undefined;
    const file = (inputs.phraseRates as PhraseRates | null | undefined) ?? undefined;
    return phrasesOutcomes(needs.scan, request ? { rates: request, from: "request" } : { rates: file, from: "options" }, options.off, options.phrases);
  },
});
