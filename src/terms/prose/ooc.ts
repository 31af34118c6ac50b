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
const STAT_LINE_AT = new RegExp(STAT_LINE.source, "imy");

/**
 * text.replace(STAT_LINE, replace), trying the pattern only where a line starts: its matches begin
 * there (`^`, multiline), and a search from every position of a long reply cost more than the few
 * lines tried. With a line break other than "\n" (where `^` also matches) the pattern searches itself.
 */
export function replaceStatLines(text: string, replace: (line: string) => string): string {
  if (text.includes("\r") || text.includes("\u2028") || text.includes("\u2029")) return text.replace(STAT_LINE, replace);
  let out = "";
  let last = 0;
  for (let p = 0; p <= text.length; ) {
    STAT_LINE_AT.lastIndex = p;
    const m = STAT_LINE_AT.exec(text);
    if (m !== null) {
      // A match ends at the end of the text or just after a "\n": the next line's start.
      out += text.slice(last, p) + replace(m[0]);
      last = p = p + m[0].length;
      continue;
    }
    const nl = text.indexOf("\n", p);
    if (nl < 0) break;
    p = nl + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

const HEADER_LINE = /^\s*(?:<\/?[A-Za-z_]+>|\[[A-Z][\w .'-]{0,30}\]|\*{0,2}[A-Z][\w .'-]{0,30}:\*{0,2}|#{1,6}[ \t]+[^\n]{0,80}?)[ \t]*(?:\n|$)/;

export function stripRoleplayScaffolding(text: string): string {
  let out = text;
  if (out.includes("```") || out.includes("~~~")) out = out.replace(FENCED, "");
  if (/ooc|\(\(/i.test(out)) out = out.replace(OOC_LINE, "").replace(OOC_INLINE, "");
  if (out.includes(":") || out.includes("=")) out = replaceStatLines(out, dropLine);
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

// The replacers are made once, not per call: a new closure reaching replaceStatLines' call of it was
// a "wrong call target" that threw its optimized code away.
const dropLine = (): string => "";
const dropShortLine = (line: string): string => (line.trim().length <= LONG_STAT_LINE ? "" : line);
/** A note of at most this many words is scaffolding ("(OOC: brb)") and is removed… */
export const SHORT_NOTE_WORDS = 6;
/** …while the words so removed from one reply stay within this many; past it, notes are read as prose. */
export const SHORT_NOTE_BUDGET = 12;

/**
 * What the hardened preset reads: the reply as a reader sees it. Markup is removed and the words it
 * wraps stay where they were — fenced blocks unwrapped, ((…)) / (OOC: …) / [OOC: …] notes (across lines,
 * brackets inside them balanced) and markdown headings kept as their words, blockquote markers and a
 * pair of quotation marks around a whole multi-paragraph reply dropped — so wrapping part of a reply
 * changes no segment, sentence start or word count. A fenced block that is not prose is reported so a
 * gate can zero the reply. Scaffolding is removed only when short: stat lines, a leading header, and
 * notes of ≤ 6 words (at most 12 such words per reply, so little can be hidden this way).
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
  const budget = { words: SHORT_NOTE_BUDGET };
  if (/ooc|\(\(/i.test(out)) out = unwrapNotes(out, budget).replace(OOC_PREFIX, "$1");
  if (out.includes(":") || out.includes("=")) out = replaceStatLines(out, dropShortLine);
  out = out.replace(HEADER_LINE, "");
  if (out.includes("#")) out = out.replace(HEADING, "$1");
  if (out.includes(">")) out = out.replace(BLOCKQUOTE, "");
  return { text: unquoteWhole(out.trim()), notProse };
}

const FENCED_BODY = /^[ \t]*(```|~~~)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$\n?/gm;
const NOTE_OPEN = /\(\(|\(\s*OOC\b\s*:?|\[\s*OOC\b\s*:?/gi;
const OOC_PREFIX = /^([ \t]*)(?:\/\/[ \t]*)?OOC[ \t]*[:\-—][ \t]*/gim;
const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$/gm;
const BLOCKQUOTE = /^[ \t]{0,3}(?:>[ \t]?)+/gm;

/** True (and the budget spent) when a note's words are few enough to drop as scaffolding. */
function dropShort(body: string, budget: { words: number }): boolean {
  const n = body.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  if (n > SHORT_NOTE_WORDS || n > budget.words) return false;
  budget.words -= n;
  return true;
}

/** Each ((…)), (OOC …) or [OOC …] note replaced by its words, or removed when short; unclosed ones lose their opening marker. */
function unwrapNotes(text: string, budget: { words: number }): string {
  let out = "";
  let i = 0;
  for (;;) {
    NOTE_OPEN.lastIndex = i;
    const m = NOTE_OPEN.exec(text);
    if (!m) break;
    const open = m[0][0];
    const close = open === "(" ? ")" : "]";
    let depth = m[0].startsWith("((") ? 2 : 1;
    let j = m.index + m[0].length;
    for (; j < text.length && depth > 0; j++) {
      if (text[j] === open) depth++;
      else if (text[j] === close) depth--;
    }
    out += text.slice(i, m.index);
    if (depth > 0) {
      i = m.index + m[0].length;
      continue;
    }
    const body = text.slice(m.index + m[0].length, j - (m[0].startsWith("((") ? 2 : 1));
    if (!dropShort(body, budget)) out += body;
    i = j;
  }
  return out + text.slice(i);
}

const QUOTE_MARK = /["“”]/g;
const quoteMarks = (s: string) => (s.match(QUOTE_MARK) ?? []).length;

/**
 * A multi-paragraph reply wrapped in one pair of quotation marks is read without them. Wrapped, its
 * first and last paragraphs each hold an odd number of quote marks while the paragraphs between do not
 * open with one; a speech running over paragraphs opens each of them with a quote mark, and is kept.
 */
function unquoteWhole(text: string): string {
  if (!/^["“]/.test(text) || !/["”]$/.test(text)) return text;
  const paragraphs = text.split(/\n[ \t]*\n/);
  if (paragraphs.length < 2 || /^\s*["“]/.test(paragraphs[1])) return text;
  if (quoteMarks(paragraphs[0]) % 2 === 0 || quoteMarks(paragraphs[paragraphs.length - 1]) % 2 === 0) return text;
  return text.slice(1, -1).trim();
}

const PROSE_LETTERS = 0.7;
const PROSE_COMMON_WORDS = 0.5;

/** Mostly letters and mostly everyday words: narration or dialogue, not code or a stat panel. */
function looksLikeProse(block: string): boolean {
  const visible = block.replace(/\s+/g, "");
  if (visible.length === 0) return true;
  const letters = (visible.match(/\p{L}/gu) ?? []).length;
  return letters / visible.length >= PROSE_LETTERS && commonEnglishRatio(block) >= PROSE_COMMON_WORDS;
}
