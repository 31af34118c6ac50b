// Real conversations for calibrating and validating the humor terms, from the dialogue formats in
// ../shared/data/dialogue (data/README.md): DailyDialog `{topic, turns: string[]}`, The Office lines
// `{season, episode, speaker, text}` (one line per row), and `{turns: [{speaker, text}]}` (Overheard in
// New York, and foolsgold's own transcript rows). Pure: rows in, conversations out; the caller reads files.
import { InputError } from "../../core/errors.js";
import type { Turn } from "../../core/types.js";

export interface Conversation {
  id: string;
  turns: Turn[];
}

export const DIALOGUE_FORMATS = ["dailydialog", "office", "turns"] as const;
export type DialogueFormat = (typeof DIALOGUE_FORMATS)[number];

/** DailyDialog is tokenized ("it 's ready ."); join punctuation back so the embedder sees ordinary text. */
export function detokenize(text: string): string {
  return text
    .replace(/\s+([,.?!'])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Which format a row is in, or null. */
export function rowFormat(row: unknown): DialogueFormat | null {
  if (row === null || typeof row !== "object") return null;
  const r = row as Record<string, unknown>;
  if (Array.isArray(r.turns)) return r.turns.every((t) => typeof t === "string") ? "dailydialog" : "turns";
  if (typeof r.speaker === "string" && typeof r.text === "string" && r.episode !== undefined) return "office";
  return null;
}

export interface ConversationOptions {
  /** DailyDialog: keep only this topic (e.g. "work"). */
  topic?: string;
  /** The Office: shortest two-speaker exchange kept (default 4 lines). */
  minTurns?: number;
}

/**
 * Conversations from rows of one format. DailyDialog's two speakers alternate, so turn i is spoken by
 * "A" (even i) or "B" (odd i). The Office has no scene marks: a conversation is a maximal run of
 * consecutive lines in one episode that alternates between the same two speakers.
 */
export function conversationsFrom(rows: readonly unknown[], format: DialogueFormat, options: ConversationOptions = {}, where = "rows"): Conversation[] {
  rows.forEach((row, i) => {
    if (rowFormat(row) !== format) throw new InputError(`${where}: row ${i + 1}`, `not a ${format} row (${describeFormat(format)})`);
  });
  if (format === "dailydialog") {
    const out: Conversation[] = [];
    (rows as { topic?: string; turns: string[] }[]).forEach((row, i) => {
      if (options.topic !== undefined && row.topic !== options.topic) return;
      out.push({ id: `dailydialog-${i}`, turns: row.turns.map((text, j) => ({ speaker: j % 2 === 0 ? "A" : "B", text: detokenize(text) })) });
    });
    return out;
  }
  if (format === "turns") {
    return (rows as { id?: unknown; turns: { speaker?: unknown; text?: unknown }[] }[]).map((row, i) => ({
      id: typeof row.id === "string" ? row.id : `row-${i}`,
      turns: row.turns.map((t, j) => {
        if (typeof t?.speaker !== "string" || typeof t?.text !== "string") throw new InputError(`${where}: row ${i + 1}`, `turns.${j}: expected {speaker, text} strings`);
        return { speaker: t.speaker, text: t.text };
      }),
    }));
  }
  return officeExchanges(rows as { season: unknown; episode: unknown; speaker: string; text: string }[], options.minTurns ?? 4);
}

function describeFormat(format: DialogueFormat): string {
  if (format === "dailydialog") return "expected {turns: string[]}";
  if (format === "office") return "expected {season, episode, speaker, text}";
  return "expected {turns: [{speaker, text}]}";
}

function officeExchanges(rows: readonly { season: unknown; episode: unknown; speaker: string; text: string }[], minTurns: number): Conversation[] {
  const out: Conversation[] = [];
  let run: { row: number; speaker: string; text: string }[] = [];
  const flush = () => {
    if (run.length >= minTurns) out.push({ id: `office-${run[0].row}`, turns: run.map(({ speaker, text }) => ({ speaker, text: text.trim() })) });
  };
  rows.forEach((row, i) => {
    const previous = i > 0 ? rows[i - 1] : undefined;
    const sameEpisode = previous !== undefined && previous.season === row.season && previous.episode === row.episode;
    const last = run[run.length - 1];
    const pair = new Set(run.map((t) => t.speaker));
    const continues = sameEpisode && last !== undefined && last.speaker !== row.speaker && (pair.size < 2 || pair.has(row.speaker));
    if (!continues) {
      flush();
      // A new exchange may begin with the line before this one (the third speaker's partner).
      run = sameEpisode && last !== undefined && last.speaker !== row.speaker ? [last] : [];
    }
    run.push({ row: i, speaker: row.speaker, text: row.text });
  });
  flush();
  return out.filter((c) => c.turns.every((t) => t.text !== ""));
}
