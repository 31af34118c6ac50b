// Role-play scaffolding that is not part of the reply's prose (seed 002: "out-of-character notes are
// removed along with stat blocks, message headers etc."): OOC notes, fenced blocks, stat/status lines
// and a leading speaker header such as "**Aria:**" or "<START>".

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
