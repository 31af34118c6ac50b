// Inserted asides (issue 36, aside36): words a writer can put into a sentence without changing what it
// says, read by their shape, not by a phrase list. Battery 5 found "Needless to say," before each
// paragraph paying +0.074, "(I think)" +0.026, ", in a sense," +0.015 and ", if you will," +0.014: each
// added words that thinned the slop, a lead that is no grammar word ("Needless", "Truth") hid the mined
// opener template after it, and "needless to say" earned human-phrase credit. The shapes:
//  - a lead: the words before a sentence's first comma, at most MAX_LEAD_WORDS, unless it opens with a
//    determiner or a personal pronoun (then it is the sentence's own subject: "She turned, …") other
//    than a pronoun with a parenthetical verb ("I think,", "you see,");
//  - a bracketed aside: words inside brackets of any kind (Unicode's opening and closing punctuation,
//    General Category Ps/Pe, matched or not) or between two dashes, at most MAX_BRACKETED_WORDS, within
//    one sentence;
//  - a comma aside: words set off by commas inside a sentence or between a comma and the sentence end,
//    at most MAX_COMMA_WORDS, holding a grammar word (a list's items, "red, green, blue", are content)
//    and opening neither with a coordinating conjunction (", but something older" is a clause of its own)
//    nor, as a lead may not, with a subject.
// Each names at most MAX_ASIDE_CONTENT thing: its other words are grammar words, discourse words and degree
// adverbs, or light and parenthetical verbs (WordNet's, src/text/discourse.ts), so "Needless to say,",
// "(I think)" and ", in a manner of speaking," are asides and "There was no blinding light," is not.
// The filler reading (./fillers.ts) leaves them out of the scan the terms read, with the commas or dashes
// that set them off, and the slop term takes the larger of the slop with and without them, so an aside
// thins nothing and hides no template, and pricing one still counts.
import { isDiscourseWord, isDegreeAdverb, isLightVerb, isParentheticalVerb } from "../../text/discourse.js";
import { WORD_CONTENT, WORD_DETERMINER, WORD_PRONOUN, type Lexicon } from "../../text/lexicon.js";
import { T_ASIDE, T_COMMA_AFTER, T_CONTENT, T_DASH_AFTER, T_DIALOGUE, T_END_AFTER, T_QUESTION_AFTER, T_SEMI_AFTER, type Scan } from "../../text/scan.js";

/** The most words of a sentence-initial lead read as an aside ("As a matter of fact," is five). */
export const MAX_LEAD_WORDS = 5;
/** The most words of a bracketed or dash-set aside ("(or so it seemed to me)" is six). */
export const MAX_BRACKETED_WORDS = 6;
/** The most words of a comma-set aside inside a sentence (", in a manner of speaking," is five). */
export const MAX_COMMA_WORDS = 5;
/** The most content words an aside may hold: like a sentence that narrates nothing (./stack/idle.ts), it names at most one thing. */
export const MAX_ASIDE_CONTENT = 1;

/** Mask value of an aside: left out with the punctuation that sets it off (./fillers.ts withoutMasked). */
export const ASIDE = 3;

const OPEN = /\p{Ps}/u;
const CLOSE = /\p{Pe}/u;
/** A dash as the scanner reads one (src/text/scan.ts): an em or en dash, or two or more hyphens. */
const DASH = /[\u2013\u2014]|--/;
/** English's coordinating conjunctions: a comma before one joins a clause or a contrast (", but something older"), not an aside. */
const COORDINATORS = new Set(["and", "but", "or", "nor", "for", "yet", "so"]);
/** Punctuation that ends a comma aside (besides a comma). */
const STOP = T_END_AFTER | T_QUESTION_AFTER | T_SEMI_AFTER | T_DASH_AFTER;

/** Per word of the scan: ASIDE for a word of an inserted aside, else 0. `text` is the text the scan was read from. */
export function asideMask(scan: Scan, lexicon: Lexicon, text: string): Uint8Array {
  const { n, flags, sentence, surface } = scan;
  const mask = new Uint8Array(n);
  const depth = bracketDepths(scan, text);
  let lastAside = -1;
  // Bracketed and dash-set runs.
  for (let i = 0; i < n; ) {
    if (depth[i] === 0) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && sentence[j + 1] === sentence[i] && depth[j + 1] > 0) j++;
    if (j - i + 1 <= MAX_BRACKETED_WORDS && (flags[i] & T_DIALOGUE) === 0 && saysLittle(scan, lexicon, i, j)) mask.fill(ASIDE, i, j + 1);
    i = j + 1;
  }
  for (let i = 0; i < n; ) {
    let end = i;
    while (end < n && sentence[end] === sentence[i]) end++;
    if ((flags[i] & T_DIALOGUE) === 0) markCommaAsides(lexicon, mask, i, end);
    i = end;
  }
  return mask;

  /**
   * Words from..to are an aside: they name at most one thing and open with no determiner or personal
   * pronoun (then they are a clause's subject: "She turned,", "…, she left."), unless the pronoun takes a
   * parenthetical verb and nothing else ("I think,", "you see,").
   */
  function isLead(lex: Lexicon, from: number, to: number): boolean {
    const opener = lex.surfaceFlags[surface[from]];
    if (opener & WORD_DETERMINER) return false;
    if (opener & WORD_PRONOUN) {
      for (let j = from + 1; j <= to; j++) if (flags[j] & T_CONTENT && !isParentheticalVerb(lex.lemmas[scan.lemma[j]])) return false;
      return to > from;
    }
    return saysLittle(scan, lex, from, to);
  }

  function markCommaAsides(lex: Lexicon, out: Uint8Array, from: number, end: number): void {
    // A lead: the sentence's words up to its first comma, with words after it.
    let c = from;
    while (c < end - 1 && c - from < MAX_LEAD_WORDS && (flags[c] & (T_COMMA_AFTER | STOP)) === 0) c++;
    if (flags[c] & T_COMMA_AFTER && c + 1 < end && isLead(lex, from, c)) out.fill(ASIDE, from, c + 1);
    // Comma asides: after each comma, the words to the next comma or the sentence end.
    for (let k = from; k < end - 1; k++) {
      if ((flags[k] & T_COMMA_AFTER) === 0 || flags[k] & STOP || out[k] !== 0 || k <= lastAside) continue;
      let e = k + 1;
      while (e < end - 1 && e - k < MAX_COMMA_WORDS && (flags[e] & (T_COMMA_AFTER | STOP)) === 0) e++;
      const closed = e === end - 1 || (flags[e] & T_COMMA_AFTER) !== 0;
      if (!closed || e - k > MAX_COMMA_WORDS || out[k + 1] !== 0) continue;
      let grammar = false;
      for (let j = k + 1; j <= e; j++) if ((lex.surfaceFlags[surface[j]] & WORD_CONTENT) === 0) grammar = true;
      if (grammar && !COORDINATORS.has(lex.surfaces[surface[k + 1]]) && isLead(lex, k + 1, e)) out.fill(ASIDE, k + 1, (lastAside = e) + 1);
    }
  }
}

/** At most MAX_ASIDE_CONTENT words from..to (inclusive) carry content: nouns, verbs and adjectives that are no discourse word, degree adverb, light or parenthetical verb. */
function saysLittle(scan: Scan, lexicon: Lexicon, from: number, to: number): boolean {
  let content = 0;
  for (let j = from; j <= to; j++) {
    if ((scan.flags[j] & T_CONTENT) === 0) continue;
    const word = lexicon.surfaces[scan.surface[j]];
    const lemma = lexicon.lemmas[scan.lemma[j]];
    if (isDiscourseWord(word) || isDegreeAdverb(word) || isLightVerb(lemma) || isParentheticalVerb(lemma)) continue;
    if (++content > MAX_ASIDE_CONTENT) return false;
  }
  return true;
}

/** Per word: how many brackets of any kind (or a pair of dashes, counted as one) are open around it. */
function bracketDepths(scan: Scan, text: string): Uint8Array {
  const depth = new Uint8Array(scan.n);
  let open = 0;
  let from = 0;
  let dash = 0;
  for (let k = 0; k < scan.n; k++) {
    const to = scan.start[k];
    // A bracket left open does not run past its sentence.
    if (k > 0 && scan.sentence[k] !== scan.sentence[k - 1]) open = 0;

    // Between the previous word's start and this word's: the previous word's letters hold no bracket.
    for (const ch of text.slice(from, to)) {
      if (OPEN.test(ch)) open++;
      else if (CLOSE.test(ch) && open > 0) open--;
    }
    // The scanner marks the words between paired dashes (and after "(") as an aside: a run of them that a dash opens is one.
    if ((scan.flags[k] & T_ASIDE) === 0) dash = 0;
    else if (k === 0 || (scan.flags[k - 1] & T_ASIDE) === 0) dash = DASH.test(text.slice(from, to)) ? 1 : 0;
    depth[k] = Math.min(open + dash, 255);
    from = to;
  }
  return depth;
}
