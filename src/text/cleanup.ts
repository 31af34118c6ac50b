// Cleanup before length and language checks (SPEC §3, seed 002): markup, invisible characters, Zalgo
// floods and homoglyphs. Each step is a pure string → string function with a fast path that returns the
// input untouched when there is nothing to do, so cleaning ordinary prose costs one scan per step.
import { charFacts, F_APOSTROPHE, F_CONFUSABLE, F_HOMOGLYPH, F_LETTER, F_MARK, hasFact, isFullwidthForm, nfdLetters, nfdMarks, nonAsciiExcept } from "./char-facts.js";
import { CONFUSABLE_TO_ASCII } from "./confusables.js";
import { HOMOGLYPHS, HOMOGLYPH_CHAR } from "./homoglyphs.js";
import { stripRoleplayMeta } from "./roleplay-meta.js";

// ---------------------------------------------------------------------------------------------- markup

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  trade: "™",
  middot: "·",
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
  if (!hasFact(s, F_MARK)) return s;
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
  // The decomposed text's marks and letters are sums over code points (./char-facts.ts), so the text
  // need not be decomposed to count them: a native search visits its non-ASCII characters only, and a
  // reply within budget that holds no combining mark (nearly all) comes back as it is.
  let marks = 0;
  let otherLetters = 0;
  let hasMark = false;
  MAY_HOLD_MARKS_G.lastIndex = 0;
  while (MAY_HOLD_MARKS_G.test(s)) {
    const at = MAY_HOLD_MARKS_G.lastIndex - 1;
    const cp = s.codePointAt(at)!;
    MAY_HOLD_MARKS_G.lastIndex = at + (cp > 0xffff ? 2 : 1);
    const f = charFacts(cp);
    marks += nfdMarks(f);
    otherLetters += nfdLetters(f);
    if (f & F_MARK) hasMark = true;
  }
  return marksWithin(s, budget, marks, otherLetters, hasMark);
}

/** normalizeMarks with its counts taken from readingFacts(s). */
export function normalizeMarksWith(s: string, budget: number, facts: ReadingFacts): string {
  return marksWithin(s, budget, facts.marks, facts.otherLetters, facts.hasMark);
}

function marksWithin(s: string, budget: number, marks: number, otherLetters: number, hasMark: boolean): string {
  if (marks <= MIN_MARK_BUDGET || marks <= Math.max(MIN_MARK_BUDGET, (budget * (asciiLetters(s) + otherLetters)) / 100)) {
    return hasMark ? stripZalgo(s) : s;
  }
  const decomposed = s.normalize("NFD");
  const bare = decomposed.replace(MARK_CLUSTER, (whole, base: string) => (hasPrecomposedDiacritics(base) ? base : whole));
  return stripZalgo(bare).normalize("NFC");
}

const holdsNoMarks = (f: number): boolean => nfdMarks(f) === 0 && nfdLetters(f) === 0 && (f & F_MARK) === 0;
/** Non-ASCII characters that may add marks or letters to the NFD counts, or be a mark. */
const MAY_HOLD_MARKS_G = nonAsciiExcept(holdsNoMarks);
/** Non-ASCII characters that may be look-alikes. */
const MAY_BE_CONFUSABLE_G = nonAsciiExcept((f) => (f & F_CONFUSABLE) === 0);
/** Every character one of the three searches above (invisible, marks, look-alikes) stops at. */
const MAY_MATTER_G = nonAsciiExcept((f, cp) => holdsNoMarks(f) && (f & F_CONFUSABLE) === 0 && !mayBeInvisible(cp));

/**
 * What MAY_HAVE_INVISIBLE matches, by code unit: a test holds the two to the same set. Every one is
 * non-ASCII, so MAY_MATTER_G stops at it.
 */
export function mayBeInvisible(c: number): boolean {
  return (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069) || c === 0xfeff || c === 0xad || c === 0x180e || c === 0x61c;
}

/**
 * What stripInvisible, normalizeMarks and foldConfusables learn from their searches of one text, from
 * one search: each is a native pass over the whole reply, most of what reading an ordinary reply costs
 * (issue 20). The counts are sums over the characters and the look-alike is the first, so they are
 * the passes' own whichever characters the search stops at besides theirs.
 */
export interface ReadingFacts {
  /** stripInvisible's search would match (it removes something, or keeps an emoji's joiner). */
  invisible: boolean;
  /** normalizeMarks's counts: marks and non-ASCII letters of the NFD form, and whether a mark is present. */
  marks: number;
  otherLetters: number;
  hasMark: boolean;
  /**
   * Where each look-alike lies (UTF-16 offsets, in order): the stops foldConfusables's own search
   * makes, so folding reads them from here instead of searching the reply a second time.
   */
  confusables: number[];
}

export function readingFacts(s: string): ReadingFacts {
  let invisible = false;
  let marks = 0;
  let otherLetters = 0;
  let hasMark = false;
  const confusables: number[] = [];
  MAY_MATTER_G.lastIndex = 0;
  while (MAY_MATTER_G.test(s)) {
    const at = MAY_MATTER_G.lastIndex - 1;
    const cp = s.codePointAt(at)!;
    // Set on every stop, not only after an astral one, so the store has been met before this is optimized.
    MAY_MATTER_G.lastIndex = at + (cp > 0xffff ? 2 : 1);
    const f = charFacts(cp);
    marks += nfdMarks(f);
    otherLetters += nfdLetters(f);
    if (f & F_MARK) hasMark = true;
    if (f & F_CONFUSABLE) confusables.push(at);
    if (mayBeInvisible(cp)) invisible = true;
  }
  return { invisible, marks, otherLetters, hasMark, confusables };
}

function asciiLetters(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (isAsciiLetter(s.charCodeAt(i))) n++;
  return n;
}

const isAsciiLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;

/** A few accented names or words are never a flood, however short the text. */
const MIN_MARK_BUDGET = 8;

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
  if (!hasFact(s, F_HOMOGLYPH)) return s;
  let out = s.replace(LETTER_RUN, (w) => (HOMOGLYPH_CHAR.test(w) ? foldWord(w) : w));
  if (/[\uFF01-\uFF5E]/.test(out)) out = out.replace(/[\uFF01-\uFF5E]/g, foldChar);
  return out;
}

// ----------------------------------------------------------------------------------------- confusables

function foldConfusableWord(word: string): string {
  let folded = "";
  let last = 0;
  let allFoldable = true;
  let latin = false;
  for (let i = 0; i < word.length; ) {
    const cp = word.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const f = charFacts(cp);
    const twin = f & F_CONFUSABLE ? CONFUSABLE_TO_ASCII.get(word.slice(i, i + width)) : undefined;
    if (twin !== undefined) {
      folded += word.slice(last, i) + twin;
      last = i + width;
    } else if (isLatinLetter(cp)) latin = true;
    else if ((f & F_MARK) === 0) allFoldable = false;
    i += width;
  }
  return allFoldable || latin ? folded + word.slice(last) : word;
}

/** LATIN_LETTER's range, by code point. */
const isLatinLetter = (cp: number): boolean => isAsciiLetter(cp) || (cp >= 0xc0 && cp <= 0x24f);

/**
 * Folds look-alikes from Unicode's confusables table (src/text/confusables.ts) inside words that are
 * disguised Latin: dotless "ı", modifier-letter apostrophes ("wasnʼt"), Cyrillic and Greek twins,
 * mathematical letters, fullwidth forms. As foldHomoglyphs, a word is folded when it has a Latin letter
 * or is made only of look-alikes, so real Cyrillic or Greek words ("Привет", "λόγος") stay.
 */
export function foldConfusables(s: string): string {
  // A native search over the non-ASCII characters that may be a look-alike finds them.
  const at: number[] = [];
  MAY_BE_CONFUSABLE_G.lastIndex = 0;
  while (MAY_BE_CONFUSABLE_G.test(s)) {
    const p = MAY_BE_CONFUSABLE_G.lastIndex - 1;
    const cp = s.codePointAt(p)!;
    MAY_BE_CONFUSABLE_G.lastIndex = p + (cp > 0xffff ? 2 : 1);
    if ((charFacts(cp) & F_CONFUSABLE) !== 0) at.push(p);
  }
  return at.length === 0 ? s : foldConfusablesAt(s, at);
}

/** foldConfusables with its look-alikes taken from readingFacts(s). */
export function foldConfusablesWith(s: string, facts: ReadingFacts): string {
  return facts.confusables.length === 0 ? s : foldConfusablesAt(s, facts.confusables);
}

/**
 * foldConfusables given where s's look-alikes lie, in order. Words are runs of letters and marks joined
 * by one apostrophe or apostrophe look-alike with a letter or mark after it ("wasnʼt"); no word spans a
 * character that ends a stretch (endsStretch). So each look-alike is read within the stretch between two
 * such characters around it, and only the stretches holding one are rebuilt.
 *
 * Nearly every look-alike in prose is a curly quote among ASCII letters ("didn’t", "dogs’", "“It’s…"),
 * which this loop folds itself; any other stretch goes to foldStretch, which few replies reach. Kept
 * apart, this loop compiles small, and the rare words' code neither swells it nor, met for the first
 * time after it was optimized, throws it away (issue 20: the loop they shared took ~80 ms to compile
 * and was deoptimized on the bank's first fullwidth comma).
 */
function foldConfusablesAt(s: string, at: readonly number[]): string {
  let out = "";
  let last = 0;
  // The end of the last stretch read: look-alikes before it were read with it.
  let read = 0;
  for (let k = 0; k < at.length; k++) {
    const p = at[k];
    if (p < read) continue;
    let from = p;
    while (from > 0 && !endsStretch(s.charCodeAt(from - 1))) from--;
    let to = p + 1;
    while (to < s.length && !endsStretch(s.charCodeAt(to))) to++;
    read = to;
    if (!quotesAmongAsciiLetters(s, from, to)) {
      out += s.slice(last, from) + foldStretch(s, from, to);
      last = to;
      continue;
    }
    // A quote between two letters joins them into one word, which foldableWords and foldConfusableWord
    // would fold (it has a Latin letter) at its look-alikes, these quotes; a quote beside anything else
    // (another quote, "'", an end of the stretch) ends or starts no word with it, and stays.
    for (let q = from + 1; q < to - 1; q++) {
      if (isAsciiLetter(s.charCodeAt(q - 1)) && isAsciiLetter(s.charCodeAt(q + 1)) && isQuoteLookalike(s.charCodeAt(q))) {
        out += s.slice(last, q) + "'";
        last = q + 1;
      }
    }
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Whether s[from, to) is ASCII letters, "'" and quote look-alikes only. */
function quotesAmongAsciiLetters(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (!isAsciiLetter(c) && c !== 39 && !isQuoteLookalike(c)) return false;
  }
  return true;
}

/**
 * A look-alike of the apostrophe (so its twin is "'") that is neither a letter nor a mark (so a word
 * takes it in only between two letters) nor a fullwidth form (which is folded wherever it stands): ’ ‘.
 */
const isQuoteLookalike = (c: number): boolean => c >= 0x80 && (charFacts(c) & (F_CONFUSABLE | F_APOSTROPHE | F_LETTER | F_MARK)) === (F_CONFUSABLE | F_APOSTROPHE) && !isFullwidthForm(c);

const FULLWIDTH_G = /[\uFF01-\uFF5E]/g;

/**
 * s[from, to) (a stretch that holds a look-alike) with the words holding one folded, and its fullwidth
 * forms folded: every fullwidth form is a look-alike, so each lies in such a stretch.
 */
function foldStretch(s: string, from: number, to: number): string {
  let out = "";
  let last = from;
  let wide = false;
  for (let k = from; k < to && !wide; k++) wide = isFullwidthForm(s.charCodeAt(k));
  for (const [start, end] of foldableWords(s, from, to)) {
    out += s.slice(last, start) + foldConfusableWord(s.slice(start, end));
    last = end;
  }
  out += s.slice(last, to);
  return wide ? out.replace(FULLWIDTH_G, foldChar) : out;
}

/**
 * A code unit that no word holds or joins: an ASCII one but a letter or "'", or a BMP character that is
 * not a letter, a mark, an apostrophe or a look-alike (curly double quotes, dashes, the ellipsis). Such a
 * character parts words as an ASCII break does, so the words of a stretch cut at it are the words of the
 * whole: the bank's "“It’s…" is then the stretch "It’s" of the quote's fast path. Surrogates are kept
 * inside stretches (an astral letter's halves are not breaks).
 */
const endsStretch = (c: number): boolean => (c < 0x80 ? c !== 39 && !isAsciiLetter(c) : (c < 0xd800 || c > 0xdfff) && (charFacts(c) & (F_LETTER | F_MARK | F_APOSTROPHE | F_CONFUSABLE)) === 0);

/** [start, end) of each word in s[from, to) that holds a look-alike; from and to are word breaks or the ends. */
function foldableWords(s: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let i = from;
  while (i < to) {
    let cp = s.codePointAt(i)!;
    let f = charFacts(cp);
    if ((f & (F_LETTER | F_MARK)) === 0) {
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const start = i;
    let folds = false;
    for (;;) {
      while ((f & (F_LETTER | F_MARK)) !== 0) {
        if (f & F_CONFUSABLE) folds = true;
        i += cp > 0xffff ? 2 : 1;
        if (i >= to) break;
        cp = s.codePointAt(i)!;
        f = charFacts(cp);
      }
      if (i >= to || (f & F_APOSTROPHE) === 0) break;
      const next = i + (cp > 0xffff ? 2 : 1);
      if (next >= to) break;
      const nf = charFacts(s.codePointAt(next)!);
      if ((nf & (F_LETTER | F_MARK)) === 0) break;
      if (f & F_CONFUSABLE) folds = true;
      i = next;
      cp = s.codePointAt(i)!;
      f = nf;
    }
    if (folds) out.push([start, i]);
  }
  return out;
}

// ------------------------------------------------------------------------------------------- whitespace

const OTHER_BLANK = /[\t\f\v\u00A0]/;

/** Collapses runs of spaces/tabs, trims lines, and keeps at most one blank line between paragraphs. */
export function tidyWhitespace(s: string): string {
  // Each pattern only matches what must change (a lone space is left alone), and runs only when a plain
  // search finds what every one of its matches holds: two spaces or another blank, a space beside a
  // line break, three line breaks.
  let out = s;
  if (out.includes("  ") || OTHER_BLANK.test(out)) out = out.replace(/[ \t\f\v\u00A0]{2,}|[\t\f\v\u00A0]/g, " ");
  if (out.includes(" \n") || out.includes("\n ")) out = out.replace(/ +\n *| *\n +/g, "\n");
  if (out.includes("\n\n\n")) out = out.replace(/\n{3,}/g, "\n\n");
  return out.trim();
}

/** All cleanup steps in order: invisible → markup → Zalgo → homoglyphs → whitespace. */
export function cleanText(s: string): string {
  return tidyWhitespace(foldHomoglyphs(stripZalgo(stripMarkup(stripInvisible(s)))));
}

/** cleanText for role-play prose: out-of-character notes, stat blocks and bare headers removed first. */
export function cleanProse(s: string): string {
  return cleanText(stripRoleplayMeta(s));
}

// --------------------------------------------------------------------------------------------- warm-up

// The reading searches and the folding's rare paths (a word with look-alike letters, fullwidth forms, an
// astral letter, marks, a letter apostrophe, an invisible joiner) run at load, so that their calls and
// sums have been met when V8 optimizes the loops on the curly quotes of real replies: foldStretch's
// call, first met after foldConfusablesAt was optimized, threw the loop away (issue 20). Repeated so
// that V8 keeps the feedback (it allocates a function's feedback only after it has run a little). The
// passes are pure and reset their searches, so this changes no later answer.
// Run once per thread before any scoring (src/stacks/warm-up.ts), never at import.
const WARM_UP = "Неllо 𝐡𝐞𝐥𝐥𝐨 wasnʼt café’s e\u0301’s ＡＢ，cd! didn’t ‘tis’ “It’s…” o\u200bk";
export function warmUpCleanup(): void {
  for (let k = 0; k < 8; k++) {
    readingFacts(WARM_UP);
    foldConfusables(WARM_UP);
  }
}
