// The three real-conversation corpora the humor batteries put cues into (DailyDialog, The Office,
// Overheard in New York from ../shared/data), each kept to two-speaker conversations of 4+ turns.
import { readFileSync } from "node:fs";
import { readJsonl } from "../../src/core/jsonl.js";
import { conversationsFrom, type Conversation } from "../../src/terms/humor/dialogues.js";
import { sharedPath } from "../../test/helpers/shared-data.js";

export function twoSpeakerCorpora(): { dailydialog: Conversation[]; office: Conversation[]; overheard: Conversation[] } {
  const twoSpeakers = (c: Conversation) => c.turns.length >= 4 && new Set(c.turns.map((t) => t.speaker)).size === 2;
  const dailydialog = conversationsFrom(readJsonl(sharedPath("dialogue/dailydialog.jsonl.gz")).rows, "dailydialog").filter(twoSpeakers);
  const office = conversationsFrom(readJsonl(sharedPath("dialogue/the_office_lines.jsonl.gz")).rows, "office", { minTurns: 4 }).filter(twoSpeakers);
  const overheardRows = readFileSync(sharedPath("dialogue/overheard_ny.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { turns: unknown });
  const overheard = conversationsFrom(
    overheardRows.map((r, i) => ({ id: `overheard-${i}`, turns: r.turns })),
    "turns",
  )
    .map((c) => ({ ...c, turns: c.turns.filter((t) => t.text.trim() !== "") }))
    .filter(twoSpeakers);
  return { dailydialog, office, overheard };
}
