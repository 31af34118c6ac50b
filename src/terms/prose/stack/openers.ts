// Opener diversity as a term (openers.ts has the rules; the mode comes from the preset).
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { openerFactor, openerStats, type OpenerOptions } from "../openers.js";
import { markOff, offOption, openersOption } from "./options.js";
import { narrationOf } from "./narration.js";
import type { ProsePrepared } from "./prepare.js";
import { proseScan } from "./resources.js";

export function openersOutcome(p: ProsePrepared, o: { openers: OpenerOptions; off: readonly string[] }): TermOutcome {
  const stats = openerStats(p.scan, p.compiled.lexicon, narrationOf(p));
  const value = openerFactor(stats, p.compiled.dictionary.calibration.openers, o.openers.mode);
  return markOff({ value, details: { narration_sentences: stats.sentences, hhi: round(stats.hhi), near_repeats: stats.repeats, repeat_rate: round(stats.repeatRate) } }, "openers", o.off);
}

export const proseOpeners = defineTerm({
  meta: {
    name: "openers",
    kind: "factor",
    version: "prose-openers-5",
    roles: [],
    needs: { scan: proseScan },
    description:
      "narration-sentence openers. mode templates (default): over-used opener templates are slop entries and this factor is a guard, free to the human p99 of Simpson concentration and near-repeat rate, floor 0.75 when every opener is the same; mode seed: free to the human p75, full penalty at the base p90, floor 0.75, 0.96 under 5 sentences",
    options: z.object({ openers: openersOption, off: offOption }).strict(),
  },
  measure: (_rows, { options, needs }: { options: { openers: OpenerOptions; off: readonly string[] }; needs: { scan: readonly ProsePrepared[] } }) => needs.scan.map((p) => openersOutcome(p, options)),
});

const round = (x: number): number => Math.round(x * 1000) / 1000;
