// The opt-in word-order guard as a term (word-order.ts): one batch of echo calls per scoring call to
// the "reference" LM; factor 1 and marked disabled when off. A failed call fails its rows as a model
// error, never a number.
import { z } from "zod";
import type { BankRow } from "../../../core/types.js";
import { defineTerm } from "../../define.js";
import type { ModelRoles, TermOutcome } from "../../types.js";
import { measureWordOrder, wordOrderFactor, wordOrderOptions, type WordOrderOptions } from "../word-order.js";
import type { ProsePrepared } from "./prepare.js";
import { proseScan } from "./resources.js";

const round = (x: number): number => Math.round(x * 1000) / 1000;

export const proseWordOrder = defineTerm({
  meta: {
    name: "word_order",
    kind: "factor",
    version: "prose-word-order-1",
    roles: [],
    needs: { scan: proseScan },
    rolesFor: (options: { wordOrder: WordOrderOptions }) => (options.wordOrder.enabled ? ["reference"] : []),
    description: "opt-in guard: NLL gap between the reply with its words shuffled and the reply, under a reference LM; clip(gap / minGap, 0, 1)",
    options: z.object({ wordOrder: wordOrderOptions.prefault({}) }).strict(),
  },
  async measure(rows: readonly BankRow[], { options, needs, models }: { options: { wordOrder: WordOrderOptions }; needs: { scan: readonly ProsePrepared[] }; models: ModelRoles }): Promise<TermOutcome[]> {
    if (!options.wordOrder.enabled) return rows.map(() => ({ value: 1, details: { enabled: false } }));
    const { minGap } = options.wordOrder;
    const measures = await measureWordOrder(
      models.reference,
      needs.scan.map((p) => p.text),
      rows.map((r) => r.id),
    );
    return measures.map((m) => ({ value: wordOrderFactor(m.gap, minGap), details: { gap: round(m.gap), nll: round(m.nll), shuffled_nll: round(m.shuffledNll), min_gap: minGap } }));
  },
});
