// Cleanup before length and language checks (SPEC §3, seed 002): markup, invisible characters, Zalgo
// floods and homoglyphs. Each step is a pure string → string function with a fast path that returns the
// input untouched when there is nothing to do, so cleaning ordinary prose costs one scan per step.
import { CONFUSABLE_TO_ASCII } from "./confusables.js";
import { HOMOGLYPHS, HOMOGLYPH_CHAR } from "./homoglyphs.js";
import { stripRoleplayMeta } from "./roleplay-meta.js";

// ---------------------------------------------------------------------------------------------- markup

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…",
  lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", copy: "©", reg: "®", trade: "™", middot: "·",
};

const HTML_BLOCKS = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;
const HTML_BREAK = /<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^<>]*>/gi;
const HTML_TAG = /<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?\/?>/g;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));/g;

const FENCE_LINE = /^[ \t]*(?:```|~~~)[^\n]*$\n?/gm;
const HEADER = /^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$/gm;
const SETEXT_RULE = /^[ \t]*(?:={3,}|-{3,}|\*{3,}|_{3,})[ \t]*$\n?/gm;
const BLOCKQUOTE = /^[ \t]{0,3}(?:>[ \t]?)+/gm;
const IMAGE = /!\[([^\]\n]*)\]\([^)\n]*\)/g;
const LINK = /\[([^\]\n]+)\]\([^)\n]*\)/g;
const INLINE_CODE = /`([^`\n]+)`/g;
const BOLD = /(\*\*|__)(?=\S)([^\n]*?\S)\1/g;
const STAR_ITALIC = /\*(?=[^\s*])([^*\n]*?[^\s*])\*/g;
const UNDERSCORE_ITALIC = /(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\p{L}\p{N}_])/gu;
const STRIKE = /~~(?=\S)([^\n]*?\S)~~/g;

function decodeEntity(whole: string, dec?: string, hex?: string, name?: string): string {
  if (dec !== undefined || hex !== undefined) {
    const code = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  }
  return NAMED_ENTITIES[(name as string).toLowerCase()] ?? whole;
}

/**
 * Removes HTML the reader never sees — tags, comments, script/style blocks — and decodes entities:
 * `stripHtml("<b>dark</b><!-- pad -->&amp;")` → "dark&". Line-level tags (br, /p, /div) become newlines.
 */
export function stripHtml(s: string): string {
  let out = s;
  if (out.includes("<")) {
    out = out.replace(HTML_BLOCKS, "").replace(HTML_COMMENT, "").replace(HTML_BREAK, "\n").replace(HTML_TAG, "");
  }
  if (out.includes("&")) out = out.replace(ENTITY, decodeEntity);
  return out;
}

/**
 * Removes HTML (tags, comments, script/style blocks; entities decoded) and markdown syntax (headers,
 * emphasis, links and images → their text, code fences and backticks → their content, blockquote
 * markers, rules). Text content is kept: `stripMarkup("<b>Hi</b> **there**")` → "Hi there".
 */
export function stripMarkup(s: string): string {
  let out = stripHtml(s);
  if (out.includes("```") || out.includes("~~~")) out = out.replace(FENCE_LINE, "");
  if (out.includes("#")) out = out.replace(HEADER, "$1");
  if (out.includes("---") || out.includes("===") || out.includes("***") || out.includes("___")) {
    out = out.replace(SETEXT_RULE, "");
  }
  if (out.includes(">")) out = out.replace(BLOCKQUOTE, "");
  if (out.includes("](")) out = out.replace(IMAGE, "$1").replace(LINK, "$1");
  if (out.includes("`")) out = out.replace(INLINE_CODE, "$1");
  if (out.includes("**") || out.includes("__")) out = out.replace(BOLD, "$2");
  if (out.includes("*")) out = out.replace(STAR_ITALIC, "$1");
  if (out.includes("_")) out = out.replace(UNDERSCORE_ITALIC, "$1$2");
  if (out.includes("~~")) out = out.replace(STRIKE, "$1");
  return out;
}

// ------------------------------------------------------------------------------------------- invisible

// Zero-width space/non-joiner, LRM/RLM, bidi embeddings/overrides/isolates, word joiner and invisible
// operators, BOM, soft hyphen, Mongolian vowel separator, Arabic letter mark. The zero-width joiner is
// kept inside emoji sequences (👨‍👩‍👧) and removed elsewhere.
const INVISIBLE = /[\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u00AD\u180E\u061C]|(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
const MAY_HAVE_INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u00AD\u180E\u061C]/;

/** Removes zero-width characters, BOMs and bidi controls: `stripInvisible("he\u200Bllo")` → "hello". */
export function stripInvisible(s: string): string {
  return MAY_HAVE_INVISIBLE.test(s) ? s.replace(INVISIBLE, "") : s;
}

// ----------------------------------------------------------------------------------------------- Zalgo

const ANY_MARK = /\p{M}/u;
const MARK_CLUSTER = /(\P{M})(\p{M}+)/gu;
const LEFTOVER_MARKS = /\p{M}+/gu;
/** Scripts without precomposed letters (Devanagari, Thai, Hebrew points) stack at most two marks. */
const MAX_MARKS_OTHER_SCRIPTS = 2;

/** Latin, Greek and Cyrillic letters (and ASCII) write every real diacritic as a precomposed letter. */
function hasPrecomposedDiacritics(base: string): boolean {
  const cp = base.codePointAt(0) as number;
  return cp < 0x530 || (cp >= 0x1e00 && cp <= 0x1fff);
}

/**
 * Removes combining-mark floods ("Zalgo"). On Latin, Greek and Cyrillic letters a mark survives only if
 * it composes with its letter into a real precomposed one (é, ệ stay; Z̸̢̛̗a̷̡͎l̴̰g̸o̵ reads "Zalgo"). On
 * other scripts, whose vowel signs and points are combining marks, a letter keeps up to two marks and
 * a flood of three or more loses them all. Clusters that keep marks come out NFC.
 */
export function stripZalgo(s: string): string {
  if (!ANY_MARK.test(s)) return s;
  // Clusters are handled one by one (a precomposed é followed by marks is still one cluster), so text
  // without combining marks is never re-normalized.
  return s
    .replace(MARK_CLUSTER, (whole, base: string, marks: string) => {
      if (hasPrecomposedDiacritics(base)) return whole.normalize("NFC").replace(LEFTOVER_MARKS, "");
      return [...marks].length > MAX_MARKS_OTHER_SCRIPTS ? base : whole;
    })
    .replace(/^\p{M}+/u, "");
}

/**
 * Zalgo written with marks that compose into accented letters ("ẁ", "è") survives stripZalgo. Ordinary
 * English prose spends few combining marks (café, naïve); `normalizeMarks(s, budget)` counts them in the
 * decomposed text and, past `budget` marks per 100 letters (and past 8 in all), removes every mark
 * from Latin, Greek and Cyrillic letters. Within the budget it is stripZalgo. The result is NFC.
 */
export function normalizeMarks(s: string, budget: number): string {
  if (!NON_ASCII.test(s)) return s;
  const decomposed = s.normalize("NFD");
  let marks = 0;
  let letters = 0;
  for (const ch of decomposed) {
    if (MARK_CHAR.test(ch)) marks++;
    else if (LETTER_CHAR.test(ch)) letters++;
  }
  if (marks <= Math.max(MIN_MARK_BUDGET, (budget * letters) / 100)) return stripZalgo(s);
  const bare = decomposed.replace(MARK_CLUSTER, (whole, base: string) => (hasPrecomposedDiacritics(base) ? base : whole));
  return stripZalgo(bare).normalize("NFC");
}

const NON_ASCII = /[^\u0000-\u007f]/;
/** A few accented names or words are never a flood, however short the text. */
const MIN_MARK_BUDGET = 8;
const MARK_CHAR = /\p{M}/u;
const LETTER_CHAR = /\p{L}/u;

// ------------------------------------------------------------------------------------------ homoglyphs

const LETTER_RUN = /[\p{L}\p{M}\uFF21-\uFF3A\uFF41-\uFF5A]+/gu;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;

function foldChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  return HOMOGLYPHS[c] ?? c;
}

function foldWord(word: string): string {
  let folded = "";
  let allFoldable = true;
  for (const c of word) {
    const f = foldChar(c);
    if (f === c && !LATIN_LETTER.test(c) && !/\p{M}/u.test(c)) allFoldable = false;
    folded += f;
  }
  // A word is folded when it mixes Latin with look-alikes ("Неllо") or is made only of look-alikes;
  // a real Cyrillic or Greek word ("Привет", "λόγος") has letters with no Latin twin and is kept.
  return allFoldable || LATIN_LETTER.test(word) ? folded : word;
}

/**
 * Maps look-alike Cyrillic/Greek letters and fullwidth ASCII to Latin inside words that are disguised
 * Latin: `foldHomoglyphs("Неllо")` (Cyrillic Н, е, о) → "Hello", while "Привет" stays Cyrillic.
 */
export function foldHomoglyphs(s: string): string {
  if (!HOMOGLYPH_CHAR.test(s)) return s;
  let out = s.replace(LETTER_RUN, (w) => (HOMOGLYPH_CHAR.test(w) ? foldWord(w) : w));
  if (/[\uFF01-\uFF5E]/.test(out)) out = out.replace(/[\uFF01-\uFF5E]/g, foldChar);
  return out;
}

// ----------------------------------------------------------------------------------------- confusables

const APOSTROPHES = [...CONFUSABLE_TO_ASCII].filter(([, to]) => to === "'").map(([from]) => from).join("");
const escapeClass = (chars: string): string => chars.replace(/[\\\]^-]/g, "\\$&");
/** A word: letters and marks, with apostrophe look-alikes inside it ("wasnʼt"). */
const CONFUSABLE_WORD = new RegExp(`[\\p{L}\\p{M}]+(?:[${escapeClass(APOSTROPHES)}'][\\p{L}\\p{M}]+)*`, "gu");
const CONFUSABLE_CHAR = new RegExp(`[${escapeClass([...CONFUSABLE_TO_ASCII.keys()].join(""))}\\uFF01-\\uFF5E]`, "u");

function foldConfusableWord(word: string): string {
  let folded = "";
  let allFoldable = true;
  let latin = false;
  for (const c of word) {
    const twin = CONFUSABLE_TO_ASCII.get(c);
    if (twin !== undefined) folded += twin;
    else {
      folded += c;
      if (LATIN_LETTER.test(c)) latin = true;
      else if (!MARK_CHAR.test(c)) allFoldable = false;
    }
  }
  return allFoldable || latin ? folded : word;
}

/**
 * Folds look-alikes from Unicode's confusables table (src/text/confusables.ts) inside words that are
 * disguised Latin: dotless "ı", modifier-letter apostrophes ("wasnʼt"), Cyrillic and Greek twins,
 * mathematical letters, fullwidth forms. As foldHomoglyphs, a word is folded when it has a Latin letter
 * or is made only of look-alikes, so real Cyrillic or Greek words ("Привет", "λόγος") stay.
 */
export function foldConfusables(s: string): string {
  if (!CONFUSABLE_CHAR.test(s)) return s;
  let out = s.replace(CONFUSABLE_WORD, (w) => (CONFUSABLE_CHAR.test(w) ? foldConfusableWord(w) : w));
  if (/[\uFF01-\uFF5E]/.test(out)) out = out.replace(/[\uFF01-\uFF5E]/g, foldChar);
  return out;
}

// ------------------------------------------------------------------------------------------- whitespace

/** Collapses runs of spaces/tabs, trims lines, and keeps at most one blank line between paragraphs. */
export function tidyWhitespace(s: string): string {
  // Each pattern only matches what must change (a lone space is left alone), so clean text costs a scan.
  return s
    .replace(/[ \t\f\v\u00A0]{2,}|[\t\f\v\u00A0]/g, " ")
    .replace(/ +\n *| *\n +/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** All cleanup steps in order: invisible → markup → Zalgo → homoglyphs → whitespace. */
export function cleanText(s: string): string {
  return tidyWhitespace(foldHomoglyphs(stripZalgo(stripMarkup(stripInvisible(s)))));
}

/** cleanText for role-play prose: out-of-character notes, stat blocks and bare headers removed first. */
export function cleanProse(s: string): string {
  return cleanText(stripRoleplayMeta(s));
}
