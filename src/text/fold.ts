// The word table's lower-casing, one UTF-16 code unit at a time: what `toLowerCase` makes of the unit on
// its own, or the unit itself where that is two units ("İ"), with the curly apostrophe ’ read as '. The
// scanner folds as it reads instead of lower-casing a copy of every reply first (a second string as long
// as the reply, written, read again and collected). Each unit's fold is computed on first sight and kept
// (128 KiB for the whole BMP), so a run that never reads Cyrillic never pays for it.
// Per unit, this equals the whole-text fold except where lower-casing depends on context: of the BMP, only
// capital sigma does (final "ς" or "σ"), so a text holding "Σ" is folded whole first (see ./scan.ts).

/** The one code unit whose lower case depends on its neighbours. */
export const CONTEXT_FOLDED = "\u03a3";

// 0 = not computed yet; NUL folds to itself and is merely recomputed.
const folded = new Uint16Array(0x10000);

function computeFold(unit: number): number {
  if (unit === 0x2019) return 39;
  const lower = String.fromCharCode(unit).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : unit;
}

/** The folded form of one UTF-16 code unit (a lone surrogate folds to itself). */
export function foldUnit(unit: number): number {
  const f = folded[unit];
  return f !== 0 ? f : (folded[unit] = computeFold(unit));
}
