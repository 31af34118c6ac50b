// How the prose terms read a reply: as its reader sees it under the hardened preset (HTML stripped,
// fenced and bracketed content kept, look-alikes folded, marks held to a budget), or as seed 002
// writes (scaffolding, invisible characters and Zalgo removed, a short homoglyph list folded).
import type { BankRow } from "../../core/types.js";
import { foldConfusablesWith, foldHomoglyphs, normalizeMarksWith, readingFacts, stripHtml, stripInvisible, stripZalgo, type ReadingFacts } from "../../text/cleanup.js";
import { stripRoleplayScaffolding, unhideRoleplayScaffolding } from "./ooc.js";
import { PROSE_PRESETS, type ReadingOptions } from "./presets.js";
import { splitThinking } from "./thinking-block.js";

const HARDENED_READING = PROSE_PRESETS.hardened.settings.reading;

/** The reply as the terms read it, and how many fenced blocks that are not prose it holds (hardened reading). */
export function readReply(reply: string, reading: ReadingOptions = HARDENED_READING): { text: string; notProse: number } {
  if (!reading.unhide && !reading.markup && !reading.confusables && reading.markBudget === null) {
    return { text: foldHomoglyphs(stripZalgo(stripInvisible(stripRoleplayScaffolding(reply)))), notProse: 0 };
  }
  // One search of the reply tells the invisible, marks and look-alike passes what each would search
  // for; it is searched again only after a pass changed it.
  let facts: ReadingFacts | null = readingFacts(reply);
  let text = facts.invisible ? stripInvisible(reply) : reply;
  if (reading.markup) text = stripHtml(text);
  let notProse = 0;
  if (reading.unhide) {
    const unhidden = unhideRoleplayScaffolding(text);
    text = unhidden.text;
    notProse = unhidden.notProse.length;
  } else text = stripRoleplayScaffolding(text);
  if (text !== reply) facts = null;
  if (reading.markBudget === null) {
    const marked = stripZalgo(text);
    if (marked !== text) facts = null;
    text = marked;
  } else {
    facts ??= readingFacts(text);
    const within = normalizeMarksWith(text, reading.markBudget, facts);
    if (within !== text) facts = null;
    text = within;
  }
  return { text: reading.confusables ? foldConfusablesWith(text, facts ?? readingFacts(text)) : foldHomoglyphs(text), notProse };
}

/** The reply as every prose term reads it (the default preset's reading unless one is given). */
export function visibleProse(reply: string, reading: ReadingOptions = HARDENED_READING): string {
  return readReply(reply, reading).text;
}

/** The visible prose of a bank row (its thinking block split off). */
export function rowProse(row: BankRow, reading: ReadingOptions = HARDENED_READING): string {
  return visibleProse(splitThinking(row.output, row.thinking).reply, reading);
}

