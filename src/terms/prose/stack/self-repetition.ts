// The self-repetition guard as a term (repetition-guard.ts); factor 1 and marked disabled when off.
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import {
  diversityFactor,
  functionWordFactor,
  functionWordShare,
  lexicalDiversity,
  openerGrouping,
  openerGroupingFactor,
  REPEAT_NGRAM,
  repeatedShare,
  repetitionFactor,
  WindowScratch,
  type RepetitionGuardOptions,
} from "../repetition-guard.js";
import { repetitionOption } from "./options.js";
import type { ProsePrepared } from "./prepare.js";
import { proseScan } from "./resources.js";

/** The window table, kept with the scorer's word table (Lexicon.derived). */
const WINDOWS = {};

const round = (x: number): number => Math.round(x * 1000) / 1000;

export function repetitionOutcome(p: ProsePrepared, o: RepetitionGuardOptions): TermOutcome {
  if (!o.enabled) return { value: 1, details: { enabled: false } };
  const share = repeatedShare(
    p.scan,
    REPEAT_NGRAM,
    p.compiled.lexicon.derived(WINDOWS, () => new WindowScratch()),
  );
  const details = { repeated_6gram_share: Math.round(share * 1000) / 1000 };
  if (!o.diversity) return { value: repetitionFactor(share, o), details };
  const diversity = lexicalDiversity(p.scan);
  const value = repetitionFactor(share, o) * diversityFactor(diversity, o.diversity);
  const more = { ...details, lexical_diversity: round(diversity) };
  if (!o.openerGrouping && !o.functionWords) return { value, details: more };
  // Degenerate orderings and text that is not prose (stop36): sentences grouped by how they open, and a bag of key words.
  // Read on the whole scan, filler words included: the reply as written, as the human figures were measured.
  const whole = p.fullScan ?? p.scan;
  const grouping = o.openerGrouping ? openerGrouping(whole) : 0;
  const functionWords = o.functionWords ? functionWordShare(whole) : 1;
  const groupFactor = o.openerGrouping ? openerGroupingFactor(grouping, o.openerGrouping) : 1;
  const wordFactor = o.functionWords ? functionWordFactor(functionWords, whole.n, o.functionWords) : 1;
  return { value: value * groupFactor * wordFactor, details: { ...more, opener_grouping: round(grouping), function_word_share: round(functionWords) } };
}

export const proseSelfRepetition = defineTerm({
  meta: {
    name: "self_repetition",
    kind: "factor",
    version: "prose-self-repetition-3",
    roles: [],
    needs: { scan: proseScan },
    description:
      "guard (hardened preset): share of word 6-grams that repeat an earlier one in the same reply (free to 5%, 0 at 50%), times lexical diversity, sentences grouped by how they open, and the share of function words (each free within human prose)",
    options: z.object({ repetition: repetitionOption }).strict(),
  },
  measure: (_rows, { options, needs }: { options: { repetition: RepetitionGuardOptions }; needs: { scan: readonly ProsePrepared[] } }) => needs.scan.map((p) => repetitionOutcome(p, options.repetition)),
});
