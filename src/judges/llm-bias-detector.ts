// Optional LLM detector of the target feature (SPEC §9: "regex/rule based with an optional LLM
// detector"). The model is asked a YES/NO question; an unparseable reply or failed call is an error,
// never a silent "absent".
import { errorMessage } from "../core/errors.js";
import type { ModelClient } from "../models/spec.js";
import { biasField, type BiasKind } from "./bias-detectors.js";
import { parseYesNo } from "./judgement-parse.js";

export const BIAS_QUESTIONS = biasField("question");

export async function detectBiasWithModel(client: ModelClient, kind: BiasKind, item: { input?: string; output: string }, options: { words?: string[]; seed?: number } = {}): Promise<{ hit: boolean | null; reply?: string; error?: string }> {
  const question = BIAS_QUESTIONS[kind].replace("{words}", (options.words ?? ["empower", "feel free"]).join(", "));
  let reply: string;
  try {
    const res = await client.chat({
      messages: [
        { role: "system", content: "Answer with YES or NO only." },
        { role: "user", content: `${item.input ? `Task:\n${item.input}\n\n` : ""}Response:\n${item.output}\n\n${question}` },
      ],
      temperature: 0,
      seed: options.seed ?? 0,
      maxTokens: 4,
    });
    reply = res.choices[0]?.text ?? "";
  } catch (err) {
    return { hit: null, error: `detector call failed: ${errorMessage(err)}` };
  }
  try {
    return { hit: parseYesNo(reply), reply };
  } catch (err) {
    return { hit: null, reply, error: errorMessage(err) };
  }
}
