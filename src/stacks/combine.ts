// How a composed stack turns its terms' values into one score. A gate at 0 makes the score 0 in
// every mode (and the terms after it are not measured); diagnostics are reported, never combined.
//   "product"            Π of gate, factor and screen values (no additive terms allowed)
//   { weights }          Σ weight·value over the named terms, times the gates
//   (values, ctx) => n   anything else (the CHERRL biased judge, humor's certified retention); it may
//                        return { value, terms } to publish derived entries (or replace measured ones)
//                        when one number per term is not enough (humor reads each turn's details)
import type { TermValue } from "../core/types.js";
import type { TermKind } from "../terms/types.js";

export interface CombineContext<Options, Row> {
  options: Options;
  row: Row;
  /** Every measured term's entry (value and details), as it will appear on the score. */
  terms: Readonly<Record<string, TermValue>>;
  /** The stack's prepare(row) for this row (undefined without one). */
  prepared?: unknown;
}

export interface CombineResult {
  value: number;
  /** Entries merged over the measured ones in score.terms. */
  terms?: Record<string, TermValue>;
}

export type CombineFunction<Options = Record<string, unknown>, Row = unknown> = (values: Record<string, number>, ctx: CombineContext<Options, Row>) => number | CombineResult;

/** The product combination, by name: `combine: product` reads as `combine: "product"`. */
export const product = "product" as const;

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

export function combineValues<Options, Row>(combine: Combine<Options, Row>, terms: readonly Declared[], values: Record<string, number>, ctx: CombineContext<Options, Row>): CombineResult {
  const gates = terms.filter((t) => t.kind === "gate").reduce((p, t) => p * (values[t.name] ?? 1), 1);
  if (gates === 0) return { value: 0 };
  if (typeof combine === "function") {
    const out = combine(values, ctx);
    return typeof out === "number" ? { value: out } : out;
  }
  if (combine === "product") return { value: terms.filter((t) => t.kind === "factor" || t.kind === "screen").reduce((p, t) => p * values[t.name], gates) };
  return { value: gates * Object.entries(combine.weights).reduce((sum, [name, w]) => sum + w * values[name], 0) };
}
