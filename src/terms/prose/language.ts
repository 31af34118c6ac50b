// Length and language measures for the gates, on cleaned text (seed 002: markup, zero-width characters
// and Zalgo are stripped for these checks). The fast path reads them off the reply's scan, with the
// common-English flag cached per word form; text that still carries markup takes the general path
// through src/text's cleanText, words and commonEnglishRatio. "Beyond what the prompt uses": rarer
// words the reply takes from the prompt (names, invented terms) do not count against it, and a prompt
// that is itself low in common English lowers the bar (gates.ts).
import { cleanText } from "../../text/cleanup.js";
import { commonEnglishRatio, isCommonEnglish } from "../../text/english.js";
import { scriptOf, scriptShares, SCRIPTS, type Script, type ScriptShares } from "../../text/script.js";
import { nextWordStart, wordEnd, words } from "../../text/tokenize.js";
import { WORD_COMMON, type Lexicon } from "../../text/lexicon.js";
import type { Scan } from "../../text/scan.js";

export interface LanguageStats {
  cleaned: string;
  words: number;
  /** Common-English share of the reply's words, not counting rarer words taken from the prompt (names, invented terms). */
  commonEnglish: number;
  /** The prompt's own common-English share, when it has at least 20 words. */
  promptCommonEnglish?: number;
  foreignLetters: number;
  foreignScripts: string[];
}

// The BMP ranges of onlyLatin in one native search (no `u` flag: with it the search is slower); a
// surrogate it finds is read as its code point, where only U+1F000–1FFFF (emoji) pass.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the variation selectors U+FE00–FE0F are a range of their own here
const NOT_LATIN_BMP_G = /[^\u0000-\u024f\u1e00-\u1eff\u2000-\u2bff\u3000-\u3002\ufe00-\ufe0f]/g;

/** Characters that can only come from Latin script, punctuation, symbols or emoji. */
export function onlyLatin(s: string): boolean {
  NOT_LATIN_BMP_G.lastIndex = 0;
  for (let m = NOT_LATIN_BMP_G.exec(s); m !== null; m = NOT_LATIN_BMP_G.exec(s)) {
    const cp = s.codePointAt(m.index)!;
    if (cp < 0x1f000 || cp > 0x1ffff) return false;
    NOT_LATIN_BMP_G.lastIndex++;
  }
  return true;
}
const MARKUP = /[<&`#]|\]\(|\*\*|__/;
const MARK = /\p{M}/u;

// By word set, kept with the word table (Lexicon.derived): the caller may hand the same set for every
// reply to one prompt (prepare.ts memoizes it).
const PROMPT_SHARES = {};

/** The prompt's vocabulary as seen by the gate: its common-English share when it is long enough to judge. */
function promptShare(promptWords: ReadonlySet<string>, lexicon: Lexicon): { promptCommonEnglish?: number } {
  if (promptWords.size < 20) return {};
  const shares = lexicon.derived(PROMPT_SHARES, () => new WeakMap<ReadonlySet<string>, number>());
  let share = shares.get(promptWords);
  if (share === undefined) shares.set(promptWords, (share = commonEnglishRatio([...promptWords])));
  return { promptCommonEnglish: share };
}

/**
 * Letters of scripts the prompt does not use, counted only in runs of two or more letters of one script
 * (combining marks continue a run): a switch of language writes words, while a lone letter among
 * symbols is a text face such as ಠ_ಠ or ¯\_(ツ)_/¯.
 */
export function foreignScript(reply: string, prompt: string, mode: "runs" | "characters" = "runs"): { letters: number; scripts: string[] } {
  if (onlyLatin(reply)) return { letters: 0, scripts: [] };
  const skipped = skippedScripts(scriptShares(prompt));
  const counts = mode === "runs" ? foreignRuns(reply, skipped) : foreignCharacters(reply, skipped);
  const scripts = SCRIPTS.filter((_, i) => counts[i] > 0);
  return { letters: scripts.reduce((a, s) => a + counts[SCRIPT_INDEX.get(s)!], 0), scripts };
}

// The letter loops below count by script index, one slot per script and NONE for "no script yet",
// and add a closed run's letters (or 0) at every close: the same operations run for every close, so
// the first one that counts, often met after the loop was optimized, no longer deoptimizes it (nor
// does the call to a closure made per call, which was a "wrong call target" for each new call).
const SCRIPT_INDEX = new Map<Script | null, number>(SCRIPTS.map((s, i) => [s, i]));
const NONE = SCRIPTS.length;
SCRIPT_INDEX.set(null, NONE);
const LATIN = SCRIPT_INDEX.get("latin")!;

/**
 * 1 for the scripts whose letters never count: Latin, those the prompt has letters of, and NONE. Read
 * off the prompt's shares once: a shares object's map changes as its fields turn from integers to
 * fractions, and read in the letter loop it deoptimized that loop.
 */
function skippedScripts(p: ScriptShares): Uint8Array {
  const skipped = new Uint8Array(NONE + 1);
  for (let i = 0; i < NONE; i++) skipped[i] = p[SCRIPTS[i]] > 0 ? 1 : 0;
  skipped[LATIN] = 1;
  skipped[NONE] = 1;
  return skipped;
}

/** Letters per script index of runs of two or more letters of a script the prompt does not use. */
function foreignRuns(reply: string, skipped: Uint8Array): Int32Array {
  const counts = new Int32Array(NONE + 1);
  let run: number = NONE;
  let length = 0;
  for (const ch of reply) {
    if (run !== NONE && MARK.test(ch)) continue;
    const script = SCRIPT_INDEX.get(scriptOf(ch))!;
    if (script === run) {
      length++;
      continue;
    }
    counts[run] += skipped[run] === 1 || length < 2 ? 0 : length;
    run = script;
    length = 1;
  }
  counts[run] += skipped[run] === 1 || length < 2 ? 0 : length;
  return counts;
}

/** Spaces and sentence punctuation between letters of one script keep them one stretch of text. */
const GAP = /[\s.,!?;:，。、！？；：…・"“”'‘’«»「」『』\-—–]/u;
/** Symbols a text face is built from: a letter touching one of these is an eye or a mouth. */
const FACE = /[_()\\/¯^°‿◕╯︵┻━︶=<>|`~]/u;

/**
 * Foreign letters counted one by one (the hardened gate): letters of one script separated only by
 * spaces or punctuation form one stretch, so "我 很 好" counts 3 like "我很好". A stretch needs two
 * letters, and a letter touching a face symbol (ಠ_ಠ, (ツ)) is not counted.
 */
function foreignCharacters(reply: string, skipped: Uint8Array): Int32Array {
  const chars = [...reply];
  const counts = new Int32Array(NONE + 1);
  // NONE's slot takes the letters of "no stretch" closed: never read.
  let stretch: number = NONE;
  let length = 0;
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k];
    if (MARK.test(ch)) continue;
    const script = SCRIPT_INDEX.get(scriptOf(ch))!;
    if (script === NONE) {
      if (!GAP.test(ch)) {
        counts[stretch] += length >= 2 ? length : 0;
        stretch = NONE;
        length = 0;
      }
      continue;
    }
    // Bounds checked, not read past the ends: a read out of bounds the loop had not made before
    // deoptimized it the first time a foreign letter stood first or last.
    const face = (k > 0 && FACE.test(chars[k - 1])) || (k + 1 < chars.length && FACE.test(chars[k + 1]));
    const skip = skipped[script] === 1 || face;
    if (skip || script !== stretch) {
      counts[stretch] += length >= 2 ? length : 0;
      stretch = NONE;
      length = 0;
      if (skip) continue;
    }
    stretch = script;
    length++;
  }
  counts[stretch] += length >= 2 ? length : 0;
  return counts;
}

/** `text` is the reply as the terms see it and `scan` its scan; `prompt` the row's prompt text. */
export function languageStats(text: string, scan: Scan, lexicon: Lexicon, prompt: string, promptWords: () => ReadonlySet<string>, script: "runs" | "characters" = "runs"): LanguageStats {
  const foreign = foreignScript(text, prompt, script);
  if (MARKUP.test(text)) {
    const cleaned = cleanText(text);
    const seen = promptWords();
    const c = commonCounts(cleaned, scan, lexicon, seen, markPromptWords(lexicon, seen));
    return { cleaned, words: c.words, commonEnglish: c.counted ? c.common / c.counted : 1, ...promptShare(seen, lexicon), foreignLetters: foreign.letters, foreignScripts: foreign.scripts };
  }
  const seen = prompt ? promptWords() : undefined;
  const { counted, common } = seen ? scanCommonCounts(scan, lexicon, markPromptWords(lexicon, seen)) : { counted: scan.n, common: commonWords(scan, lexicon) };
  return { cleaned: text, words: scan.n, commonEnglish: counted ? common / counted : 1, ...(seen ? promptShare(seen, lexicon) : {}), foreignLetters: foreign.letters, foreignScripts: foreign.scripts };
}

/** Of the scan's words: how many are counted (common English, or not a prompt word) and how many of those are common. */
function scanCommonCounts(scan: Scan, lexicon: Lexicon, marks: PromptMarks): { counted: number; common: number } {
  const { mark, stamp } = marks;
  const surface = scan.surface;
  const surfaceFlags = lexicon.surfaceFlags;
  let counted = 0;
  let common = 0;
  for (let i = 0; i < scan.n; i++) {
    const sid = surface[i];
    const isCommon = (surfaceFlags[sid] & WORD_COMMON) !== 0 ? 1 : 0;
    common += isCommon;
    counted += isCommon | (mark[sid] !== stamp ? 1 : 0);
  }
  return { counted, common };
}

function commonWords(scan: Scan, lexicon: Lexicon): number {
  const surface = scan.surface;
  const surfaceFlags = lexicon.surfaceFlags;
  let common = 0;
  for (let i = 0; i < scan.n; i++) common += (surfaceFlags[surface[i]] & WORD_COMMON) !== 0 ? 1 : 0;
  return common;
}

/**
 * The prompt's words marked by surface id, so "is this reply word one the prompt uses" is one typed-array
 * read instead of a Set look-up by string per word (most of languageStats' time). A word is in the set
 * exactly when its surface id is marked, since the lexicon gives each distinct string one id; the
 * prompt's words are interned for that (once per prompt set), so a form the lexicon meets after marking
 * (a word only the cleaned text holds) is never a prompt word. The ids are a cache per word set and
 * lexicon: they change no count.
 */
class PromptMarks {
  mark = new Int32Array(1024);
  stamp = 0;
  /** The lexicon's size at marking: an id from there on is a form met since, never a prompt word. */
  marked = 0;
  readonly ids = new WeakMap<ReadonlySet<string>, Int32Array>();

  constructor() {
    // Stored a second time so V8 does not take the field for a constant: the marks grow with the
    // lexicon, and the first growth threw away the optimized code that had read them.
    this.mark = new Int32Array(1024);
  }
}

/** Each word table's prompt marks (Lexicon.derived). */
const PROMPT_MARKS = {};

function markPromptWords(lexicon: Lexicon, seen: ReadonlySet<string>): PromptMarks {
  const marks = lexicon.derived(PROMPT_MARKS, () => new PromptMarks());
  let ids = marks.ids.get(seen);
  if (ids === undefined) marks.ids.set(seen, (ids = Int32Array.from(seen, (w) => lexicon.surface(w))));
  const size = lexicon.surfaces.length;
  if (marks.mark.length < size) marks.mark = new Int32Array(2 * size);
  else if (marks.stamp === 0x7fffffff) {
    marks.mark.fill(0);
    marks.stamp = 0;
  }
  const stamp = ++marks.stamp;
  for (let k = 0; k < ids.length; k++) marks.mark[ids[k]] = stamp;
  marks.marked = size;
  return marks;
}

/**
 * Of `words(cleaned)`: how many, how many are counted (common English, or not taken from the prompt) and
 * how many of those are common. The words are walked by the tokenizer's nextWordStart/wordEnd and matched with
 * the scan's words in order where they lie in the lower-cased text, without a string per word; the
 * prompt's words are read off `marks`.
 * A word the scan never met (stripped markup can join two) is interned, which looks it up as the
 * lexicon classifies every form: its common-English flag is isCommonEnglish of the same string. A text
 * whose lower-casing depends on context (a capital sigma: final or not) or changes its length ("İ")
 * takes words() word by word.
 */
function commonCounts(cleaned: string, scan: Scan, lexicon: Lexicon, seen: ReadonlySet<string>, marks: PromptMarks): { words: number; counted: number; common: number } {
  let lower = cleaned.toLowerCase();
  if (lower.length !== cleaned.length || cleaned.includes("\u03a3")) return commonCountsByWords(cleaned, seen);
  if (lower.includes("’")) lower = lower.replaceAll("’", "'");
  const surfaceFlags = lexicon.surfaceFlags;
  const { mark, stamp, marked } = marks;
  const { surfaces } = lexicon;
  const scanSurface = scan.surface;
  const len = cleaned.length;
  let next = 0;
  let n = 0;
  let counted = 0;
  let common = 0;
  for (let start = nextWordStart(cleaned, 0); start < len; ) {
    const end = wordEnd(cleaned, start);
    n++;
    // The scan's next word is nearly always this one (stripping markup drops a few, joins fewer): a
    // comparison with its form, one string read in order, instead of hashing the word and probing the
    // table. Whichever finds the id, it is the id of this string.
    // The step is taken before the test, so the usual first-try match runs every operation a miss
    // does: a miss first met after the loop was optimized (no type feedback for `k++`) deoptimized it.
    let sid = -1;
    const last = Math.min(scan.n, next + LOOKAHEAD);
    for (let k = next; k < last; ) {
      const candidate = scanSurface[k++];
      if (sameForm(surfaces[candidate], lower, start, end)) {
        sid = candidate;
        next = k;
        break;
      }
    }
    if (sid < 0) sid = lexicon.surfaceIn(lower, start, end);
    start = nextWordStart(cleaned, end);
    if ((surfaceFlags[sid] & WORD_COMMON) !== 0) {
      counted++;
      common++;
    } else if (sid >= marked || mark[sid] !== stamp) counted++;
  }
  return { words: n, counted, common };
}

/** Scan words looked at for each word of the cleaned text: markup that drops more (a tag's name, a link's address) costs a look-up. */
const LOOKAHEAD = 3;

function sameForm(form: string, text: string, start: number, end: number): boolean {
  if (form.length !== end - start) return false;
  for (let c = 0; c < form.length; c++) if (form.charCodeAt(c) !== text.charCodeAt(start + c)) return false;
  return true;
}

/** commonCounts word by word, for text whose lower-casing depends on context or changes its length. */
function commonCountsByWords(cleaned: string, seen: ReadonlySet<string>): { words: number; counted: number; common: number } {
  const tokens = words(cleaned);
  const counted = tokens.filter((t) => isCommonEnglish(t) || !seen.has(t));
  return { words: tokens.length, counted: counted.length, common: counted.filter((t) => isCommonEnglish(t)).length };
}
