// Prompt extraction for bank rows, once for every stack: the prompt is `prompt` (a string or chat
// messages), else a string or message-array `input` (the shape some trainer datasets carry).
import type { BankRow, ChatMessage } from "../core/types.js";
import type { RowPrompt } from "../terms/types.js";

const NO_PROMPT: RowPrompt = { text: "", lastUser: undefined };

export function promptOf(row: unknown): RowPrompt {
  if (row === null || typeof row !== "object") return NO_PROMPT;
  const r = row as BankRow;
  const prompt = r.prompt ?? (typeof r.input === "string" || Array.isArray(r.input) ? (r.input as BankRow["prompt"]) : undefined);
  if (typeof prompt === "string") return { text: prompt, lastUser: prompt };
  if (!Array.isArray(prompt)) return NO_PROMPT;
  const messages = prompt as ChatMessage[];
  return {
    text: messages.map((m) => m.content).join("\n"),
    lastUser: [...messages].reverse().find((m) => m.role === "user")?.content,
  };
}
