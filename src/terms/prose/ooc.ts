// Role-play scaffolding that is not part of the reply's prose (seed 002: "out-of-character notes are
// removed along with stat blocks, message headers etc."): OOC notes, fenced blocks, stat/status lines
// and a leading speaker header such as "**Aria:**" or "<START>".
import { commonEnglishRatio } from "../../text/english.js";

const OOC_LINE = /^[ \t]*(?:\(\(.*\)\)|\[\s*OOC\b.*\]|\(\s*OOC\b.*\)|OOC\s*:.*|\/\/\s*OOC\b.*)[ \t]*$\n?/gim;
const OOC_INLINE = /\(\(\s*[^()\n]*\)\)|\[\s*OOC\s*:[^\]\n]*\]|\(\s*OOC\s*:[^)\n]*\)/gi;
const FENCED = /^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[ \t]*$\n?/gm;
const STAT_LINE = /^\s*[[(*|]*\s*(?:HP|MP|SP|XP|EXP|Stats?|Status|Inventory|Location|Time|Date|Mood|Health|Stamina|Mana|Affection|Level|Lvl|Outfit|Relationship)\b\s*[:=][^\n]*$\n?/gim;
// A markdown heading is a header only when it is a short line of its own: text pasted without line
// breaks ("# # # # Title “Finally…” …" as one long line) is the story itself, not a header.
const HEADER_LINE = /^\s*(?:<\/?[A-Za-z_]+>|\[[A-Z][\w .'-]{0,30}\]|\*{0,2}[A-Z][\w .'-]{0,30}:\*{0,2}|#{1,6}[ \t]+[^\n]{0,80}?)[ \t]*(?:\n|$)/;

export function stripRoleplayScaffolding(text: string): string {
  let out = text;
  if (out.includes("```") || out.includes("~~~")) out = out.replace(FENCED, "");
  if (/ooc|\(\(/i.test(out)) out = out.replace(OOC_LINE, "").replace(OOC_INLINE, "");
  if (out.includes(":") || out.includes("=")) out = out.replace(STAT_LINE, "");
  out = out.replace(HEADER_LINE, "");
  return out.trim();
}

export interface UnhiddenReply {
  /** The reply with fenced and bracketed content kept as text, markers removed. */
  text: string;
  /** Fenced blocks that are not prose (code, stat panels): the reply is gated on them, never scored without them. */
  notProse: string[];
}

const LONG_STAT_LINE = 80;

/**
 * What the hardened preset reads: the reader sees fenced blocks and ((…)) or [OOC: …] notes, so their
 * content stays. A fenced block that is prose is unwrapped; one that is not is reported so a gate can
 * zero the reply. Stat lines and a leading header are still removed, but only when short.
 */
export function unhideRoleplayScaffolding(text: string): UnhiddenReply {
  let out = text;
  const notProse: string[] = [];
  if (out.includes("```") || out.includes("~~~")) {
    out = out.replace(FENCED_BODY, (_whole, _fence: string, body: string) => {
      if (looksLikeProse(body)) return `${body.trim()}\n\n`;
      notProse.push(body);
      return "";
    });
  }
  if (/ooc|\(\(/i.test(out)) out = out.replace(DOUBLE_PAREN_LINE, "$1$2").replace(DOUBLE_PAREN, "$1").replace(OOC_BRACKETS, "$1").replace(OOC_PREFIX, "$1");
  if (out.includes(":") || out.includes("=")) out = out.replace(STAT_LINE, (line: string) => (line.trim().length <= LONG_STAT_LINE ? "" : line));
  out = out.replace(HEADER_LINE, "");
  return { text: out.trim(), notProse };
}

const FENCED_BODY = /^[ \t]*(```|~~~)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$\n?/gm;
/** A whole line in a note, parentheses inside it included. */
const DOUBLE_PAREN_LINE = /^([ \t]*)\(\((.*)\)\)[ \t]*$/gm;
const DOUBLE_PAREN = /\(\(([^()]*)\)\)/g;
const OOC_BRACKETS = /[[(]\s*OOC\b\s*:?\s*([^\])\n]*)[\])]/gi;
const OOC_PREFIX = /^([ \t]*)(?:\/\/[ \t]*)?OOC[ \t]*[:\-—][ \t]*/gim;

const PROSE_LETTERS = 0.7;
const PROSE_COMMON_WORDS = 0.5;

/** Mostly letters and mostly everyday words: narration or dialogue, not code or a stat panel. */
function looksLikeProse(block: string): boolean {
  const visible = block.replace(/\s+/g, "");
  if (visible.length === 0) return true;
  const letters = (visible.match(/\p{L}/gu) ?? []).length;
  return letters / visible.length >= PROSE_LETTERS && commonEnglishRatio(block) >= PROSE_COMMON_WORDS;
}
