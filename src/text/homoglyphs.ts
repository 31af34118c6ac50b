// Look-alike Cyrillic, Greek and fullwidth letters and their Latin twins (SPEC §3, seed 002: "look-alike
// Cyrillic or Greek letters are mapped back to Latin"). Only letters whose glyphs are practically
// indistinguishable from a Latin letter in common fonts are listed (after the Unicode confusables
// table, restricted to single letters), so folding never turns a real word into a different one.
export const HOMOGLYPHS: Readonly<Record<string, string>> = {
  // Cyrillic capitals
  "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
  "Х": "X", "У": "Y", "Ү": "Y", "І": "I", "Ј": "J", "Ѕ": "S", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
  // Cyrillic small letters
  "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
  "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y", "ɡ": "g",
  // Greek capitals
  "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
  "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
  // Greek small letters
  "ο": "o", "ν": "v", "ι": "i", "κ": "k", "ρ": "p", "α": "a", "υ": "u",
};

/** Matches any character that may need folding; fullwidth ASCII (U+FF01–FF5E) is folded arithmetically. */
export const HOMOGLYPH_CHAR = new RegExp(`[${Object.keys(HOMOGLYPHS).join("")}\\uFF01-\\uFF5E]`, "u");
