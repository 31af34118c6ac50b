// A sentence boundary written any way (issue 36, stop36): the prose scanner ends a sentence at . ! ? and …,
// so a reply whose full stops were written as ideographic full stops (。) read as one long sentence
// (+0.055, battery 5), and one whose full stops became semicolons before the next sentence's capital as a
// few long ones (+0.048): no sentence started, so no opener template was found and the blocks the
// dilution reading cuts at sentence ends could not be cut. Under the hardened reading:
//  - every character Unicode marks Sentence_Terminal (any script) is read as the scanner's own ". ? !",
//    a question mark when its name says QUESTION (or INTERROBANG), an exclamation mark when it says
//    EXCLAMATION, else a full stop (the two tables below are derived from the UCD's Names and checked
//    against it by test/text/sentence-ends.test.ts), with a space after it when a word follows at once;
//  - a clause joiner used as a full stop is read as one: any other Terminal_Punctuation character (the
//    commas, semicolons and colons of every script) or a run of dash punctuation (Pd), after a word and
//    before a space and a capitalized word, ends the sentence after a semicolon or colon of any script
//    whatever the word ("; She", ": Sarah", "; I"), and after a comma or dash when the word is a function
//    word other than "I" (", The", "— But"): a comma or dash before a capitalized name or "I" is an address
//    or an aside ("Come here, John"), not a stop. Sentence starts, counts and lengths are read from these.
import { COMMA_LIKES } from "./reader-view.js";
import { isStopword } from "./stopwords.js";

/** Sentence_Terminal characters named QUESTION or INTERROBANG, U+003F aside. */
export const QUESTION_TERMINALS = "\u061f\u1367\u1945\u203d\u2047\u2048\u2049\u2cfa\u2cfb\u2e2e\u2e54\ua60f\ua6f7\ufe16\ufe56\uff1f\u{11143}";
/** Sentence_Terminal characters named EXCLAMATION (and not QUESTION), U+0021 aside. */
export const EXCLAMATION_TERMINALS = "\u07f9\u1944\u203c\u2e53\ufe15\ufe57\uff01";

/** A Sentence_Terminal character the scanner does not read, and whether a word follows it at once. */
const OTHER_TERMINAL = /(?![.!?])\p{Sentence_Terminal}(?=([\p{L}\p{N}"'“‘«(*_])?)/gu;
/** A clause joiner (Terminal_Punctuation that is not Sentence_Terminal, or dashes) after a word, then a capitalized word. */
// biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag (set difference) needs an ES2024 target; the build's is lower.
const JOINER = new RegExp(String.raw`(?<=[\p{L}\p{M}\p{N}'’"”»\)\]\*_])([^\S\n]*)([\p{Terminal_Punctuation}--\p{Sentence_Terminal}]|\p{Pd}+)(?=[^\S\n]+(\p{Lu}[\p{L}\p{M}'’]*))`, "gv");
/** Joiners that end a sentence before any capitalized word: the semicolons and colons of every script (not its commas). */
const STOP_LIKE = new RegExp(`^[\\p{Terminal_Punctuation}--[,${COMMA_LIKES}]]$`, "v");
/** The pronoun "I" and its contractions are capitalized anywhere: after a comma or dash no sign of a new sentence. */
const ALWAYS_CAPITAL = /^I(?:['’]\p{L}*)?$/u;

/** The scanner's reading of one Sentence_Terminal character. */
export function terminalAs(ch: string): "." | "?" | "!" {
  return QUESTION_TERMINALS.includes(ch) || ch === "?" ? "?" : EXCLAMATION_TERMINALS.includes(ch) || ch === "!" ? "!" : ".";
}

/** Whether a joiner before `word` is read as a full stop. */
function endsBefore(joiner: string, word: string): boolean {
  if (STOP_LIKE.test(joiner)) return true;
  // A contraction of a function word is one too ("There'll", "Who'd").
  return !ALWAYS_CAPITAL.test(word) && (isStopword(word) || isStopword(word.split(/['’]/)[0]));
}

/**
 * The text with every sentence boundary written as the scanner reads one:
 * `readSentenceEnds("It rained。She left; The end")` → "It rained. She left. The end".
 */
export function readSentenceEnds(text: string): string {
  return readSentenceTerminals(text).replace(JOINER, (whole: string, _space: string, joiner: string, word: string) => (endsBefore(joiner, word) ? "." : whole));
}

/**
 * Every Sentence_Terminal character written as the scanner's . ? or !. The reader's view must meet them
 * so: its look-alike fold reads some as other punctuation or letters (U+0589 ARMENIAN FULL STOP is a
 * colon's look-alike, U+0964 DEVANAGARI DANDA a bar's), so this runs before it as well as after.
 */
export function readSentenceTerminals(text: string, beforeView = false): string {
  // Before the view, one between two letters may be a letter's look-alike (U+166E CANADIAN SYLLABICS FULL
  // STOP for "x" in "ve᙮ing"): it is left to the view's fold, and read after it if still a terminal.
  return text.replace(OTHER_TERMINAL, (ch: string, glued: string | undefined, at: number) => (beforeView && glued && /\p{L}/u.test(glued) && /\p{L}/u.test(text[at - 1] ?? "") ? ch : terminalAs(ch) + (glued ? " " : "")));
}
