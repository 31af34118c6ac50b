// Paratext (issue 36, markup37): the lines around a story that are not its prose — a title, a byline, a
// dedication, an epigraph and its attribution, "Chapter 1", a content warning, an author's note, tags,
// a word count, a sign-off, "The End", a separator. A dedication at the top paid +0.012 held out (its
// words earned human-phrase credit and thinned the reply's slop). Read by SHAPE, not by a list of
// phrases, on the lines before the story's first paragraph and after its last:
//   - a heading line of any markup (src/text/markup.ts writes them "# Title");
//   - a short line that closes no sentence (a title, "by Anonymous", "Chapter 1", "#grief #loss", "* * *");
//   - a line in title case ("The End.", "To Be Continued…");
//   - a line that opens with a label of one to three words, not a pronoun or determiner ("Content warning:
//     …", "Author's note: …", "Word count: 412"; "She did: he was satisfied" is prose);
//   - a line wholly in brackets or parentheses ("(5 min read)", "[Curtain.]");
//   - an attribution ("— J. R. R. Tolkien") with the quotation above it, or a line signed off with one;
//   - a dedication: a one-sentence line at the top, without quotation marks, in the writer's own voice
//     (a first-person possessive), whose first word is a function word that neither refers (a pronoun,
//     a determiner) nor joins it to what follows (a conjunction or discourse adverb, from the discourse
//     lexicon): "For my grandmother, who told the best stories.", "In memory of my father.".
// Such lines are left out of the reading: a reply with them reads exactly as the reply without them, so
// they neither earn nor thin anything.
import { isDiscourseWord } from "./discourse.js";
import { isEnglishWord } from "./spelling.js";
import { isStopword } from "./stopwords.js";

/** A short line: at most this many words. */
const MAX_SHORT_WORDS = 15;
/** A one-sentence line at an end read by its first word: at most this many words. */
const MAX_SENTENCE_WORDS = 15;
/** A labelled line (an author's note may be long): at most this many words. */
const MAX_LABELLED_WORDS = 80;
/** Lines read at each end, at most. */
const MAX_LINES_AT_AN_END = 6;
/** The story must keep this share of the reply's words, else nothing is left out. */
const MIN_KEPT_SHARE = 0.5;

const CLOSES_SENTENCE = /[.!?…]["'”’»)\]*_]*$/u;
/** A label of one to three words ("Author's note:", "TL;DR:", "Word count:") before the line's text. */
const LABEL = /^\p{Lu}[\p{L}'’&/;-]*(?:[^\S\n][\p{L}'’&/;-]+){0,2}:[^\S\n]+\S/u;
const BRACKETED = /^[\p{Ps}][^\n]*[\p{Pe}][.!?…]?$/u;
const ATTRIBUTION = /^[—–―-]{1,3}[^\S\n]*\p{Lu}[^\n]{0,60}$/u;
const SIGNED = /[^\S\n][—–―][^\S\n]*\p{Lu}[\p{L}.' ]{0,40}$/u;
const QUOTATION = /^["“‘«„'][^\n]*["”’»'][.!?…]?$/u;
const SENTENCE_INSIDE = /[.!?…]["'”’»)]*[^\S\n]+\S/u;
/** Function words that refer or ask (pronouns, determiners, wh-words): a line opening with one is the story's. */
const REFERS = new Set("i me my we us our you your he him his she her it its they them their this that these those the a an there here what who whom whose which when where why how".split(" "));

const wordsOf = (line: string): string[] => line.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
/** The line's first word, lower-cased, a contraction's first part ("it’s" → "it"). */
const firstWord = (line: string): string => (wordsOf(line)[0] ?? "").toLowerCase().split(/['’]/)[0];
/** The writer's own voice: a first-person possessive ("For my grandmother", "In memory of our son"). */
const ADDRESSED = /\b(?:my|our)\b/iu;
/** Any quotation mark (Unicode's initial and final punctuation and the straight quotes): a line holding one is dialogue or an epigraph. */
const QUOTE_MARK = /[\p{Pi}\p{Pf}"«»„‚]/u;

/** Two words or more, and every one that is not a function word starts with a capital. */
function titleCase(line: string): boolean {
  const all = wordsOf(line);
  const content = all.filter((w) => !isStopword(w));
  return all.length >= 2 && content.length > 0 && content.every((w) => /^\p{Lu}/u.test(w));
}

/** Whether one line, at an end of the reply (`top`: before the story), has a shape of paratext. */
export function isParatextLine(raw: string, top = false): boolean {
  const line = raw.trim().replace(/^[*_]+|[*_]+$/g, "");
  const n = wordsOf(line).length;
  if (line === "" || /^(?:```|~~~)/.test(line)) return false;
  if (/^#{1,6}\s/.test(line)) return true;
  // A title-cased line whose last word is cut short with a full stop is a title; a sentence ending in a name ("… with Anthea.") is not.
  if (n <= MAX_SHORT_WORDS && !(CLOSES_SENTENCE.test(line) && !(titleCase(line) && endsCutShort(line)))) return true;
  if (n <= 8 && titleCase(line)) return true;
  if (n <= MAX_LABELLED_WORDS && LABEL.test(line) && !REFERS.has(firstWord(line))) return true;
  if (n <= MAX_SHORT_WORDS && BRACKETED.test(line)) return true;
  if (ATTRIBUTION.test(line) || (n <= MAX_SHORT_WORDS && SIGNED.test(line))) return true;
  if (top && n <= MAX_SENTENCE_WORDS && !SENTENCE_INSIDE.test(line) && !QUOTE_MARK.test(line) && ADDRESSED.test(line)) {
    const first = firstWord(line);
    return isStopword(first) && !REFERS.has(first) && !isDiscourseWord(first) && first !== "not";
  }
  return false;
}

// A line broken inside a word or a sentence (issue 36, battery 4: "**The Tap↵estry**", or a story's first
// paragraph with a line break inside each long word) is one line to a reader: a line that ends with a letter
// and the next that opens with a small letter are read together, so a broken title is still a title and a
// broken paragraph is never a run of short "title" lines. A title's word cut short with a full stop
// ("Pop Cultu.") closes no sentence: the line ending in a non-word and "." is read as not closing one.
const ENDS_WITH_LETTER = /\p{L}[*_]*$/u;
const OPENS_SMALL = /^[*_]*\p{Ll}/u;
const LAST_WORD_CUT = /(\p{L}{4,})\.[*_]*$/u;
/** Whether a line ends with a word of four or more letters that is no English word, cut short with a full stop. */
function endsCutShort(line: string): boolean {
  const cut = LAST_WORD_CUT.exec(line);
  return cut !== null && !isEnglishWord(cut[1].toLowerCase());
}
/** Whether lines[k] runs on into lines[k + 1] (see above). */
const runsOn = (lines: readonly string[], k: number): boolean => k + 1 < lines.length && ENDS_WITH_LETTER.test(lines[k].trimEnd()) && OPENS_SMALL.test(lines[k + 1]);

/** The reply without its paratext lines at the top and the bottom (see above); text with none is returned as it came. */
export function stripParatext(text: string): string {
  const lines = text.split("\n");
  const isBlank = (k: number): boolean => lines[k].trim() === "";
  let top = 0;
  let taken = 0;
  for (let k = 0; k < lines.length && taken < MAX_LINES_AT_AN_END; k++) {
    if (isBlank(k)) continue;
    let last = k;
    while (runsOn(lines, last)) last++;
    const line = last === k ? lines[k] : lines.slice(k, last + 1).join("");
    const quotation = ATTRIBUTION.test(lines[last + 1]?.trim() ?? "") && QUOTATION.test(line.trim());
    if (!quotation && !isParatextLine(line, true)) break;
    taken++;
    k = last;
    top = k + 1;
  }
  let bottom = lines.length;
  taken = 0;
  for (let k = lines.length - 1; k >= top && taken < MAX_LINES_AT_AN_END; k--) {
    if (isBlank(k)) continue;
    let first = k;
    while (first > top && runsOn(lines, first - 1)) first--;
    if (!isParatextLine(first === k ? lines[k] : lines.slice(first, k + 1).join(""))) break;
    taken++;
    k = first;
    bottom = k;
    // The quotation an attribution closes goes with it.
    if (ATTRIBUTION.test(lines[k].trim()) && k > top && QUOTATION.test(lines[k - 1].trim())) bottom = --k;
  }
  if (top === 0 && bottom === lines.length) return text;
  const kept = lines.slice(top, bottom).join("\n");
  if (wordsOf(kept).length < MIN_KEPT_SHARE * wordsOf(text).length || kept.trim() === "") return text;
  return kept.replace(/^\s*\n/, "").replace(/\n\s*$/, "");
}
