// The word table's lower-casing, one UTF-16 code unit at a time: what `toLowerCase` makes of the unit on
// its own, or the unit itself where that is two units ("İ"), with the curly apostrophe ’ read as '. The
// scanner folds as it reads instead of lower-casing a copy of every reply first (a second string as long
// as the reply, written, read again and collected). Every unit's fold is computed in one pass on the first
// call and kept (128 KiB for the whole BMP): immutable data, made once (issue 34).
// Per unit, this equals the whole-text fold except where lower-casing depends on context: of the BMP, only
// capital sigma does (final "ς" or "σ"), so a text holding "Σ" is folded whole first (see ./scan.ts).
import { once } from "../core/once.js";

/** The one code unit whose lower case depends on its neighbours. */
export const CONTEXT_FOLDED = "\u03a3";

function computeFold(unit: number): number {
  if (unit === 0x2019) return 39;
  const lower = String.fromCharCode(unit).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : unit;
}

/** Each code unit's fold, all 65,536 made in one pass on first use. */
const FOLDED = once(() => {
  const table = new Uint16Array(0x10000);
  for (let unit = 0; unit < 0x10000; unit++) table[unit] = computeFold(unit);
  return table;
});

/** The folded form of one UTF-16 code unit (a lone surrogate folds to itself). */
export function foldUnit(unit: number): number {
  return FOLDED()[unit];
}
