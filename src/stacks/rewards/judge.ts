// judge:FILE.yaml: an LLM-judge reward from a rubric prompt template and a score parser, on any
// OpenAI-compatible server (a model role; the embedded LM when no config names one).
//
//   role: judge                      # model role (default judge)
//   prompt: |                        # {prompt}, {output}, {ground_truth} and any row field
//     Rate the reply … Reply: {output}
//     Score:
//   parse:
//     choices: {" 1": 1, " 0": 0}    # expected value under the model's probabilities of these continuations
//     # or: regex: "([0-9]+)"        # first number the reply's first capture group holds
//   api: chat                        # regex: ask through chat (default) or completions
//   max_tokens: 16
//   version: rubric-1                # what you call this judge; recorded in the instrument
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { InputError, errorMessage, readProblem } from "../../core/errors.js";
import type { BankRow } from "../../core/types.js";
import type { ModelClient } from "../../models/spec.js";
import type { RewardBackend } from "./black-box.js";
import { promptText } from "./rows.js";
import type { RewardResult } from "./values.js";

export const judgeFileSchema = z
  .object({
    role: z.string().min(1).default("judge"),
    prompt: z.string().min(1),
    parse: z.union([z.object({ choices: z.record(z.string().min(1), z.number().finite()).refine((c) => Object.keys(c).length >= 2, "needs at least 2 choices") }).strict(), z.object({ regex: z.string().min(1) }).strict()]),
    /** regex parser: ask through chat (default) or raw-prompt completions. */
    api: z.enum(["chat", "completions"]).default("chat"),
    max_tokens: z.number().int().positive().default(16),
    temperature: z.number().min(0).default(0),
    version: z.string().optional(),
  })
  .strict();

export type JudgeFile = z.infer<typeof judgeFileSchema>;

export function readJudgeFile(path: string, label: string): { judge: JudgeFile; text: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new InputError(label, readProblem(err));
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    throw new InputError(label, `not YAML: ${errorMessage(err).split("\n")[0]}`);
  }
  const parsed = judgeFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${label}: ${issue.path.join(".") || "(file)"}`, issue.message);
  }
  if ("regex" in parsed.data.parse) {
    try {
      new RegExp(parsed.data.parse.regex);
    } catch (err) {
      throw new InputError(`${label}: parse.regex`, errorMessage(err));
    }
  }
  return { judge: parsed.data, text };
}

/** The template with {field} replaced by the row's field ({prompt} as text); an unknown field is left as written. */
export function renderPrompt(template: string, row: BankRow): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    if (name === "prompt") return promptText(row.prompt);
    const value = row[name];
    if (value === undefined || value === null) return whole;
    return typeof value === "string" ? value : JSON.stringify(value);
  });
}

export function judgeBackend(judge: JudgeFile, client: ModelClient, concurrency: number): RewardBackend {
  const parse = judge.parse;
  const scoreOne = async (row: BankRow, signal?: AbortSignal): Promise<RewardResult> => {
    const prompt = renderPrompt(judge.prompt, row);
    if ("choices" in parse) {
      const choices = Object.entries(parse.choices);
      let logprobs: number[];
      try {
        logprobs = (
          await client.continuationLogprobs(
            choices.map(([text]) => ({ context: prompt, continuation: text })),
            { signal },
          )
        ).map((r) => r.logprob);
      } catch (err) {
        return { error: `judge call failed: ${errorMessage(err)}` };
      }
      if (!logprobs.every(Number.isFinite)) return { error: `judge: a choice's log-probability is not finite (${logprobs.join(", ")})` };
      // Softmax over the choices alone: the judge's verdict restricted to the answers the rubric allows.
      const top = Math.max(...logprobs);
      const weights = logprobs.map((l) => Math.exp(l - top));
      const total = weights.reduce((a, b) => a + b, 0);
      return { value: choices.reduce((sum, [, v], i) => sum + (v * weights[i]) / total, 0) };
    }
    let reply: string;
    try {
      const settings = { maxTokens: judge.max_tokens, temperature: judge.temperature, seed: 0 };
      const result = judge.api === "chat" ? await client.chat({ messages: [{ role: "user", content: prompt }], ...settings }, { signal }) : await client.complete({ prompt, ...settings }, { signal });
      reply = result.choices[0]?.text ?? "";
    } catch (err) {
      return { error: `judge call failed: ${errorMessage(err)}` };
    }
    const match = new RegExp(parse.regex).exec(reply);
    const number = match ? Number(match[1] ?? match[0]) : NaN;
    if (!match) return { error: `judge reply does not match /${parse.regex}/: ${JSON.stringify(reply.slice(0, 80))}` };
    if (!Number.isFinite(number)) return { error: `judge reply's match ${JSON.stringify(match[1] ?? match[0])} is not a number` };
    return { value: number };
  };
  return {
    batchSize: 1,
    concurrency,
    score: async (rows, signal) => Promise.all(rows.map((r) => scoreOne(r, signal))),
    close: async () => {},
  };
}
