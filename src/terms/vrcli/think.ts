// Splitting a policy completion into its reasoning and its punchline. VR-CLI rewards the reasoning
// only, so a completion whose reasoning cannot be located unambiguously scores −1 (SPEC §8), and
// the reason is recorded: a trainer needs to tell "never opened a think block" from "ran out of
// tokens inside one".
export type ReasoningProblem =
  /** No <think> and no </think>. */
  | "missing"
  /** <think> without a closing </think> (often: hit max_tokens while thinking). */
  | "unclosed"
  /** </think> without an opening <think> (and implicit opening not allowed). */
  | "unopened"
  /** A second <think> before the first block closed. */
  | "nested"
  /** More than one think block, or a stray </think> after the block. */
  | "multiple"
  /** The block holds only whitespace. */
  | "empty";

export type ParsedCompletion = { ok: true; reasoning: string; answer: string } | { ok: false; problem: ReasoningProblem; answer: string };

export interface ParseOptions {
  /**
   * Accept a completion with one </think> and no <think>, taking everything before it as the
   * reasoning: chat templates such as DeepSeek-R1's put "<think>\n" in the prompt, so the model's
   * output never contains the opening tag. Off by default.
   */
  implicitOpen?: boolean;
  /**
   * A reply with no think tags at all is taken whole as the reasoning (answer empty). For policies
   * that cannot emit tags — the embedded n-gram LM — so the offline pipeline still scores what the
   * policy wrote. Off by default: with it, "missing" is never reported.
   */
  wholeReply?: boolean;
}

const OPEN = "<think>";
const CLOSE = "</think>";

function count(text: string, tag: string): number {
  let n = 0;
  for (let i = text.indexOf(tag); i >= 0; i = text.indexOf(tag, i + tag.length)) n++;
  return n;
}

function finish(reasoning: string, answer: string): ParsedCompletion {
  const trimmed = reasoning.trim();
  if (trimmed === "") return { ok: false, problem: "empty", answer: answer.trim() };
  return { ok: true, reasoning: trimmed, answer: answer.trim() };
}

export function parseCompletion(text: string, options: ParseOptions = {}): ParsedCompletion {
  const opens = count(text, OPEN);
  const closes = count(text, CLOSE);
  const open = text.indexOf(OPEN);
  const close = text.indexOf(CLOSE);
  if (opens === 0 && closes === 0) return options.wholeReply ? finish(text, "") : { ok: false, problem: "missing", answer: text.trim() };
  if (opens === 0) {
    if (!options.implicitOpen) return { ok: false, problem: "unopened", answer: text.slice(close + CLOSE.length).trim() };
    if (closes > 1) return { ok: false, problem: "multiple", answer: text.slice(text.lastIndexOf(CLOSE) + CLOSE.length).trim() };
    return finish(text.slice(0, close), text.slice(close + CLOSE.length));
  }
  if (closes === 0) return { ok: false, problem: "unclosed", answer: "" };
  if (close < open) return { ok: false, problem: "unopened", answer: text.slice(text.lastIndexOf(CLOSE) + CLOSE.length).trim() };
  const secondOpen = text.indexOf(OPEN, open + OPEN.length);
  if (secondOpen >= 0 && secondOpen < close) return { ok: false, problem: "nested", answer: text.slice(text.lastIndexOf(CLOSE) + CLOSE.length).trim() };
  if (opens > 1 || closes > 1) return { ok: false, problem: "multiple", answer: text.slice(text.lastIndexOf(CLOSE) + CLOSE.length).trim() };
  return finish(text.slice(open + OPEN.length, close), text.slice(close + CLOSE.length));
}
