// Real replies for the transform audit: a reply with the two turns before it, from a dialogue corpus
// (DailyDialog rows {topic, turns: string[]}) or from transcript rows. DailyDialog's tokenized spacing
// (" , ", " ?") is tidied so the models see ordinary text.
import { InputError } from "../core/errors.js";
import type { TranscriptRow, Turn } from "../core/types.js";
import { audiencePrompt, displayName } from "../terms/humor/audience-prompt.js";
import type { GateItem } from "./audited-terms.js";

const tidy = (s: string) =>
  s
    .replace(/\s+([,.?!;:'’])/g, "$1")
    .replace(/\s+n't/g, "n't")
    .replace(/\s+/g, " ")
    .trim();

/** The context prompt ending with the replier's tag, as the fluency and gate terms expect. */
export function itemOf(id: string, before: Turn[], reply: string, speaker: string): GateItem {
  const context = audiencePrompt(before).replace(/\n[^\n]*:$/, `\n${displayName(speaker)}:`);
  return { id, turns: before, speaker, reply, context };
}

/** One reply per dialogue (its second or later turn, at least 4 words), up to `limit`. */
export function replyItemsFromDialogues(rows: readonly { turns?: unknown; topic?: unknown }[], limit: number, topic?: string): GateItem[] {
  const out: GateItem[] = [];
  for (const [r, row] of rows.entries()) {
    if (out.length >= limit) break;
    if (topic && row.topic !== topic) continue;
    if (!Array.isArray(row.turns) || row.turns.some((t) => typeof t !== "string")) throw new InputError(`dialogue row ${r + 1}.turns`, "expected an array of strings");
    const texts = (row.turns as string[]).map(tidy);
    const i = texts.findIndex((t, k) => k >= 1 && t.split(" ").length >= 4);
    if (i < 1) continue;
    const before = texts.slice(Math.max(0, i - 2), i).map((text, k, arr): Turn => ({ speaker: (arr.length - k) % 2 === 1 ? "partner" : "policy", text }));
    out.push(itemOf(`dialogue${r + 1}#${i}`, before, texts[i], "policy"));
  }
  return out;
}

/** Policy turns of transcripts (one per session, the first with ≥ 4 words), with the two turns before. */
export function replyItemsFromTranscripts(rows: readonly TranscriptRow[], limit: number, policySpeaker = "policy"): GateItem[] {
  const out: GateItem[] = [];
  for (const row of rows) {
    if (out.length >= limit) break;
    const i = row.turns.findIndex((t, k) => k >= 1 && t.speaker === policySpeaker && t.text.split(/\s+/).length >= 4);
    if (i < 1) continue;
    out.push(itemOf(`${row.id}#${i}`, row.turns.slice(Math.max(0, i - 2), i), row.turns[i].text, policySpeaker));
  }
  return out;
}
