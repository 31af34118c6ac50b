// Asking the policy for completions: any OpenAI-compatible chat endpoint (vLLM, SGLang, the
// built-in server). One request per joke with `n` samples, as trainers sample GRPO groups.
import type { ChatChoice } from "../../models/spec.js";
import type { JokePolicyClient } from "./retrieval-policy.js";
import { errorMessage } from "../../core/errors.js";
import { policyMessages } from "./prompt.js";

export interface SampleOptions {
  n: number;
  temperature: number;
  maxTokens: number;
  /** Seed for the server's sampler; recorded so a run can be repeated where the server honours it. */
  seed?: number;
  signal?: AbortSignal;
}

export type SampleResult = { ok: true; choices: ChatChoice[] } | { ok: false; error: string };

export async function samplePunchlines(policy: JokePolicyClient, setup: string, options: SampleOptions): Promise<SampleResult> {
  try {
    const result = await policy.chat({ messages: policyMessages(setup), n: options.n, temperature: options.temperature, maxTokens: options.maxTokens, seed: options.seed }, { signal: options.signal });
    return { ok: true, choices: result.choices };
  } catch (err) {
    return { ok: false, error: `policy: ${errorMessage(err)}` };
  }
}
