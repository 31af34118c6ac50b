// Rubric LLM-as-a-judge (SPEC §9): any OpenAI-compatible chat model scores a response against a
// natural-language rubric on a 0–10 scale, normalised to [0, 1]. A failed call or an unparseable
// reply is an explicit error on the result (value null), never a 0.
import { errorMessage } from "../core/errors.js";
import type { ModelClient } from "../models/spec.js";
import { parseJudgement } from "./judgement-parse.js";

export interface RubricJudgeOptions {
  scaleMax?: number;
  temperature?: number;
  seed?: number;
  maxTokens?: number;
}

export interface RubricJudgement {
  value: number | null;
  raw?: number;
  reply?: string;
  error?: string;
}

export function rubricJudgePrompt(input: string, output: string, rubric: string, scaleMax: number): { role: "system" | "user"; content: string }[] {
  return [
    {
      role: "system",
      content: `You are a strict grader. Read the task, the rubric and the response, then grade how well the response satisfies the rubric. Reply with one JSON object {"score": N} where N is a number from 0 to ${scaleMax}.`,
    },
    { role: "user", content: `Task:\n${input}\n\nRubric:\n${rubric}\n\nResponse:\n${output}\n\nGrade (JSON only):` },
  ];
}

export async function judgeWithRubric(client: ModelClient, item: { input: string; output: string; rubric: string }, options: RubricJudgeOptions = {}): Promise<RubricJudgement> {
  const scaleMax = options.scaleMax ?? 10;
  let reply: string;
  try {
    const result = await client.chat({
      messages: rubricJudgePrompt(item.input, item.output, item.rubric, scaleMax),
      temperature: options.temperature ?? 0,
      seed: options.seed ?? 0,
      maxTokens: options.maxTokens ?? 64,
    });
    reply = result.choices[0]?.text ?? "";
  } catch (err) {
    return { value: null, error: `judge call failed: ${errorMessage(err)}` };
  }
  try {
    const parsed = parseJudgement(reply, scaleMax);
    return { value: parsed.value, raw: parsed.raw, reply };
  } catch (err) {
    return { value: null, reply, error: errorMessage(err) };
  }
}
