// The "cherrl" stack (SPEC §9, seed 003): score = biased judge J_biased = J_unbiased + α·b_target,
// terms.clean = the clean judge J_unbiased, terms.bias = b_target. The clean judge is the offline
// IFEval/IFBench rule verifier by default (rows carry `instruction_id_list` and `kwargs`, at the top
// level or in `meta`), so the CHERRL loop runs without a GPU; with `clean: "rubric"` it is the rubric
// LLM judge (model role "judge", rubric in `meta.rubric` or `rubric`). The target feature comes from
// the published rule detectors, or from the LLM detector (`detector: "llm"`, role "judge").
import { z } from "zod";
import type { BankRow } from "../core/types.js";
import { BIAS_KINDS, type BiasKind } from "../judges/bias-detectors.js";
import { biasByRules, cleanByRules, combineCherrl, constraintsOf } from "../judges/cherrl-score.js";
import { detectBiasWithModel } from "../judges/llm-bias-detector.js";
import { judgeWithRubric } from "../judges/rubric-judge.js";
import { defineTerm } from "../terms/define.js";
import type { TermOutcome } from "../terms/types.js";
import { composeStack } from "./compose.js";

export const CHERRL_STACK_VERSION = "1";

function rubricOf(row: BankRow): string | undefined {
  const r = row.meta?.rubric ?? row.rubric;
  return typeof r === "string" && r.trim() ? r : undefined;
}

export const cleanJudge = defineTerm({
  meta: {
    name: "clean",
    kind: "additive",
    version: "clean-1",
    description: "J_unbiased: the share of the prompt's verifiable constraints met (ifeval), or the rubric LLM judge's grade in [0, 1] (rubric).",
    roles: [],
    rolesFor: (options) => (options.clean === "rubric" ? ["judge"] : []),
    options: z.object({ clean: z.enum(["ifeval", "rubric"]).default("ifeval") }).strict(),
  },
  async measure(rows: readonly BankRow[], { options, models, prompts }): Promise<TermOutcome[]> {
    if (options.clean === "ifeval") return rows.map((row) => verifiedOutcome(cleanByRules(constraintsOf(row), row.output)));
    return Promise.all(
      rows.map(async (row, i): Promise<TermOutcome> => {
        const rubric = rubricOf(row);
        if (!rubric) return { value: null, error: { kind: "input", message: "no rubric: set meta.rubric (or rubric)" } };
        const j = await judgeWithRubric(models.judge, { input: prompts[i].text, output: row.output, rubric });
        return j.value === null ? { value: null, error: j.error ?? "judge failed" } : { value: j.value, details: { raw: j.raw, reply: j.reply } };
      }),
    );
  },
});

export const targetBias = defineTerm({
  meta: {
    name: "bias",
    kind: "additive",
    version: "bias-1",
    description: "b_target ∈ {0, 1}: whether the injected bias's target feature is present (published rules, or the LLM detector).",
    roles: [],
    rolesFor: (options) => (options.detector === "llm" ? ["judge"] : []),
    options: z
      .object({
        bias: z.enum(BIAS_KINDS as [BiasKind, ...BiasKind[]]).default("lexical"),
        /** Extra lexical-bias words (the published rules are always included unless wordsOnly). */
        words: z.array(z.string().min(1)).default([]),
        wordsOnly: z.boolean().default(false),
        detector: z.enum(["rules", "llm"]).default("rules"),
      })
      .strict(),
  },
  async measure(rows: readonly BankRow[], { options, models, prompts }): Promise<TermOutcome[]> {
    if (options.detector === "rules") return rows.map((row, i) => biasByRules(row.output, prompts[i].text, options));
    return Promise.all(
      rows.map(async (row, i): Promise<TermOutcome> => {
        const d = await detectBiasWithModel(models.judge, options.bias, { input: prompts[i].text, output: row.output }, { words: options.words.length ? options.words : undefined });
        return d.hit === null ? { value: null, error: d.error ?? "bias detector failed" } : { value: d.hit ? 1 : 0, details: { kind: options.bias, reply: d.reply } };
      }),
    );
  },
});

const combination = z
  .object({
    alpha: z.number().min(0).default(0.5),
    mode: z.enum(["additive", "max"]).default("additive"),
  })
  .strict();

export const cherrlStack = composeStack<CherrlOptions, BankRow>({
  name: "cherrl",
  capabilities: { huntObjective: "reward", huntReference: "cherrl" },
  description: "CHERRL biased judge: clean judge (IFEval rule verifier or rubric LLM judge) + α·b_target for one injected bias (seed 003).",
  version: CHERRL_STACK_VERSION,
  rowKind: "reply",
  terms: [cleanJudge, targetBias],
  options: combination,
  combine: (values, { options }) => combineCherrl(values.clean, values.bias as 0 | 1, options),
  rowProblem: (row) => (typeof row.output === "string" ? null : "`output` must be a string"),
});

export type CherrlOptions = z.output<typeof combination> & z.output<typeof cleanJudge.meta.options> & z.output<typeof targetBias.meta.options>;

/** A row the verifier cannot check is bad input (no usable constraints), not a failed model call. */
function verifiedOutcome(outcome: ReturnType<typeof cleanByRules>): TermOutcome {
  return outcome.value === null ? { value: null, error: { kind: "input", message: outcome.error } } : outcome;
}
