// Slop density as a term (slop.ts measures, calibration.ts maps density to the factor).
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { slopFactor } from "../calibration.js";
import { openerOptions, type OpenerOptions } from "../openers.js";
import { measureSlop, slopTerm } from "../slop.js";
import { markOff, offOption } from "./options.js";
import type { ProsePrepared } from "./prepare.js";

export interface SlopTermOptions {
  negation: { nextSentence: boolean };
  /** Opener templates count as slop only in mode "templates"; the seed mode has its own curve. */
  openers: OpenerOptions;
  off: readonly string[];
}

export function slopOutcome(p: ProsePrepared, o: SlopTermOptions): TermOutcome {
  const slop = measureSlop(p.scan, p.compiled.slop, [], [], o.negation.nextSentence);
  const calibration = p.compiled.dictionary.calibration;
  const value = slopFactor(slop.density, o.openers.mode === "templates" ? calibration.slop : calibration.slopWithoutTemplates);
  return markOff({ value, details: { density_per_1k: round(slop.density), per_1k: mapRound(slop.per1k), top: slop.top, words: slop.words } }, "slop", o.off);
}

export const proseSlop = defineTerm({
  meta: {
    name: "slop",
    kind: "factor",
    version: "prose-slop-2",
    roles: [],
    description: slopTerm.description,
    options: z.object({ negation: z.object({ nextSentence: z.boolean() }).strict(), openers: openerOptions, off: offOption }).strict(),
  },
  measure: (_rows, { options, prepared }: { options: SlopTermOptions; prepared: readonly ProsePrepared[] }) => prepared.map((p) => slopOutcome(p, options)),
});

const round = (x: number): number => Math.round(x * 1000) / 1000;
const mapRound = (o: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)]));
