// Out-of-character material in role-play replies (SPEC §3, seed 002: "Out-of-character notes are removed
// along with stat blocks, message headers etc."). Conservative patterns: only text that is marked as
// OOC, a line that is a bare header, or a line that is a game-stat readout is removed.

const DOUBLE_PAREN_NOTE = /\(\([^()\n]{0,500}\)\)/g;
const OOC_BRACKETED = /[([{]\s*OOC\b[^)\]}\n]{0,500}[)\]}]/gi;
const OOC_LINE = /^[ \t]*(?:\/\/[ \t]*)?OOC[ \t]*[:\-—][^\n]*$\n?/gim;
const STAT_NAMES = "HP|MP|SP|XP|EXP|Health|Mana|Stamina|Status|Stats|Level|Lvl|Location|Time|Date|Mood|Inventory|Affection|Relationship|Outfit|Gold|Money";
const STAT_LINE = new RegExp(`^[ \\t]*[\\[(|*]*[ \\t]*(?:${STAT_NAMES})[ \\t]*[:=][^\\n]*$\\n?`, "gim");
const PIPE_TABLE_LINE = /^[ \t]*\|?(?:[^|\n]{1,60}\|){2,}[^|\n]*$\n?/gm;
const HEADER_LINE = /^[ \t]*(?:\[[^\]\n]{1,80}\]|\*\*[^*\n]{1,40}:?\*\*:?|#{1,6}[ \t]*[^\n]{1,60}|[\p{Lu}][\p{L} .'-]{0,30}:)[ \t]*$\n?/gmu;

/**
 * `stripRoleplayMeta("[Aria]\nShe smiles. ((brb))\nHP: 20/20")` → "\nShe smiles. \n" — run cleanText after.
 * A header is removed only when it stands alone on its line ("Aria:" or "[Scene 3]" or "**Aria:**").
 */
export function stripRoleplayMeta(s: string): string {
  return s.replace(DOUBLE_PAREN_NOTE, "").replace(OOC_BRACKETED, "").replace(OOC_LINE, "").replace(STAT_LINE, "").replace(PIPE_TABLE_LINE, "").replace(HEADER_LINE, "");
}
