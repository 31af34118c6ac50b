// The prose default's orthography reading (issue 36, third round): writings a reader reads straight
// through, closed by category from Unicode's data (./orthography-table.json, built by
// scripts/build-orthography-table.mjs) and the word table, so a priced word costs what it costs however
// it is written. Two passes, around the reader's view (./reader-view.ts):
//   readCharacters (before the view), one code point at a time:
//     - every line break and line or paragraph separator (Line_Break BK, CR, LF, NL; Zl, Zp) is a newline,
//       a paragraph separator a blank line;
//     - every punctuation mark or symbol whose compatibility form is ASCII punctuation reads as that form
//       ("․" → ".", "‼" → "!!");
//     - every non-letter whose NFKC form is a Latin letter ("ⓨ" → "y"), every Latin small capital
//       ("ᴛ" → "t") and every symbol Unicode names after a Latin letter ("🅰", "⒜", regional indicator
//       letters) is that letter; a flag standing alone ("🇫🇷") stays;
//     - every visible character that renders blank (Braille blank, Hangul fillers) joins a word it is
//       inside ("sc⠀reamed" → "screamed") and is a space between words;
//     - a caseless stroke look-alike ("ꓲ", Hebrew vav) beside Latin letters is "I" where that makes a word
//       ("ꓲt" → "It") and "l" elsewhere.
//   readWordForms (after the view), one word at a time; each joins or restores only into a word of the
//   word table (a priced form first), and leaves anything else as written, where the non-word share
//   prices it (hand scans, not regexes: this runs on every reply):
//     - paragraphs written one to a line (every line ends a sentence or is a heading) are paragraphs;
//     - a hyphen and a line break inside a word: the word rejoined ("tapes-\ntry" → "tapestry"), or the
//       compound kept whole ("well-\nknown" → "well-known");
//     - letter-spaced words ("t a p e s t r y" → "tapestry", "a t a p e s t r y" → "a tapestry");
//     - digits and symbols written for letters inside a word of letters ("t4pestry", "0cean"): each is a
//       letter to be found, read as the priced word they spell (leetspeak by category, not a digit map);
//       any other such word is left as written, a non-word;
//     - letters outside English's alphabet (of another script, or Latin ones with no ASCII base: "ɐ", "ꞵ")
//       inside a word of English letters ("crאaבcked", "crꞵaɐcked"): each a letter to be
//       found or one inserted, read as the priced word they spell; any other such word is left as written,
//       a mixed-script word the non-word share prices from the first (src/text/spelling.ts);
//     - letters stretched to three or more ("tapestryyy" → "tapestry");
//     - archaic elisions ("whisper'd" → "whispered", "o'er" → "over"), never a modern contraction
//       ("don't", "we've", "he'd").
import { createRequire } from "node:module";
import { once } from "../core/once.js";
import { COMMON_ENGLISH, isCommonEnglish } from "./english.js";
import { APOSTROPHE_LOOKALIKES } from "./reader-view.js";
import { contractionsByLetters, isEnglishWord, type CostlyWords } from "./spelling.js";

interface OrthographyTable {
  unicode: string;
  letterForms: Record<string, string>;
  regional: string[];
  flags: string[];
  blanks: string[];
  strokes: string[];
  breaks: Record<string, "l" | "p">;
  compatPunct: Record<string, string>;
  hyphens: string[];
  leet: string;
}

const require = createRequire(import.meta.url);
const TABLE = once(() => require("./orthography-table.json") as OrthographyTable);

const hexMap = (record: Record<string, string>): Map<number, string> => new Map(Object.entries(record).map(([k, v]) => [parseInt(k, 16), v]));

const CHARACTERS = once(() => {
  const t = TABLE();
  const replace = new Map<number, string>([...hexMap(t.compatPunct), ...hexMap(t.letterForms)]);
  for (const [k, kind] of Object.entries(t.breaks)) if (k !== "a" && k !== "d") replace.set(parseInt(k, 16), kind === "p" ? "\n\n" : "\n");
  return {
    replace,
    strokes: new Set(t.strokes.map((k) => parseInt(k, 16))),
    regional: new Set(t.regional.map((k) => parseInt(k, 16))),
    flags: new Set(t.flags),
    blanks: new Set(t.blanks.map((k) => parseInt(k, 16))),
  };
});

/** The table's leet characters: ASCII by a table, the rest as sorted ranges searched by halves. */
const LEET = once(() => {
  const ranges = TABLE()
    .leet.split(",")
    .map((r) => {
      const [a, b] = r.split("-").map((h) => parseInt(h, 16));
      return [a, b ?? a] as const;
    });
  const ascii = new Uint8Array(128);
  for (const [a, b] of ranges) for (let c = a; c <= Math.min(b, 127); c++) ascii[c] = 1;
  return { ascii, ranges };
});

function isLeet(cp: number): boolean {
  const { ascii, ranges } = LEET();
  if (cp < 128) return ascii[cp] === 1;
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[mid][0]) hi = mid - 1;
    else if (cp > ranges[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
/** Whether the code point is a letter (or, with `marks`, a letter or a mark): ASCII without a regex. */
function isLetterCp(cp: number, marks = false): boolean {
  if (cp < 128) return (cp | 32) >= 97 && (cp | 32) <= 122;
  return (marks ? LETTER_OR_MARK : LETTER).test(String.fromCodePoint(cp));
}

/** Code points of a string by index: the code point at `i` and where the next one starts. */
const widthAt = (s: string, i: number): number => (s.codePointAt(i)! > 0xffff ? 2 : 1);
/** Where the code point before `i` starts (i - 1, or i - 2 for a surrogate pair). */
const previousAt = (s: string, i: number): number => {
  const low = s.charCodeAt(i - 1);
  return low >= 0xdc00 && low <= 0xdfff && i >= 2 ? i - 2 : i - 1;
};

/**
 * Every maximal run of code points `inRun` accepts that holds a code point `seed` accepts, rewritten by
 * `f` (a hand scan: the runs are rare, and a regex over the table's ten thousand characters is slow).
 */
function rewriteRuns(text: string, inRun: (cp: number) => boolean, seed: (text: string, at: number) => boolean, f: (run: string) => string): string {
  let out = "";
  let last = 0;
  for (let i = 0; i < text.length; ) {
    if (!seed(text, i)) {
      i += widthAt(text, i);
      continue;
    }
    let start = i;
    while (start > last && inRun(text.codePointAt(previousAt(text, start))!)) start = previousAt(text, start);
    let end = i;
    while (end < text.length && inRun(text.codePointAt(end)!)) end += widthAt(text, end);
    if (end === i) end += widthAt(text, i);
    const run = text.slice(start, end);
    const read = f(run);
    if (read !== run) {
      out += text.slice(last, start) + read;
      last = end;
    }
    i = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** A leet character beside a letter. */
function leetSeed(text: string, at: number): boolean {
  const cp = text.codePointAt(at)!;
  if (!isLeet(cp)) return false;
  const next = at + widthAt(text, at);
  return (at > 0 && isLetterCp(text.codePointAt(previousAt(text, at))!)) || (next < text.length && isLetterCp(text.codePointAt(next)!));
}

/** The third of three like letters in a row (case aside for ASCII). */
function stretchSeed(text: string, at: number): boolean {
  if (at < 2) return false;
  const c = text.charCodeAt(at);
  if (c < 128) {
    const low = c | 32;
    return low >= 97 && low <= 122 && (text.charCodeAt(at - 1) | 32) === low && (text.charCodeAt(at - 2) | 32) === low;
  }
  return c === text.charCodeAt(at - 1) && c === text.charCodeAt(at - 2) && LETTER.test(text[at]);
}

/** The Hyphen property's code points. */
const HYPHENS = once(() => new Set(TABLE().hyphens.map((h) => parseInt(h, 16))));

const ASCII_LETTER = /^[A-Za-z]$/;
const LETTER = /^\p{L}$/u;
/** Characters a reader reads the same, one code point at a time (none outside them is ASCII but the grave accent). */
const NEEDS_CHARACTERS = /[^\x00-\x0a\x0e-\x5f\x61-\x7f]/;

/** The first pass (see above): line breaks, compatibility punctuation and letter forms read as written plainly. */
export function readCharacters(text: string): string {
  return readDoubledApostrophes(readCodePoints(text));
}

// A contraction written with its apostrophe doubled ("don''t", "it’’s", issue 36, battery 5) splits into
// two words and a quote the dialogue reading takes for speech: read with one apostrophe where the letters
// on both sides make a contraction (src/text/spelling.ts, contractionsByLetters), before any other reading.
const DOUBLED_APOSTROPHE = /['’]['’]/;
const DOUBLED_APOSTROPHE_G = /(\p{L}+)(['’]{2,})(\p{L}+)/gu;
function readDoubledApostrophes(text: string): string {
  if (!DOUBLED_APOSTROPHE.test(text)) return text;
  const contractions = contractionsByLetters();
  return text.replace(DOUBLED_APOSTROPHE_G, (whole, before: string, marks: string, after: string) => (contractions.has((before + after).toLowerCase()) ? before + marks[0] + after : whole));
}

function readCodePoints(text: string): string {
  if (!NEEDS_CHARACTERS.test(text)) return text;
  const { replace, strokes, regional, flags, blanks } = CHARACTERS();
  let out = "";
  let last = 0;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    let to: string | undefined;
    if (cp === 0x0d) to = text.charCodeAt(i + 1) === 0x0a ? undefined : "\n";
    else if (cp >= 0x0b && cp <= 0x0c) to = "\n";
    else if (regional.has(cp)) {
      // A run of regional indicators: a flag (or flags) standing alone stays an emoji; any other run is letters.
      const run = regionalRun(text, i, replace, regional);
      if (!isFlags(text, i, run, flags)) {
        out += text.slice(last, i) + run.letters.toLowerCase();
        last = run.end;
      }
      i = run.end;
      continue;
    } else if (blanks.has(cp)) to = blankAt(text, i, width);
    else if (APOSTROPHE_LOOKALIKES.has(cp)) to = apostropheAt(text, i, width);
    else if (cp >= 0x80) to = replace.get(cp) ?? (strokes.has(cp) ? strokeAt(text, i, width) : undefined);
    if (to !== undefined) {
      out += text.slice(last, i) + to;
      last = i + width;
    }
    i += width;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * A blank glyph: inside a word (letters on both sides) nothing, the word joined, unless both sides are
 * words and the joined letters are not ("sc⠀reamed" → "screamed", "s⠀park" → "spark", "the⠀sky" → "the
 * sky"); elsewhere a space.
 */
function blankAt(text: string, at: number, width: number): string {
  let start = at;
  while (start > 0 && ASCII_LETTER.test(text[start - 1])) start--;
  let end = at + width;
  while (end < text.length && ASCII_LETTER.test(text[end])) end++;
  const head = text.slice(start, at).toLowerCase();
  const tail = text.slice(at + width, end).toLowerCase();
  if (head === "" || tail === "") return " ";
  const isWord = (w: string) => (w.length === 1 ? w === "a" || w === "i" : isEnglishWord(w));
  return isWord(head) && isWord(tail) && !isEnglishWord(head + tail) ? " " : "";
}

const QUOTATION = /^[\p{Pi}\p{Pf}\p{Ps}\p{Pe}]$/u;
/**
 * An apostrophe look-alike (UTS #39 or NFKC: grave accent, acute accent, modifier letters, primes) after a
 * letter: "'" inside a word ("don`t" → "don't", "shadow`s" → "shadow's"), and at a word's end unless it is
 * a quotation mark or closes a pair ("dogs`" → "dogs'"; a closing "’" and "`code`" stay).
 */
function apostropheAt(text: string, at: number, width: number): string | undefined {
  if (at === 0 || !isLetterCp(text.codePointAt(previousAt(text, at))!, true)) return undefined;
  const next = at + width;
  if (next < text.length && isLetterCp(text.codePointAt(next)!)) return text.charCodeAt(at) === 0x2019 ? undefined : "'";
  if (QUOTATION.test(String.fromCodePoint(text.codePointAt(at)!))) return undefined;
  // A pair around a word ("`code`") is a quotation or a code span, not an apostrophe.
  let start = at;
  while (start > 0 && isLetterCp(text.codePointAt(previousAt(text, start))!, true)) start = previousAt(text, start);
  return start > 0 && text.codePointAt(previousAt(text, start)) === text.codePointAt(at) ? undefined : "'";
}

/** The run of regional indicators from `at`: the letters they name and where the run ends. */
function regionalRun(text: string, at: number, replace: Map<number, string>, regional: Set<number>): { letters: string; end: number } {
  let letters = "";
  let end = at;
  while (end < text.length && regional.has(text.codePointAt(end)!)) {
    letters += replace.get(text.codePointAt(end)!)!;
    end += 2;
  }
  return { letters, end };
}

/**
 * Whether a run of regional indicators is a flag: two that are an RGI flag, with no letter on either side.
 * A longer run is letters: most short words are pairs of flag codes ("static": ST AT IC).
 */
function isFlags(text: string, at: number, run: { letters: string; end: number }, flags: Set<string>): boolean {
  if (run.letters.length !== 2) return false;
  if ((at > 0 && isLetterCp(text.codePointAt(previousAt(text, at))!)) || (run.end < text.length && isLetterCp(text.codePointAt(run.end)!))) return false;
  for (let k = 0; k < run.letters.length; k += 2) if (!flags.has(run.letters.slice(k, k + 2))) return false;
  return true;
}

/** A caseless stroke beside Latin letters: "I" opening a word that is a word with "I", else "l"; undefined away from Latin letters. */
function strokeAt(text: string, at: number, width: number): string | undefined {
  const before = at > 0 ? text[at - 1] : "";
  let end = at + width;
  while (end < text.length && ASCII_LETTER.test(text[end])) end++;
  const rest = text.slice(at + width, end).toLowerCase();
  if (ASCII_LETTER.test(before)) return "l";
  if (rest !== "") {
    const asI = wordRank(`i${rest}`);
    return asI > 0 && asI >= wordRank(`l${rest}`) ? "I" : "l";
  }
  // Standing alone: the pronoun, when the nearest letter on either side is Latin.
  return nearestLetterIsLatin(text, at - 1, -1) || nearestLetterIsLatin(text, end, 1) ? "I" : undefined;
}

function nearestLetterIsLatin(text: string, from: number, step: 1 | -1): boolean {
  for (let k = from; k >= 0 && k < text.length; k += step) {
    const ch = text[k];
    if (ASCII_LETTER.test(ch)) return true;
    if (LETTER.test(ch) || (ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff)) return false;
  }
  return false;
}

/**
 * The reading among `candidates`: a priced form first, else the most frequent common English word (the
 * common-English list is in Brown frequency order), else the first word of the table.
 */
function firstWord(candidates: Iterable<string>, costly: CostlyWords | undefined): string | undefined {
  const rank = COMMON_RANK();
  let common: string | undefined;
  let word: string | undefined;
  for (const c of candidates) {
    if (costly?.forms.has(c)) return c;
    const r = rank.get(c);
    if (r !== undefined) {
      if (common === undefined || r < rank.get(common)!) common = c;
    } else if (word === undefined && common === undefined && isEnglishWord(c)) word = c;
  }
  return common ?? word;
}

const COMMON_RANK = once(() => new Map([...COMMON_ENGLISH].map((w, i) => [w, i])));

/** How well a lower-cased form reads: 2 a common English word, 1 a word of the table, 0 neither. */
const wordRank = (lower: string): number => (isCommonEnglish(lower) ? 2 : isEnglishWord(lower) ? 1 : 0);

const ALPHABET = "abcdefghijklmnopqrstuvwxyz";
/** Longest letter-spaced or stretched word read (longer runs are read in parts). */
const MAX_WORD = 24;
/** Fewest letters a stretched word is read as ("Mmmm" is not "m"). */
const MIN_STRETCHED_WORD = 3;
/** At most this many priced forms are read for one ambiguous disguise. */
const MAX_READINGS = 3;
/** At most this many digits or symbols in a word are read as letters (26^n candidates). */
const MAX_LEET = 2;

/** Clitics of modern contractions ("don't", "she'll", "we're", "we've", "I'm", "it's"): never restored. */
const MODERN_CLITICS = new Set(["s", "t", "ll", "re", "ve", "m"]);

/** The second pass (see above). `costly`: the dictionary's priced forms, preferred where several words fit. */
export function readWordForms(text: string, costly?: CostlyWords): string {
  return readWordLetters(readWordLayout(text, costly), costly);
}

/** The layout half of readWordForms: paragraphs written one to a line, words hyphenated across a break, letter-spaced words. */
export function readWordLayout(text: string, costly?: CostlyWords): string {
  let out = text.includes("\n") ? readLineParagraphs(text) : text;
  if (out.includes("\n")) out = readHyphenBreaks(out, costly);
  return readAllLetterSpaced(out, costly);
}

/** The letters half of readWordForms: digits and symbols for letters, mixed scripts, stretched and elided words. */
export function readWordLetters(text: string, costly?: CostlyWords): string {
  let out = text;
  out = rewriteRuns(
    out,
    (cp) => isLetterCp(cp, true) || isLeet(cp),
    leetSeed,
    (token) => readLeet(token, costly),
  );
  out = rewriteRuns(
    out,
    (cp) => isLetterCp(cp, true),
    foreignLetterSeed,
    (word) => readMixedScript(word, costly),
  );
  out = rewriteRuns(
    out,
    (cp) => isLetterCp(cp),
    stretchSeed,
    (word) => readStretched(word, costly),
  );
  out = readAllElided(out, costly);
  return out;
}

/**
 * A word hyphenated across a line break (at most a blank line, which a paragraph separator is by now):
 * rejoined where the parts make a word, else the compound kept whole on one line; a paragraph break
 * between parts that make no word stays.
 */
function readHyphenBreaks(text: string, costly: CostlyWords | undefined): string {
  const hyphens = HYPHENS();
  let out = "";
  let last = 0;
  for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", nl + 1)) {
    // Back from the break over spaces (and a CR) to the hyphen, and a letter before it.
    let h = nl;
    while (h > last && (text[h - 1] === " " || text[h - 1] === "\t" || text[h - 1] === "\r")) h--;
    if (h - 1 <= last || !hyphens.has(text.codePointAt(h - 1)!) || !isLetterCp(text.codePointAt(previousAt(text, h - 1))!)) continue;
    // On from the break over spaces and at most one more break to a letter.
    let b = nl + 1;
    let breaks = 1;
    for (; b < text.length; b++) {
      const c = text[b];
      if (c === "\n" && breaks === 1) breaks++;
      else if (c !== " " && c !== "\t" && c !== "\r") break;
    }
    if (b >= text.length || !isLetterCp(text.codePointAt(b)!)) continue;
    let start = h - 1;
    while (start > last && isLetterCp(text.codePointAt(previousAt(text, start))!, true)) start = previousAt(text, start);
    let end = b;
    while (end < text.length && isLetterCp(text.codePointAt(end)!, true)) end += widthAt(text, end);
    const head = text.slice(start, h - 1);
    const tail = text.slice(b, end);
    const joined = firstWord([(head + tail).toLowerCase()], costly) ? head + tail : breaks === 1 ? head + text[h - 1] + tail : undefined;
    if (joined === undefined) continue;
    out += text.slice(last, start) + joined;
    last = end;
    nl = end - 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** A line that ends a sentence: terminal punctuation, then closing quotes, brackets or emphasis. */
const ENDS_SENTENCE = /[.!?…][\p{Pf}\p{Pe}"'*_]*[^\S\n]*$/u;

/** A heading line: a Markdown heading, or a line wholly in bold or italics. */
const HEADING = /^[^\S\n]*(?:#{1,6}[^\S\n].*|\*\*[^*\n]+\*\*|__[^_\n]+__|\*[^*\n]+\*|_[^_\n]+_)[^\S\n]*$/u;

/**
 * Paragraphs written one to a line: a block (between blank lines) of two or more lines that each end a
 * sentence or are a heading, at least one a sentence, is read as that many paragraphs, as a reader sees
 * them ("One.\nTwo." → "One.\n\nTwo."). Hard-wrapped prose (a line ending mid-sentence), verse and lists
 * are left as they are.
 */
function readLineParagraphs(text: string): string {
  // Blocks at even indices, the blank lines between them at odd ones.
  const parts = text.split(BLANK_LINES);
  let changed = false;
  for (let k = 0; k < parts.length; k += 2) {
    const block = parts[k];
    if (!block.includes("\n")) continue;
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    const sentences = lines.filter((line) => ENDS_SENTENCE.test(line)).length;
    if (sentences > 0 && lines.length > 1 && lines.every((line) => ENDS_SENTENCE.test(line) || HEADING.test(line))) {
      const lead = /^\s*/.exec(block)![0];
      const tail = /\s*$/.exec(block)![0];
      parts[k] = lead + lines.map((line) => line.trim()).join("\n\n") + tail;
      changed = true;
    }
  }
  return changed ? parts.join("") : text;
}
const BLANK_LINES = /(\n[^\S\n]*(?:\n[^\S\n]*)+)/;

const SPACE = /^[\p{Zs}\t]$/u;
const isSpaceAt = (s: string, i: number): boolean => {
  const c = s.charCodeAt(i);
  return c === 32 || c === 9 || (c >= 0x80 && SPACE.test(s[i]));
};
const isWordAt = (s: string, i: number): boolean => i >= 0 && i < s.length && WORD_CHAR.test(s[i]);
const WORD_CHAR = /^[\p{L}\p{M}\p{N}\uD800-\uDFFF]$/u;

/** Every letter-spaced run (three or more single letters, one space apart, not after an apostrophe) read by readLetterSpaced. */
function readAllLetterSpaced(s: string, costly: CostlyWords | undefined): string {
  let out = "";
  let last = 0;
  for (let i = 0; i + 4 < s.length; i++) {
    if (!isSpaceAt(s, i + 1) || !isLetterCp(s.charCodeAt(i)) || isWordAt(s, i - 1) || s[i - 1] === "'" || s[i - 1] === "’") continue;
    let q = i;
    let letters = 1;
    while (q + 2 < s.length && isSpaceAt(s, q + 1) && isLetterCp(s.charCodeAt(q + 2)) && !isWordAt(s, q + 3)) {
      q += 2;
      letters++;
    }
    if (letters < 3) continue;
    const run = s.slice(i, q + 1);
    out += s.slice(last, i) + readLetterSpaced(run, costly);
    last = q + 1;
    i = q;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Every word with an apostrophe between letters and a clitic that is not a modern one, read by readElided. */
function readAllElided(s: string, costly: CostlyWords | undefined): string {
  let out = "";
  let last = 0;
  for (let i = 1; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c !== 39 && c !== 0x2019) || !isLetterCp(s.charCodeAt(i - 1)) || !isLetterCp(s.charCodeAt(i + 1))) continue;
    let start = i - 1;
    while (start > last && isLetterCp(s.charCodeAt(start - 1))) start--;
    let end = i + 1;
    while (end < s.length && isLetterCp(s.charCodeAt(end))) end++;
    const apostrophe = (k: number) => s[k] === "'" || s[k] === "’";
    if (isWordAt(s, start - 1) || apostrophe(start - 1) || isWordAt(s, end) || apostrophe(end)) {
      i = end;
      continue;
    }
    const word = s.slice(start, end);
    const read = readElided(word, s.slice(start, i), s.slice(i + 1, end), costly);
    if (read !== word) {
      out += s.slice(last, start) + read;
      last = end;
    }
    i = end;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** English's words of one letter, the only single letters a letter-spaced run keeps apart. */
const ONE_LETTER_WORDS = new Set(["a", "i"]);

/**
 * A letter-spaced run read as words: the whole run where it is a word; else its split into words that
 * costs least, a priced or common English word costing 1 and any other word of the table 2, more priced
 * words breaking ties ("a t a p e s t r y" → "a tapestry", "f a i n t s c e n t" → "faint scent", two
 * spaced words side by side read apart); else one word after a leading "a" or "I" ("a V o s s" →
 * "a Voss"), where the non-word share prices it if it is not a name.
 */
function readLetterSpaced(run: string, costly: CostlyWords | undefined): string {
  const letters = run.split(/[\p{Zs}\t]/u);
  const n = letters.length;
  const lower = letters.map((l) => l.toLowerCase());
  // A run of English's one-letter words ("a a a", "I I I": words sorted or repeated) is words already;
  // joined it would be "aaa", a word of the table, and the articles would vanish from the function-word guard.
  if (lower.every((l) => ONE_LETTER_WORDS.has(l))) return run;
  const whole = letters.join("");
  if (n > 3 * MAX_WORD || costly?.forms.has(whole.toLowerCase()) || isEnglishWord(whole.toLowerCase())) return whole;
  // best[i]: the best split of the first i letters, as [words, -priced], and where its last word starts.
  const best: ({ cost: [number, number]; from: number } | undefined)[] = [{ cost: [0, 0], from: 0 }];
  for (let i = 1; i <= n; i++) {
    let pick: { cost: [number, number]; from: number } | undefined;
    for (let j = Math.max(0, i - MAX_WORD); j < i; j++) {
      const prior = best[j];
      if (prior === undefined) continue;
      const word = lower.slice(j, i).join("");
      const priced = costly?.forms.has(word) ?? false;
      const plain = priced || (word.length === 1 ? ONE_LETTER_WORDS.has(word) : isCommonEnglish(word));
      if (!plain && (word.length === 1 || !isEnglishWord(word))) continue;
      const cost: [number, number] = [prior.cost[0] + (plain ? 1 : 2), prior.cost[1] - (priced ? 1 : 0)];
      if (pick === undefined || cost[0] < pick.cost[0] || (cost[0] === pick.cost[0] && cost[1] < pick.cost[1])) pick = { cost, from: j };
    }
    best.push(pick);
  }
  if (best[n] === undefined) {
    const lead = ONE_LETTER_WORDS.has(lower[0]) ? 1 : 0;
    return (lead ? `${letters[0]} ` : "") + letters.slice(lead).join("");
  }
  const words: string[] = [];
  for (let i = n; i > 0; i = best[i]!.from) words.unshift(letters.slice(best[i]!.from, i).join(""));
  return words.join(" ");
}

/** A word with digits or symbols for letters read as the word they spell, or left as written. */
function readLeet(token: string, costly: CostlyWords | undefined): string {
  const chars = [...token];
  if (chars.length < 4) return token;
  const leetAt: number[] = [];
  for (let k = 0; k < chars.length; k++) if (isLeet(chars[k].codePointAt(0)!)) leetAt.push(k);
  if (leetAt.length === 0 || leetAt.length > MAX_LEET) return token;
  const isLetter = (k: number) => k >= 0 && k < chars.length && LETTER.test(chars[k]);
  // Inside a word: between two letters, or one at an edge of three or more letters ("0cean"); a number
  // with a unit or suffix ("1920s", "10pm", "3rd") is not a disguise.
  for (const k of leetAt) {
    const inside = isLetter(k - 1) && isLetter(k + 1);
    const edge = (k === 0 && isLetter(1) && isLetter(2) && isLetter(3)) || (k === chars.length - 1 && isLetter(k - 1) && isLetter(k - 2) && isLetter(k - 3));
    if (!inside && !edge) return token;
  }
  const lower = chars.map((c) => c.toLowerCase());
  function* fills(from: number): Generator<string> {
    if (from === leetAt.length) {
      yield lower.join("");
      return;
    }
    const k = leetAt[from];
    for (const c of ALPHABET) {
      lower[k] = c;
      yield* fills(from + 1);
    }
  }
  // Only a priced form is read: a digit can stand for any letter, so a word that is not priced is left
  // as written, where the non-word share prices it (reading it as some word would pay that share back).
  // A token that spells two or more priced forms ("bl3nked": blinked, blanked) is read as each of them, as
  // a reader who cannot tell them apart reads it: whichever the context prices is counted.
  const priced = costly ? [...fills(0)].filter((c) => costly.forms.has(c)) : [];
  if (priced.length === 0) return token;
  // Each reading cased as the token: all capitals, or each letter as written (a filled letter lower case).
  const letters = chars.filter((c) => LETTER.test(c)).join("");
  const allCapitals = letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
  const cased = (word: string) => [...word].map((c, k) => (allCapitals || (LETTER.test(chars[k]) && chars[k] !== chars[k].toLowerCase()) ? c.toUpperCase() : c)).join("");
  return priced.slice(0, MAX_READINGS).map(cased).join(" ");
}

/**
 * A letter outside English's alphabet as the view leaves it (precomposed letters are decomposed by then,
 * so "é" is "e" and a mark): a letter of another script, or a Latin one with no ASCII base ("ɐ", "ꞵ", "ø").
 */
const isForeignLetter = (ch: string): boolean => ch.charCodeAt(0) >= 0x80 && LETTER.test(ch);

/** A letter outside English's alphabet beside a letter. */
function foreignLetterSeed(text: string, at: number): boolean {
  const cp = text.codePointAt(at)!;
  if (cp < 0x80 || !isForeignLetter(String.fromCodePoint(cp))) return false;
  const next = at + widthAt(text, at);
  return (at > 0 && isLetterCp(text.codePointAt(previousAt(text, at))!, true)) || (next < text.length && isLetterCp(text.codePointAt(next)!, true));
}

/**
 * A word of English letters holding letters outside English's alphabet (issue 36: a word is a run of
 * letters of any script): each such letter is a letter to be found or one inserted, and the word is read
 * as the priced forms it spells that way, as readLeet reads digits; else it is left as written.
 */
function readMixedScript(word: string, costly: CostlyWords | undefined): string {
  if (!costly) return word;
  const chars = [...word].filter((c) => !MARK_CHAR.test(c));
  if (!chars.some((c) => ASCII_LETTER.test(c))) return word;
  const foreignAt: number[] = [];
  for (let k = 0; k < chars.length; k++) if (isForeignLetter(chars[k])) foreignAt.push(k);
  if (foreignAt.length === 0 || foreignAt.length > MAX_LEET || chars.length - foreignAt.length < 2) return word;
  const lower = chars.map((c) => c.toLowerCase());
  const priced = new Set<string>();
  const fill = (from: number): void => {
    if (from === foreignAt.length) {
      const candidate = lower.join("");
      if (costly.forms.has(candidate)) priced.add(candidate);
      return;
    }
    const k = foreignAt[from];
    for (const c of ["", ...ALPHABET]) {
      lower[k] = c;
      fill(from + 1);
    }
  };
  fill(0);
  if (priced.size === 0) return word;
  const capital = UPPER_FIRST.test(chars[0]);
  return [...priced]
    .slice(0, MAX_READINGS)
    .map((w) => (capital ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}
const MARK_CHAR = /^\p{M}$/u;
const UPPER_FIRST = /^\p{Lu}$/u;

/** A word with a letter written three or more times read as the word with it once or twice. */
function readStretched(word: string, costly: CostlyWords | undefined): string {
  const lower = word.toLowerCase();
  if (word.length > 3 * MAX_WORD || isEnglishWord(lower)) return word;
  const runs = lower.match(/(\p{L})\1*/gu) ?? [];
  let candidates = [""];
  for (const run of runs) {
    const keep = run.length >= 3 ? [run[0], run[0] + run[0]] : [run];
    candidates = candidates.flatMap((c) => keep.map((k) => c + k));
    if (candidates.length > 64) return word;
  }
  const read = firstWord(
    candidates.filter((c) => c.length >= MIN_STRETCHED_WORD),
    costly,
  );
  if (read === undefined) return word;
  return word[0] !== lower[0] ? read[0].toUpperCase() + read.slice(1) : read;
}

/**
 * An archaic elision read as the word with its letter restored: "-'d" and "-'st" as "-ed" and "-est"
 * ("whisper'd", "know'st"); any other as the one letter that makes a priced form or a common English word
 * of three or more letters ("o'er" → "over", "a'most" → "almost"). A dialect spelling that makes no such
 * word ("cap'n", "f'r") is left as written.
 */
function readElided(word: string, head: string, tail: string, costly: CostlyWords | undefined): string {
  const t = tail.toLowerCase();
  if (MODERN_CLITICS.has(t)) return word;
  const h = head.toLowerCase();
  let read: string | undefined;
  if (t === "d" || t === "st") read = head.length >= 3 && isEnglishWord(`${h}e${t}`) ? `${h}e${t}` : undefined;
  else if (h.length + t.length >= 3) {
    const restored = [...ALPHABET].map((c) => h + c + t);
    read = restored.find((w) => costly?.forms.has(w)) ?? restored.find(isCommonEnglish);
  }
  if (read === undefined) return word;
  return head[0] !== h[0] ? read[0].toUpperCase() + read.slice(1) : read;
}
