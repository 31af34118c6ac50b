// Transcript stacks (humor) served to trainers that send a prompt and a reply: the prompt's chat
// messages become the conversation so far, the reply the policy's last turn. Trainers send chat
// messages as a list (TRL, verl, atropos through the shims) or, OpenRLHF, as text decoded with the
// chat template: ChatML (`<|im_start|>role\n…`) is split into messages; other text is one user turn.
import type { BankRow, TranscriptRow, Turn } from "../core/types.js";

interface Message {
  role: string;
  content: string;
}

const SPEAKER: Record<string, string> = { user: "partner", assistant: "policy" };
const CHATML_TURN = /<\|im_start\|>(\w+)\n([\s\S]*?)(?:<\|im_end\|>|(?=<\|im_start\|>)|$)/g;

function messagesOf(prompt: unknown): Message[] {
  if (Array.isArray(prompt)) return prompt.filter((m): m is Message => typeof m?.role === "string" && typeof m?.content === "string");
  if (typeof prompt !== "string" || prompt.trim() === "") return [];
  if (!prompt.includes("<|im_start|>")) return [{ role: "user", content: prompt }];
  return [...prompt.matchAll(CHATML_TURN)].map((m) => ({ role: m[1], content: m[2].trim() })).filter((m) => m.content !== "");
}

/** A bank row (prompt + reply) as a transcript: user turns are the partner's, assistant turns the policy's; system messages go to meta. */
export function transcriptFromChat(row: BankRow): TranscriptRow {
  const messages = messagesOf(row.prompt);
  const system = messages.filter((m) => m.role === "system").map((m) => m.content);
  const turns: Turn[] = messages.filter((m) => m.role !== "system").map((m) => ({ speaker: SPEAKER[m.role] ?? m.role, text: m.content }));
  turns.push({ speaker: "policy", text: row.output.trim() });
  const meta = { ...(row.meta ?? {}), ...(system.length > 0 ? { system: system.join("\n") } : {}) };
  const out: TranscriptRow = { id: row.id, seed: typeof row.seed === "number" ? row.seed : 0, turns };
  if (Object.keys(meta).length > 0) out.meta = meta;
  for (const key of ["step", "group_id"] as const) if (row[key] !== undefined) out[key] = row[key];
  return out;
}

/** Whether a /v1/score body's rows are prompt + reply rows rather than transcripts (no row has `turns`). */
export function chatShaped(rows: unknown[]): boolean {
  return rows.every((r) => r !== null && typeof r === "object" && !Array.isArray(r) && !("turns" in r) && "output" in r);
}
