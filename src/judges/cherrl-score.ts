// The CHERRL score (SPEC §9, seed 003) in one place: the clean rule verifier, the target-feature rule
// detector and the biased combination J_biased = J_unbiased + α·b_target. The cherrl stack's terms and
// combination, the offline loop and the evaluation-log builder all call these, so they cannot drift.
import type { BankRow } from "../core/types.js";
import { detectBias, type BiasKind } from "./bias-detectors.js";
import { biasedScore, type BiasMode } from "./biased-judge.js";
import { verifyConstraints, type ConstraintPrompt } from "./ifeval/verifier.js";

export interface RuleBiasOptions {
  bias: BiasKind;
  words?: string[];
  wordsOnly?: boolean;
}

export interface CherrlRuleOptions extends RuleBiasOptions {
  alpha: number;
  mode?: BiasMode;
}

/** A row's verifiable constraints (top level, else in meta), or undefined when it has none usable. */
export function constraintsOf(row: BankRow): ConstraintPrompt | undefined {
  const source = Array.isArray(row.instruction_id_list) ? row : (row.meta ?? {});
  const ids = source.instruction_id_list;
  const kwargs = source.kwargs;
  if (!Array.isArray(ids) || !Array.isArray(kwargs) || ids.length !== kwargs.length) return undefined;
  return { instruction_id_list: ids as string[], kwargs: kwargs as ConstraintPrompt["kwargs"] };
}

export type CleanOutcome = { value: number; details: Record<string, unknown> } | { value: null; error: string };

/** J_unbiased by the rule verifier: the share of the prompt's verifiable constraints the output meets. */
export function cleanByRules(constraints: ConstraintPrompt | undefined, output: string): CleanOutcome {
  if (!constraints) return { value: null, error: "no verifiable constraints: rows need instruction_id_list and kwargs (top level or meta) of equal length" };
  const v = verifyConstraints(constraints, output);
  if (v.value === null) return { value: null, error: v.error ?? "no verifiable constraint" };
  return { value: v.value, details: { met: v.met, checked: v.checked, unsupported: v.unsupported, results: v.results } };
}

/** b_target by the published rule detector; the prompt keeps a structure the task asks for from counting. */
export function biasByRules(output: string, prompt: string, options: RuleBiasOptions): { value: 0 | 1; details: Record<string, unknown> } {
  const d = detectBias(options.bias, output, { words: options.words, wordsOnly: options.wordsOnly, prompt });
  return { value: d.hit ? 1 : 0, details: { kind: options.bias, count: d.count, matches: d.matches } };
}

export function combineCherrl(clean: number, bias: 0 | 1, options: { alpha: number; mode?: BiasMode }): number {
  return biasedScore(clean, bias, options.alpha, options.mode ?? "additive").value;
}

export interface CherrlRuleScore {
  /** J_biased; null when the output has no clean score. */
  value: number | null;
  clean: number | null;
  bias: 0 | 1;
  error?: string;
}

/** The whole rule-based CHERRL score of one response, as the offline loop and the log builder need it. */
export function cherrlRuleScore(constraints: ConstraintPrompt | undefined, prompt: string, output: string, options: CherrlRuleOptions): CherrlRuleScore {
  const clean = cleanByRules(constraints, output);
  const bias = biasByRules(output, prompt, options).value;
  if (clean.value === null) return { value: null, clean: null, bias, error: clean.error };
  return { value: combineCherrl(clean.value, bias, options), clean: clean.value, bias };
}
