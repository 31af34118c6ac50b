// Lower-casing one UTF-16 unit at a time, for the scanner: it reads a reply's words where they lie
// instead of lower-casing the whole reply first (a copy of every reply, and the slow two-byte path of
// toLowerCase for the many replies that hold a curly quote). Per unit it gives what String.prototype.
// toLowerCase gives for the whole text, but only where that is known to hold: see foldsByUnit.

/** Units below this are looked up in LOWER_UNIT; the scanner's word characters all lie below it. */
export const FOLD_LIMIT = 0x530;

/** By unit below FOLD_LIMIT: its lower case (from the running ICU), or itself where that is not one unit ("İ"). */
export const LOWER_UNIT = new Uint16Array(FOLD_LIMIT);
for (let c = 0; c < FOLD_LIMIT; c++) {
  const l = String.fromCharCode(c).toLowerCase();
  LOWER_UNIT[c] = l.length === 1 ? l.charCodeAt(0) : c;
}

/** The lower case of a unit of a word (a letter below FOLD_LIMIT, "'" or "’"), with "’" folded to "'". */
export function foldUnit(c: number): number {
  return c < FOLD_LIMIT ? LOWER_UNIT[c] : c === 0x2019 ? 39 : c;
}

// Characters whose lower case is context-dependent (capital sigma: final or not), takes two units
// ("İ"), or lies outside these blocks and so is not vouched for here: letters above U+052F may lower-case
// into the scanner's letters (Kelvin sign → "k", "ẞ" → "ß"). General Punctuation (curly quotes, dashes,
// "…") has no case; astral characters lower-case within their own planes.
const NOT_BY_UNIT = /[\u0130\u03a3\u0530-\u1fff\u2070-\ud7ff\ue000-\uffff]/;

/** Whether lower-casing `text` unit by unit (foldUnit) reads its words as text.toLowerCase() does. */
export function foldsByUnit(text: string): boolean {
  return !NOT_BY_UNIT.test(text);
}
