// The "cherrl" stack (SPEC §9, seed 003): score = biased judge J_biased = J_unbiased + α·b_target,
// terms.clean = the clean judge J_unbiased, terms.bias = b_target. The clean judge is the offline
// IFEval/IFBench rule verifier by default (rows carry `instruction_id_list` and `kwargs`, at the top
// level or in `meta`), so the CHERRL loop runs without a GPU; with `clean: "rubric"` it is the rubric
// LLM judge (model role "judge", rubric in `meta.rubric` or `rubric`). The target feature comes from
// the published rule detectors, or from the LLM detector (`detector: "llm"`, role "judge").
import { z } from "zod";
import { InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { BankRow, Score } from "../core/types.js";
import { BIAS_KINDS, detectBias, type BiasKind } from "../judges/bias-detectors.js";
import { biasedScore } from "../judges/biased-judge.js";
import { verifyConstraints, type ConstraintPrompt } from "../judges/ifeval/verifier.js";
import { detectBiasWithModel } from "../judges/llm-bias-detector.js";
import { judgeWithRubric } from "../judges/rubric-judge.js";
import { instrumentModel, type ModelClient } from "../models/spec.js";
import type { Instrument, ModelRoles, Scorer, StackDefinition } from "./types.js";

export const CHERRL_STACK_VERSION = "1";

export const cherrlOptions = z.object({
  bias: z.enum(BIAS_KINDS as [BiasKind, ...BiasKind[]]).default("lexical"),
  alpha: z.number().min(0).default(0.5),
  mode: z.enum(["additive", "max"]).default("additive"),
  /** Extra lexical-bias words (the published rules are always included unless wordsOnly). */
  words: z.array(z.string().min(1)).default([]),
  wordsOnly: z.boolean().default(false),
  clean: z.enum(["ifeval", "rubric"]).default("ifeval"),
  detector: z.enum(["rules", "llm"]).default("rules"),
});

export type CherrlOptions = z.infer<typeof cherrlOptions>;

function promptText(row: BankRow): string {
  const prompt = row.prompt ?? (row.input as BankRow["prompt"]);
  if (typeof prompt === "string") return prompt;
  if (Array.isArray(prompt)) return prompt.map((m) => m.content).join("\n");
  return "";
}

function constraintsOf(row: BankRow): ConstraintPrompt | undefined {
  const source = Array.isArray(row.instruction_id_list) ? row : (row.meta ?? {});
  const ids = source.instruction_id_list;
  const kwargs = source.kwargs;
  if (!Array.isArray(ids) || !Array.isArray(kwargs) || ids.length !== kwargs.length) return undefined;
  return { instruction_id_list: ids as string[], kwargs: kwargs as ConstraintPrompt["kwargs"] };
}

function rubricOf(row: BankRow): string | undefined {
  const r = row.meta?.rubric ?? row.rubric;
  return typeof r === "string" && r.trim() ? r : undefined;
}

export const cherrlStack: StackDefinition<CherrlOptions, BankRow> = {
  name: "cherrl",
  description: "CHERRL biased judge: clean judge (IFEval rule verifier or rubric LLM judge) + α·b_target for one injected bias (seed 003).",
  rowKind: "bank",
  options: cherrlOptions,
  modelRoles: [],
  create(options, models: ModelRoles): Scorer<BankRow> {
    const needsJudge = options.clean === "rubric" || options.detector === "llm";
    const judge: ModelClient | undefined = models.judge;
    if (needsJudge && !judge) throw new InputError("models.judge", 'the cherrl stack with clean: "rubric" or detector: "llm" needs a model for role "judge"');
    const endpoints: Instrument["models"] = needsJudge && judge ? { judge: instrumentModel(judge.spec) } : {};
    const body = {
      stack: "cherrl",
      version: CHERRL_STACK_VERSION,
      options: options as unknown as Record<string, unknown>,
      models: endpoints,
    };
    const instrument: Instrument = { ...body, hash: hashOf(body) };

    const failed = (row: BankRow, term: "clean" | "bias", problem: string): Score => ({
      value: null,
      terms: { [term]: { value: null, error: problem } },
      instrument: instrument.hash,
      error: `row ${row.id}: ${problem}`,
    });

    async function scoreRow(row: BankRow): Promise<Score> {
      if (typeof row.output !== "string") return failed(row, "clean", "`output` must be a string");
      const input = promptText(row);
      let clean: number;
      let cleanDetails: Record<string, unknown>;
      if (options.clean === "ifeval") {
        const constraints = constraintsOf(row);
        if (!constraints) return failed(row, "clean", "no verifiable constraints: rows need instruction_id_list and kwargs (top level or meta) of equal length");
        const v = verifyConstraints(constraints, row.output);
        if (v.value === null) return failed(row, "clean", v.error ?? "no verifiable constraint");
        clean = v.value;
        cleanDetails = { met: v.met, checked: v.checked, unsupported: v.unsupported, results: v.results };
      } else {
        const rubric = rubricOf(row);
        if (!rubric) return failed(row, "clean", "no rubric: set meta.rubric (or rubric)");
        const j = await judgeWithRubric(judge!, { input, output: row.output, rubric });
        if (j.value === null) return failed(row, "clean", j.error ?? "judge failed");
        clean = j.value;
        cleanDetails = { raw: j.raw, reply: j.reply };
      }
      let bias: 0 | 1;
      let biasDetails: Record<string, unknown>;
      if (options.detector === "rules") {
        const d = detectBias(options.bias, row.output, { words: options.words, wordsOnly: options.wordsOnly, prompt: input });
        bias = d.hit ? 1 : 0;
        biasDetails = { kind: options.bias, count: d.count, matches: d.matches };
      } else {
        const d = await detectBiasWithModel(judge!, options.bias, { input, output: row.output }, { words: options.words.length ? options.words : undefined });
        if (d.hit === null) return failed(row, "bias", d.error ?? "bias detector failed");
        bias = d.hit ? 1 : 0;
        biasDetails = { kind: options.bias, reply: d.reply };
      }
      const s = biasedScore(clean, bias, options.alpha, options.mode);
      return {
        value: s.value,
        terms: { clean: { value: clean, details: cleanDetails }, bias: { value: bias, details: biasDetails } },
        instrument: instrument.hash,
      };
    }

    return {
      instrument,
      rowKind: "bank",
      async scoreRows(rows, ctx = {}) {
        const scores: Score[] = [];
        for (const row of rows) {
          if (ctx.signal?.aborted) throw ctx.signal.reason;
          scores.push(await scoreRow(row));
          ctx.onProgress?.(scores.length, rows.length);
        }
        return scores;
      },
    };
  },
};
