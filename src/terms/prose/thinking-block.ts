// Splitting a reply into its thinking block and the visible reply, and judging the block (seed 002:
// "a missing, broken or leaked thinking block, or any thinking when thinking is off" scores 0).
// Accepted shapes with thinking on: "<think>…</think>reply", or "…</think>reply" when the chat
// template already opened the block in the prompt. Tags: think, thinking, reasoning.

export type ThinkingProblem = "missing" | "broken" | "leaked" | "thinking_when_off" | null;

export interface ThinkingSplit {
  thinking: string;
  reply: string;
  problem: ThinkingProblem;
}

const OPEN = /<(think|thinking|reasoning)>/gi;
const CLOSE = /<\/(think|thinking|reasoning)>/gi;
const ANY_OPEN = /<(think|thinking|reasoning)>/i;

export function splitThinking(output: string, thinkingOn: boolean | undefined): ThinkingSplit {
  // Every tag starts with "<": a reply without one (nearly all) skips both searches.
  const tagged = output.includes("<");
  const opens = tagged ? [...output.matchAll(OPEN)] : [];
  const closes = tagged ? [...output.matchAll(CLOSE)] : [];
  const hasTags = opens.length + closes.length > 0;
  if (thinkingOn === false) return { thinking: "", reply: output, problem: hasTags ? "thinking_when_off" : null };
  if (!hasTags) return { thinking: "", reply: output, problem: thinkingOn ? "missing" : null };
  if (closes.length === 0) return { thinking: output, reply: "", problem: "broken" };
  const close = closes[0];
  const closeEnd = (close.index ?? 0) + close[0].length;
  const reply = output.slice(closeEnd);
  if (opens.length > 1 || closes.length > 1 || ANY_OPEN.test(reply)) {
    return { thinking: "", reply, problem: "leaked" };
  }
  const open = opens[0];
  if (open && ((open.index ?? 0) > (close.index ?? 0) || output.slice(0, open.index).trim() !== "")) {
    return { thinking: "", reply, problem: "broken" };
  }
  const start = open ? (open.index ?? 0) + open[0].length : 0;
  return { thinking: output.slice(start, close.index), reply, problem: null };
}
