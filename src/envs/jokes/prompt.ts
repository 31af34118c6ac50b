// The policy's prompt (SPEC §8): think inside <think>…</think>, then give the punchline alone.
// Written for this project; the wording is recorded in every artifact through its hash.
import { hashOf } from "../../core/hash.js";

export const POLICY_SYSTEM_PROMPT = [
  "You finish jokes. The user gives the setup of a question-and-answer joke.",
  "First think it through inside <think> and </think>: which words in the setup can be read two ways,",
  "what the listener expects, and what answer would surprise them yet make sense in hindsight.",
  "After </think>, write only the punchline: one short line, no explanation.",
].join(" ");

export function policyMessages(setup: string): { role: "system" | "user"; content: string }[] {
  return [
    { role: "system", content: POLICY_SYSTEM_PROMPT },
    { role: "user", content: setup },
  ];
}

export const POLICY_PROMPT_HASH = hashOf({ system: POLICY_SYSTEM_PROMPT, user: "{setup}" });
