// The self-repetition guard as a term (repetition-guard.ts); factor 1 and marked disabled when off.
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { diversityFactor, lexicalDiversity, REPEAT_NGRAM, repeatedShare, repetitionFactor, WindowScratch, type RepetitionGuardOptions } from "../repetition-guard.js";
import { repetitionOption } from "./options.js";
import type { ProsePrepared } from "./prepare.js";
import { proseScan } from "./resources.js";

/** The window table, kept with the scorer's word table (Lexicon.derived). */
const WINDOWS = {};

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
  return { value: repetitionFactor(share, o) * diversityFactor(diversity, o.diversity), details: { ...details, lexical_diversity: Math.round(diversity * 1000) / 1000 } };
}

export const proseSelfRepetition = defineTerm({
  meta: {
    name: "self_repetition",
    kind: "factor",
    version: "prose-self-repetition-2",
    roles: [],
    needs: { scan: proseScan },
    description: "guard (hardened preset): share of word 6-grams that repeat an earlier one in the same reply; free to 5%, 0 at 50%",
    options: z.object({ repetition: repetitionOption }).strict(),
  },
  measure: (_rows, { options, needs }: { options: { repetition: RepetitionGuardOptions }; needs: { scan: readonly ProsePrepared[] } }) => needs.scan.map((p) => repetitionOutcome(p, options.repetition)),
});
