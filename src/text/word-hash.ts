// The word table's hash of a word's code units, in a file of its own so the shipped word-form table
// (./word-table.ts) hashes its forms exactly as the Lexicon and the scanner do, without importing the
// Lexicon (which imports the table).

/** FNV-1a over UTF-16 code units: the offset basis, one step per unit, then a fold to a small integer whose low bits (the table index) depend on every unit. */
export const HASH_SEED = 0x811c9dc5;
export const hashStep = (h: number, unit: number): number => Math.imul(h ^ unit, 0x01000193);
/** Never negative, so a table may mark an empty slot with -1. */
export const finishHash = (h: number): number => (h ^ (h >>> 15)) & 0x3fffffff;

export function hashRange(text: string, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) h = hashStep(h, text.charCodeAt(i));
  return finishHash(h);
}
