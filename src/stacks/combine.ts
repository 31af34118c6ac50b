// How a composed stack turns its terms' values into one score. A gate at 0 makes the score 0 in
// every mode (and the terms after it are not measured); diagnostics are reported, never combined.
//   "product"            Π of gate, factor and screen values (no additive terms allowed)
//   { weights }          Σ weight·value over the named terms, times the gates
//   (values, ctx) => n   anything else (the CHERRL biased judge, humor's certified retention)
import type { TermKind } from "../terms/types.js";

export interface CombineContext<Options, Row> {
  options: Options;
  row: Row;
}

export type CombineFunction<Options = Record<string, unknown>, Row = unknown> = (values: Record<string, number>, ctx: CombineContext<Options, Row>) => number;

export type Combine<Options = Record<string, unknown>, Row = unknown> = "product" | { weights: Record<string, number> } | CombineFunction<Options, Row>;

interface Declared {
  name: string;
  kind: TermKind;
}

/** Checks a combination against the stack's terms when the stack is declared, not when a row fails. */
export function checkCombine(stack: string, combine: Combine<never, never>, terms: readonly Declared[]): void {
  if (combine === "product") {
    const additive = terms.filter((t) => t.kind === "additive").map((t) => t.name);
    if (additive.length) throw new Error(`composeStack ${stack}: "product" cannot combine additive terms (${additive.join(", ")}); use weights or a function`);
  } else if (typeof combine === "object") {
    const names = new Set(terms.map((t) => t.name));
    for (const name of Object.keys(combine.weights)) if (!names.has(name)) throw new Error(`composeStack ${stack}: weight for unknown term "${name}"`);
    const unweighted = terms.filter((t) => (t.kind === "additive" || t.kind === "factor") && !(t.name in combine.weights)).map((t) => t.name);
    if (unweighted.length) throw new Error(`composeStack ${stack}: no weight for ${unweighted.join(", ")}`);
  }
}

export function combineValues<Options, Row>(combine: Combine<Options, Row>, terms: readonly Declared[], values: Record<string, number>, ctx: CombineContext<Options, Row>): number {
  const gates = terms.filter((t) => t.kind === "gate").reduce((p, t) => p * (values[t.name] ?? 1), 1);
  if (gates === 0) return 0;
  if (typeof combine === "function") return combine(values, ctx);
  if (combine === "product") return terms.filter((t) => t.kind === "factor" || t.kind === "screen").reduce((p, t) => p * values[t.name], gates);
  return gates * Object.entries(combine.weights).reduce((sum, [name, w]) => sum + w * values[name], 0);
}
