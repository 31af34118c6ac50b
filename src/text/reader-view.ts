// The reader's view of a text: what a person reading it sees, which is what every term, gate, screen and
// guard should judge (issue 36). A policy can hide characters a reader never sees inside words, write
// letters in compatibility or look-alike forms, or spell a word with precomposed accented letters that
// no word list holds; each of these is a category in Unicode's own data, and this module closes each
// whole from that data (./reader-view-table.json, built by scripts/build-reader-view-table.mjs):
//   1. NFC;
//   2. every Default_Ignorable_Code_Point and format character (Cf) removed, except the zero-width
//      joiner between two pictographs of an emoji sequence (👨‍👩‍👧);
//   3. compatibility forms of letters, marks, numbers and spaces folded to their NFKC form ("ﬁ" → "fi",
//      "𝐚" → "a", "ｔ" → "t"), and wide, narrow and small forms of anything;
//   4. precomposed letters decomposed (NFD) so their marks are seen as marks ("ẹ" → "e" + U+0323);
//   5. look-alikes folded to their UTS #39 prototype ("ꓪ" → "W", Cyrillic "о" → "o", "ʼ" → "'") inside
//      a word that is disguised Latin: one holding an ASCII letter, or made only of look-alikes (and
//      marks). A real word of another script ("Привет", "λόγος") keeps its letters.
// A word is a run of letters, marks and numbers of any script, joined by an apostrophe look-alike.
import { createRequire } from "node:module";
import { once } from "../core/once.js";

interface ReaderViewTable {
  unicode: string;
  confusables: string;
  ignorable: string;
  compat: Record<string, string>;
  confusable: Record<string, string>;
}

const require = createRequire(import.meta.url);
const TABLE = require("./reader-view-table.json") as ReaderViewTable;

/** Where the view's data comes from, for provenance in instruments and docs. */
export const READER_VIEW_SOURCES = `Unicode ${TABLE.unicode} (@unicode/unicode-${TABLE.unicode}); ${TABLE.confusables}`;
/** Bumped whenever what readerView returns changes. */
export const READER_VIEW_VERSION = "reader-view-2";

const IGNORABLE_RANGES: readonly (readonly [number, number])[] = TABLE.ignorable.split(",").map((r) => {
  const [a, b] = r.split("-");
  return [parseInt(a, 16), parseInt(b ?? a, 16)] as const;
});
const COMPAT = new Map<number, string>(Object.entries(TABLE.compat).map(([k, v]) => [parseInt(k, 16), v]));
const CONFUSABLE = new Map<number, string>(Object.entries(TABLE.confusable).map(([k, v]) => [parseInt(k, 16), v]));

/** Unicode's commas other than U+002C (Po named COMMA, not a quotation mark or combining form, or NFKC ","). */
export const COMMA_LIKES = "\u055d\u060c\u07f8\u1363\u1802\u1808\u2e32\u2e34\u2e41\u2e49\u2e4c\u3001\ua4fe\ua60d\ua6f5\ufe10\ufe11\ufe50\ufe51\uff0c\uff64\u{1144d}\u{1145a}\u{16e97}\u{1da87}";
/** Unicode's semicolons (Po named SEMICOLON, or NFKC ";"), U+003B included. */
export const SEMICOLON_LIKES = ";\u037e\u061b\u1364\u204f\u2e35\ua6f6\ufe14\ufe54\uff1b\u{1da89}";

/**
 * The apostrophe's look-alikes: every character UTS #39 gives the prototype "'", closed under NFKC (a
 * character whose compatibility form is one: "｀" → "`", the grave accent); "'" itself is not one.
 */
export const APOSTROPHE_LOOKALIKES: ReadonlySet<number> = (() => {
  const set = new Set<number>();
  for (const [cp, prototype] of CONFUSABLE) {
    // A comma is read as a comma (../terms/prose/dash-commas.ts), though UTS #39 draws U+055D like "'".
    if (prototype !== "'" || COMMA_LIKES.includes(String.fromCodePoint(cp))) continue;
    set.add(cp);
    const nfkc = String.fromCodePoint(cp).normalize("NFKC");
    if ([...nfkc].length === 1 && nfkc !== "'" && !/^[\p{L}\p{N}]$/u.test(nfkc)) set.add(nfkc.codePointAt(0)!);
  }
  return set;
})();

const ZWJ = 0x200d;

/** Whether a code point is invisible to a reader: Default_Ignorable_Code_Point or General Category Cf. */
export function isIgnorable(cp: number): boolean {
  let lo = 0;
  let hi = IGNORABLE_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = IGNORABLE_RANGES[mid];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

// What the view needs to know of one code point: for the basic plane a table made whole on first use
// (immutable data, issue 34), so a reply is read by look-ups rather than regexes; an astral code point
// (rare in prose) is classed on each look-up.
const C_KNOWN = 1;
const C_IGNORABLE = 2;
const C_COMPAT = 4;
const C_DECOMPOSE = 8; // a letter whose NFD holds a mark
const C_WORD = 16; // a letter, mark or number
const C_LOOKALIKE = 32; // has an ASCII prototype
const C_APOSTROPHE = 64; // "'" or a look-alike of it
const C_ASCII_LETTER = 128;
const C_PICTOGRAPH = 256;
const C_MODIFIER = 512; // an emoji modifier (skin tone)
const C_MARK = 1024;
/** What visibleText replaces. */
const CHANGES = C_IGNORABLE | C_COMPAT | C_DECOMPOSE;

function computeClass(cp: number): number {
  const ch = String.fromCodePoint(cp);
  const letter = /^\p{L}$/u.test(ch);
  const nfd = letter ? ch.normalize("NFD") : ch;
  const prototype = CONFUSABLE.get(cp);
  return (
    C_KNOWN |
    (isIgnorable(cp) ? C_IGNORABLE : 0) |
    // A look-alike waits for the word pass, which reads it as its prototype in a Latin word and as its
    // compatibility form elsewhere ("ϲ" is "c" among Latin letters, "ς" among Greek ones).
    (COMPAT.has(cp) && prototype === undefined ? C_COMPAT : 0) |
    (nfd !== ch && /\p{M}/u.test(nfd) ? C_DECOMPOSE : 0) |
    (/^[\p{L}\p{M}\p{N}]$/u.test(ch) ? C_WORD : 0) |
    (/^\p{M}$/u.test(ch) ? C_MARK : 0) |
    (prototype !== undefined ? C_LOOKALIKE : 0) |
    (cp === 39 || prototype === "'" ? C_APOSTROPHE : 0) |
    ((cp | 32) >= 97 && (cp | 32) <= 122 ? C_ASCII_LETTER : 0) |
    (/^\p{Extended_Pictographic}$/u.test(ch) ? C_PICTOGRAPH : 0) |
    (/^\p{Emoji_Modifier}$/u.test(ch) ? C_MODIFIER : 0)
  );
}

/** Each basic-plane code point's class, all 65,536 in one pass on first use (128 KiB). */
const BMP_CLASS = once(() => {
  const table = new Uint16Array(0x10000);
  for (let cp = 0; cp < 0x10000; cp++) table[cp] = computeClass(cp);
  return table;
});

function classOf(cp: number): number {
  return cp < 0x10000 ? BMP_CLASS()[cp] : computeClass(cp);
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The text as its reader sees it (steps 1–5 above): `readerView("tap\u206Cestry")` → "tapestry",
 * `readerView("ꓪind")` → "Wind", `readerView("tapẹstry")` → "tape\u0323stry". ASCII text comes back as it is.
 */
export function readerView(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  const visible = visibleText(text.normalize("NFC"));
  return visible.lookalikes ? foldLookalikes(visible.text) : visible.text;
}

/**
 * Steps 2–4: invisible characters removed, compatibility forms folded, precomposed letters decomposed;
 * and whether a look-alike is left for step 5. Unchanged stretches are copied by slice.
 */
function visibleText(s: string): { text: string; lookalikes: boolean } {
  let out = "";
  let last = 0;
  let lookalikes = false;
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp < 0x80) {
      i += width;
      continue;
    }
    const k = classOf(cp);
    if (k & C_LOOKALIKE) lookalikes = true;
    if ((k & CHANGES) === 0) {
      i += width;
      continue;
    }
    out += s.slice(last, i);
    if (k & C_IGNORABLE) {
      if (cp === ZWJ && joinsEmoji(s, i)) out += "\u200d";
    } else {
      const folded = k & C_COMPAT ? decomposeLetters(COMPAT.get(cp)!) : String.fromCodePoint(cp).normalize("NFD");
      for (const c of folded) if (classOf(c.codePointAt(0)!) & C_LOOKALIKE) lookalikes = true;
      out += folded;
    }
    i += width;
    last = i;
  }
  return { text: last === 0 ? s : out + s.slice(last), lookalikes };
}

/** Step 4 on a short string: each precomposed letter replaced by its NFD. */
function decomposeLetters(s: string): string {
  let out = "";
  for (const c of s) out += classOf(c.codePointAt(0)!) & C_DECOMPOSE ? c.normalize("NFD") : c;
  return out;
}

/** A ZWJ at `at` between a pictograph (and its modifiers) and the next visible pictograph. */
function joinsEmoji(s: string, at: number): boolean {
  let k = at;
  let before = 0;
  do {
    if (k === 0) return false;
    const low = s.charCodeAt(k - 1);
    k -= low >= 0xdc00 && low <= 0xdfff && k >= 2 ? 2 : 1;
    before = classOf(s.codePointAt(k)!);
  } while (before & (C_MODIFIER | C_IGNORABLE) && !(before & C_PICTOGRAPH));
  if (!(before & C_PICTOGRAPH)) return false;
  for (let j = at + 1; j < s.length; ) {
    const cp = s.codePointAt(j)!;
    const after = classOf(cp);
    if (cp === ZWJ || !(after & C_IGNORABLE)) return (after & C_PICTOGRAPH) !== 0;
    j += cp > 0xffff ? 2 : 1;
  }
  return false;
}

/** Step 5: in each word that holds a look-alike and is disguised Latin, the look-alikes folded. */
function foldLookalikes(s: string): string {
  let out = "";
  let last = 0;
  let i = 0;
  while (i < s.length) {
    const first = classOf(s.codePointAt(i)!);
    if (!(first & C_WORD)) {
      i += s.codePointAt(i)! > 0xffff ? 2 : 1;
      continue;
    }
    const start = i;
    let latin = false;
    let onlyLookalikes = true;
    let anyLookalike = false;
    for (;;) {
      let k = 0;
      while (i < s.length && (k = classOf(s.codePointAt(i)!)) & C_WORD) {
        if (k & C_ASCII_LETTER) latin = true;
        else if (k & C_LOOKALIKE) anyLookalike = true;
        else if (!(k & C_MARK)) onlyLookalikes = false;
        i += s.codePointAt(i)! > 0xffff ? 2 : 1;
      }
      // An apostrophe or its look-alike between two word parts joins them ("wasnʼt", "didn’t").
      if (i < s.length && k & C_APOSTROPHE) {
        const next = i + (s.codePointAt(i)! > 0xffff ? 2 : 1);
        if (next < s.length && classOf(s.codePointAt(next)!) & C_WORD) {
          if (s.charCodeAt(i) !== 39) anyLookalike = true;
          i = next;
          continue;
        }
      }
      break;
    }
    if (!anyLookalike) continue;
    out += s.slice(last, start);
    const word = s.slice(start, i);
    let folded = "";
    for (const c of word) {
      const cp = c.codePointAt(0)!;
      folded += latin || onlyLookalikes ? (CONFUSABLE.get(cp) ?? c) : decomposeLetters(COMPAT.get(cp) ?? c);
    }
    out += folded;
    last = i;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** A word: a run of letters (with their marks and numbers) of any script. */
export const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** The words of a text as its reader sees them (readerView applied first). */
export function readerWords(text: string): string[] {
  return readerView(text).match(WORD) ?? [];
}
