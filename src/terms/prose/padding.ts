// Words that thin a reply without narrating (issue 36, third round). Slop is priced per word, so any
// word added that tells nothing lowered the price: a discourse lead or tail on each sentence ("Well, you
// see, …", "…, you see.") paid +0.022 to +0.033 held out, and stage directions between paragraphs
// ("(Pause.)") +0.011. The hardened reading leaves these words out of the words slop is spread over
// (their slop still counts), and the slop term charges a share of them beyond what human prose uses.
//  - discourse padding: a run of comma-set chunks at the start or end of a sentence, each of at most
//    MAX_CHUNK words that are discourse words (src/text/discourse.ts) or grammar words, with at most one
//    aside after a personal pronoun — "you see", "I mean", "as it happened";
//    A question's last word after a comma is a tag question, padding whatever the word (", right?");
//    a trailing chunk may also be an empty tail: grammar words and one light verb ("— and that matters.");
//  - bracketed lines: a line wholly inside brackets of any kind (Unicode's opening and closing
//    punctuation): stage directions and author's notes.
import { isDiscoursePhrase, isDiscourseWord, isLightVerb, isParentheticalVerb } from "../../text/discourse.js";
import { WORD_CONTENT, WORD_PRONOUN, type Lexicon } from "../../text/lexicon.js";
import { T_CAPITAL, T_COMMA_AFTER, T_DIALOGUE, T_QUESTION_AFTER, type Scan } from "../../text/scan.js";
import type { NonWordPrice } from "../../text/spelling.js";

/** What padding beyond the human rate costs: the share line the non-words and casing factors use (nonWordsFactor). */
export type PaddingPrice = NonWordPrice;

/** The most words one comma-set chunk of padding may hold. */
const MAX_CHUNK = 4;

export interface Padding {
  /** Words that lead or trail a sentence as discourse padding. */
  discourse: number;
  /** Words on lines wholly inside brackets. */
  bracketed: number;
  /** Both, each word once. */
  words: number;
  /** Per word: 1 when it is padding. */
  mask: Uint8Array;
}

const DISCOURSE_CACHE = {};

/** Whether each surface id (as the lexicon numbers them) may stand in a padding chunk without a pronoun before it. */
function fillerOf(lexicon: Lexicon): Map<number, boolean> {
  return lexicon.derived(DISCOURSE_CACHE, () => new Map<number, boolean>());
}

function isFiller(lexicon: Lexicon, surface: number): boolean {
  const cache = fillerOf(lexicon);
  let known = cache.get(surface);
  if (known === undefined) {
    known = (lexicon.surfaceFlags[surface] & WORD_CONTENT) === 0 || isDiscourseWord(lexicon.surfaces[surface]);
    cache.set(surface, known);
  }
  return known;
}

/**
 * Words from..to (inclusive) form a padding chunk: a discourse phrase ("of course"), or fillers ending
 * at most in one other word right after a personal pronoun: a verb of an aside ("you see", "I mean"), or
 * any word in a chunk that opens with "as" ("as it happened", "as you know"). "and he smiled" and "She
 * looked at him" are clauses, not padding.
 */
function isPaddingChunk(scan: Scan, lexicon: Lexicon, from: number, to: number, tail = false): boolean {
  if (to - from + 1 > MAX_CHUNK) return false;
  if (to > from && isDiscoursePhrase(Array.from(scan.surface.subarray(from, to + 1), (id) => lexicon.surfaces[id]).join(" "))) return true;
  const aside = lexicon.surfaces[scan.surface[from]] === "as";
  let others = 0;
  for (let k = from; k <= to; k++) {
    if (isFiller(lexicon, scan.surface[k])) continue;
    if (k === from || ++others > 1) return false;
    if (tail && isEmptyTailVerb(scan, lexicon, k)) continue;
    if (k !== to || (lexicon.surfaceFlags[scan.surface[k - 1]] & WORD_PRONOUN) === 0) return false;
    if (!aside && !isParentheticalVerb(lexicon.lemmas[scan.lemma[k]])) return false;
  }
  return true;
}

/**
 * An empty tail's verb (filler37): after a grammar word other than a person ("that", "it", "which": "and
 * he said" tells who spoke), a light verb (stative
 * or of communication: "— and that matters.", ", which says something."), with grammar words only after it. Such a tail tells nothing of the story: battery 4's "— and
 * that matters." on each paragraph paid +0.022.
 */
function isEmptyTailVerb(scan: Scan, lexicon: Lexicon, k: number): boolean {
  const before = scan.surface[k - 1];
  if (!isFiller(lexicon, before) || (lexicon.surfaceFlags[before] & WORD_PRONOUN && lexicon.surfaces[before] !== "it")) return false;
  return isLightVerb(lexicon.lemmas[scan.lemma[k]]);
}

/** Mark the discourse padding of sentence [i, end) in `mark`. */
function markSentence(scan: Scan, lexicon: Lexicon, i: number, end: number, mark: Uint8Array): void {
  const { flags } = scan;
  // Leading chunks, each ending in a comma, while words are left after them.
  let from = i;
  for (;;) {
    let c = from;
    while (c < end && c - from < MAX_CHUNK && (flags[c] & T_COMMA_AFTER) === 0) c++;
    if (c >= end - 1 || (flags[c] & T_COMMA_AFTER) === 0 || !isPaddingChunk(scan, lexicon, from, c)) break;
    for (let k = from; k <= c; k++) mark[k] = 1;
    from = c + 1;
  }
  // Trailing chunks, each after a comma, in the voice (narration or speech) of the words before it. A
  // question's last word after a comma is a tag ("…, right?", "…, yes?", "…, eh?"), whatever the word,
  // unless it is capitalized (a name called: "Shall we go, Emma?").
  let to = end - 1;
  if (to - 1 > from && flags[to] & T_QUESTION_AFTER && (flags[to] & T_CAPITAL) === 0 && flags[to - 1] & T_COMMA_AFTER && (flags[to - 1] & T_DIALOGUE) === (flags[to] & T_DIALOGUE)) mark[to--] = 1;
  while (to > from) {
    let c = to - 1;
    while (c >= from && to - c <= MAX_CHUNK && (flags[c] & T_COMMA_AFTER) === 0) c--;
    if (c < from || (flags[c] & T_COMMA_AFTER) === 0 || (flags[c] & T_DIALOGUE) !== (flags[to] & T_DIALOGUE) || !isPaddingChunk(scan, lexicon, c + 1, to, true)) break;
    for (let k = c + 1; k <= to; k++) mark[k] = 1;
    to = c;
  }
}

/** A line wholly inside one pair of brackets, trailing sentence punctuation allowed. */
const BRACKETED_LINE = /^[^\S\n]*\p{Ps}[^\n]*\p{Pe}[.!?…]*[^\S\n]*$/gmu;

export function padding(text: string, scan: Scan, lexicon: Lexicon): Padding {
  const mark = new Uint8Array(scan.n);
  let i = 0;
  while (i < scan.n) {
    let end = i;
    while (end < scan.n && scan.sentence[end] === scan.sentence[i]) end++;
    markSentence(scan, lexicon, i, end, mark);
    i = end;
  }
  let discourse = 0;
  for (let k = 0; k < scan.n; k++) discourse += mark[k];
  let bracketed = 0;
  if (text.includes("\n") || /^\s*\p{Ps}/u.test(text)) {
    let k = 0;
    for (const m of text.matchAll(BRACKETED_LINE)) {
      const end = m.index + m[0].length;
      while (k < scan.n && scan.start[k] < m.index) k++;
      for (; k < scan.n && scan.start[k] < end; k++) {
        bracketed++;
        mark[k] = 1;
      }
    }
  }
  let words = 0;
  for (let k = 0; k < scan.n; k++) if (mark[k] > 0) words++;
  return { discourse, bracketed, words, mask: mark };
}
