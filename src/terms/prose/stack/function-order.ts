// The function-word order guard as a term (function-order.ts); factor 1 and marked disabled when off.
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { functionOrderFactor, misplacedArticles, type FunctionOrderOptions } from "../function-order.js";
import { functionOrderOption } from "./options.js";
import type { ProsePrepared } from "./prepare.js";
import { proseScan } from "./resources.js";

export function functionOrderOutcome(p: ProsePrepared, o: FunctionOrderOptions): TermOutcome {
  if (!o.enabled) return { value: 1, details: { enabled: false } };
  // Word order is read on every word the reply writes: the filler and aside reading (../fillers.ts) would read a shuffle's comma-set runs out of it.
  const m = misplacedArticles(p.fullScan ?? p.scan, p.compiled.lexicon);
  return { value: functionOrderFactor(m, o), details: { articles: m.articles, misplaced_share: Math.round(m.share * 1000) / 1000 } };
}

export const proseFunctionOrder = defineTerm({
  meta: {
    name: "function_order",
    kind: "factor",
    version: "prose-function-order-3",
    roles: [],
    needs: { scan: proseScan },
    description: "guard (hardened preset): share of articles followed by another grammar word or a break (its Wilson 95% lower bound); free to 0.10, 0 at 0.25, with ≥ 8 articles",
    options: z.object({ functionOrder: functionOrderOption }).strict(),
  },
  measure: (_rows, { options, needs }: { options: { functionOrder: FunctionOrderOptions }; needs: { scan: readonly ProsePrepared[] } }) => needs.scan.map((p) => functionOrderOutcome(p, options.functionOrder)),
});
