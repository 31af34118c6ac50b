// The reading passes as they were written before their fast paths (issue 20): regexes and `normalize`
// over the whole text. They are the oracle the fast paths are checked against, on generated strings
// full of what the fast paths skip over (marks, look-alikes, apostrophes, surrogates, markup).
import { createRng } from "../../src/core/random.js";
import { CONFUSABLE_TO_ASCII } from "../../src/text/confusables.js";
import { HOMOGLYPHS } from "../../src/text/homoglyphs.js";
import { stripZalgo } from "../../src/text/cleanup.js";
import { commonEnglishRatio, isCommonEnglish } from "../../src/text/english.js";
import { words } from "../../src/text/tokenize.js";

const MARK_CLUSTER = /(\P{M})(\p{M}+)/gu;
const MARK_CHAR = /\p{M}/u;
const LETTER_CHAR = /\p{L}/u;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;

function hasPrecomposedDiacritics(base: string): boolean {
  const cp = base.codePointAt(0) as number;
  return cp < 0x530 || (cp >= 0x1e00 && cp <= 0x1fff);
}

export function referenceNormalizeMarks(s: string, budget: number): string {
  if (!/[^\u0000-\u007f]/.test(s)) return s;
  const decomposed = s.normalize("NFD");
  let marks = 0;
  let letters = 0;
  for (const ch of decomposed) {
    if (MARK_CHAR.test(ch)) marks++;
    else if (LETTER_CHAR.test(ch)) letters++;
  }
  if (marks <= Math.max(8, (budget * letters) / 100)) return stripZalgo(s);
  const bare = decomposed.replace(MARK_CLUSTER, (whole, base: string) => (hasPrecomposedDiacritics(base) ? base : whole));
  return stripZalgo(bare).normalize("NFC");
}

function foldChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  return HOMOGLYPHS[c] ?? c;
}

const APOSTROPHES = [...CONFUSABLE_TO_ASCII]
  .filter(([, to]) => to === "'")
  .map(([from]) => from)
  .join("");
const escapeClass = (chars: string): string => chars.replace(/[\\\]^-]/g, "\\$&");
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

export function referenceFoldConfusables(s: string): string {
  if (!CONFUSABLE_CHAR.test(s)) return s;
  let out = s.replace(CONFUSABLE_WORD, (w) => (CONFUSABLE_CHAR.test(w) ? foldConfusableWord(w) : w));
  if (/[\uFF01-\uFF5E]/.test(out)) out = out.replace(/[\uFF01-\uFF5E]/g, foldChar);
  return out;
}

/** Pieces a generated reply is made of: plain prose and everything a fast path must not get wrong. */
const PIECES = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
  ...'      \n\n\t.,;:!?-()[]{}"*_#>`~=|/\\&<',
  "'",
  "’",
  "‘",
  "ʼ",
  "ʹ",
  "´",
  "`",
  "′",
  "\u0374",
  "\u05f3",
  "\u055a",
  "é",
  "ö",
  "ñ",
  "ç",
  "ệ",
  "ǖ",
  "ᾂ",
  "Å",
  "\u212b",
  "≠",
  "\u2260",
  "\u226e",
  "\u0301",
  "\u0300\u0301\u0302",
  "\u0308\u0323",
  "\u20d7",
  "\u302a",
  "e\u0301",
  "Z\u0338\u0322\u031b\u0317a\u0337\u0321\u034el\u0334\u0330",
  "क\u093f\u0902\u0941",
  "ก\u0e34\u0e49",
  "ש\u05b8\u05bc",
  "а",
  "е",
  "о",
  "р",
  "с",
  "П",
  "Привет",
  "λόγος",
  "ο",
  "ι",
  "Ι",
  "І",
  "ı",
  "ſ",
  "Неllо",
  "𝐚",
  "𝐛",
  "𝓗",
  "𝕠",
  "Ａ",
  "ｚ",
  "！",
  "，",
  "＇",
  "｀",
  "我",
  "很",
  "好",
  "한",
  "글",
  "の",
  "ಠ_ಠ",
  "¯\\_(ツ)_/¯",
  "👨\u200d👩\u200d👧",
  "😂",
  "\u200b",
  "\u200d",
  "\ufeff",
  "\u00ad",
  "\ud800",
  "\udc00",
  "\ud835",
  "\udc1a",
  "—",
  "–",
  "…",
  "“",
  "”",
  "«",
  "»",
  "\u00a0",
  "<b>",
  "</b>",
  "<br>",
  "<!-- x -->",
  "&amp;",
  "&#39;",
  "&rsquo;",
  "```\n",
  "~~~\n",
  "((",
  "))",
  "(OOC: ",
  "[OOC: ",
  "# ",
  "> ",
  "**",
  "HP: 10\n",
  "Σ",
  "ΑΣ.Α",
  "İstanbul",
  "ΟΔΟΣ",
  "ß",
  "ẞ",
  "Ǆ",
  "²",
  "٣",
  "Ⅻ",
  "x́y",
  " the ",
  " and ",
  " of ",
  " harbour ",
  " Kestrel ",
  " said ",
  " zyxwv ",
  " Elowen ",
  "THE",
  "Said",
  "don't",
  "wasn’t",
  "it’s",
  "I’m",
  "rock’n’roll",
  "’tis",
  "dogs’ ",
  "''",
  "’’",
] as const;

/** `count` seeded strings of up to `maxPieces` pieces, some with long floods of one piece. */
export function trickyStrings(seed: string, count: number, maxPieces = 40): string[] {
  const rng = createRng(seed);
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const n = rng.int(maxPieces) + 1;
    let s = "";
    for (let j = 0; j < n; j++) {
      const piece = rng.pick(PIECES);
      s += rng.next() < 0.05 ? piece.repeat(rng.int(30) + 2) : piece;
    }
    out.push(s);
  }
  return out;
}

/** languageStats' figures for text that carries markup, as they were computed: cleanText, words, filters. */
export function referenceMarkupLanguage(cleaned: string, seen: Set<string>): { words: number; commonEnglish: number } {
  const tokens = words(cleaned);
  const counted = tokens.filter((t) => isCommonEnglish(t) || !seen.has(t));
  return { words: tokens.length, commonEnglish: counted.length ? commonEnglishRatio(counted) : 1 };
}
