// The zero-gates of the prose reward (SPEC §7, seed 002), checked on cleaned text: truncated output;
// a missing, broken or leaked thinking block, or thinking when it is off; a short refusal, a stub or
// an abnormally short reply; a switch into another script; too few common English words beyond what
// the prompt itself uses. Each gate names itself so a zero is never a mystery.
import { z } from "zod";
import type { TermMeta } from "../types.js";
import type { ThinkingProblem } from "./thinking-block.js";

export interface GateOptions {
  /** Fewer words than this is a stub. */
  minWords: number;
  /** A reply shorter than this share of its group's median length is abnormally short. */
  minShareOfGroupMedian: number;
  /** A refusal is only gated when the whole reply is shorter than this. */
  refusalMaxWords: number;
  /** Letters in scripts the prompt does not use, at or above which the reply has switched script. */
  maxForeignLetters: number;
  /** Minimum share of common English words among words the prompt does not use. */
  minCommonEnglish: number;
}

export const DEFAULT_GATE_OPTIONS: GateOptions = {
  minWords: 15,
  minShareOfGroupMedian: 0.2,
  refusalMaxWords: 150,
  maxForeignLetters: 3,
  minCommonEnglish: 0.6,
};

/** How far below the prompt's own common-English share a reply may fall. */
const PROMPT_MARGIN = 0.1;

const TRUNCATED_REASONS = new Set(["length", "max_tokens", "max_length", "max_output_tokens"]);
const REFUSAL = /^(?:\W*)(?:i'?m sorry|i am sorry|sorry,|i can(?:'|no)?t|i cannot|i won'?t|i will not|i'?m not able|i am not able|i'?m unable|i am unable|as an ai|i must decline|i'?m afraid i can)/i;

export type GateName = "truncated" | "thinking" | "refusal" | "stub" | "abnormally_short" | "script_switch" | "not_english";

/** What the gates look at, measured on the cleaned reply (see language.ts). */
export interface GateInput {
  reply: string;
  words: number;
  /** Common-English share of the reply's words (rarer words from the prompt not counted). */
  commonEnglish: number;
  /** The prompt's own common-English share (distinct words), when known: the bar drops below it. */
  promptCommonEnglish?: number;
  /** Letters in scripts other than Latin that the prompt does not use. */
  foreignLetters: number;
  foreignScripts: string[];
  finishReason?: string;
  thinkingProblem: ThinkingProblem;
  /** Median reply length (words) of the row's group, when the group has enough rows. */
  groupMedianWords?: number;
}

export interface GateResult {
  failed: GateName | null;
  details: Record<string, unknown>;
}

export function checkGates(input: GateInput, options: GateOptions = DEFAULT_GATE_OPTIONS): GateResult {
  const fail = (failed: GateName, details: Record<string, unknown>): GateResult => ({ failed, details });
  const n = input.words;
  if (input.finishReason && TRUNCATED_REASONS.has(input.finishReason)) return fail("truncated", { finish_reason: input.finishReason });
  if (input.thinkingProblem) return fail("thinking", { problem: input.thinkingProblem });
  if (REFUSAL.test(input.reply) && n < options.refusalMaxWords) return fail("refusal", { words: n });
  if (n < options.minWords) return fail("stub", { words: n, min_words: options.minWords });
  if (input.groupMedianWords !== undefined && n < options.minShareOfGroupMedian * input.groupMedianWords) {
    return fail("abnormally_short", { words: n, group_median_words: input.groupMedianWords });
  }
  if (input.foreignLetters >= options.maxForeignLetters) return fail("script_switch", { foreign_letters: input.foreignLetters, scripts: input.foreignScripts });
  const bar = input.promptCommonEnglish === undefined ? options.minCommonEnglish : Math.min(options.minCommonEnglish, input.promptCommonEnglish - PROMPT_MARGIN);
  if (input.commonEnglish < bar) return fail("not_english", { common_english_ratio: round(input.commonEnglish), min: round(bar) });
  return { failed: null, details: { words: n, common_english_ratio: round(input.commonEnglish), foreign_letters: input.foreignLetters } };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

export const gatesTerm: TermMeta<GateOptions> = {
  name: "gates",
  kind: "gate",
  needsModel: false,
  description: "0 for truncated output, a bad thinking block, a refusal/stub/abnormally short reply, a script switch or too little common English; else 1",
  options: z.object({
    minWords: z.number().int().min(0),
    minShareOfGroupMedian: z.number().min(0).max(1),
    refusalMaxWords: z.number().int().min(0),
    maxForeignLetters: z.number().int().min(1),
    minCommonEnglish: z.number().min(0).max(1),
  }),
};
