// The plain chat template of the embedded LM: one "Role: content" line per message, then
// "Assistant:" for the reply. The model was trained on plain prose, so a plain template is the most
// honest rendering; replies stop at the next line that starts a new speaker turn.

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

const LABEL: Record<ChatMessage["role"], string> = { system: "System", user: "User", assistant: "Assistant" };

export const CHAT_STOPS = ["\nUser:", "\nSystem:", "\nAssistant:"];

export function renderChat(messages: ChatMessage[]): string {
  return messages.map((m) => `${LABEL[m.role]}: ${m.content}`).join("\n") + "\nAssistant:";
}
