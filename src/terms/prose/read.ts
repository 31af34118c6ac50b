// How the prose terms read a reply: as its reader sees it under the hardened preset (HTML stripped,
// fenced and bracketed content kept, look-alikes folded, marks held to a budget), or as seed 002
// writes (scaffolding, invisible characters and Zalgo removed, a short homoglyph list folded).
import type { BankRow } from "../../core/types.js";
import { foldConfusablesWith, foldHomoglyphs, normalizeMarksWith, readingFacts, stripHtml, stripInvisible, stripZalgo, type ReadingFacts } from "../../text/cleanup.js";
import { readMarkup } from "../../text/markup.js";
import { stripParatext } from "../../text/markup-paratext.js";
import { stripRoleplayScaffolding, unhideRoleplayScaffolding } from "./ooc.js";
import { PROSE_PRESETS, type ReadingOptions } from "./presets.js";
import { splitThinking } from "./thinking-block.js";
import { readerView } from "../../text/reader-view.js";
import { readSpelling, type CostlyWords } from "../../text/spelling.js";
import { normalizeDialogue } from "../../text/dialogue.js";
import { readCharacters, readWordLayout, readWordLetters } from "../../text/orthography.js";
import { stripListMarkup } from "./list-markup.js";
import { readCommaLikes, readDashesAsCommas } from "./dash-commas.js";
import { readSentenceEnds, readSentenceTerminals } from "../../text/sentence-ends.js";

const HARDENED_READING = PROSE_PRESETS.hardened.settings.reading;

/**
 * The reply as the terms read it, and how many fenced blocks that are not prose it holds (hardened
 * reading). `costly`, the dictionary's priced words, lets the spelling reading read their disguises.
 */
export function readReply(reply: string, reading: ReadingOptions = HARDENED_READING, costly?: CostlyWords): { text: string; notProse: number } {
  if (!reading.unhide && !reading.markup && !reading.confusables && reading.markBudget === null) {
    return { text: foldHomoglyphs(stripZalgo(stripInvisible(stripRoleplayScaffolding(reply)))), notProse: 0 };
  }
  // One search of the reply tells the invisible, marks and look-alike passes what each would search
  // for; it is searched again only after a pass changed it.
  // The reader's view removes every invisible character and folds compatibility forms and look-alikes
  // from Unicode's data; the passes below then see what a reader sees.
  // The orthography reading (src/text/orthography.ts) reads line breaks, compatibility punctuation and
  // letter forms before the view, and rejoins and restores words after it.
  const plain = reading.orthography ? readCharacters(reply) : reply;
  // A sentence terminal of any script is read as one before the view folds look-alikes (src/text/sentence-ends.ts).
  const viewed = reading.view ? readerView(readSentenceTerminals(plain, true)) : plain;
  // Under the reader's view markup of any language reads as the text it renders and the paratext
  // around the story is left out (src/text/markup.ts, markup-paratext.ts), once the layout's words are
  // rejoined ("With-↵out") and before a word's letters are read: a tag's symbols are no letters of a word
  // ("<mark>air</mark>" is no "air</marks"); else HTML alone is read.
  const laid = reading.orthography ? readWordLayout(viewed, costly) : viewed;
  const rendered = reading.markup && reading.view ? stripParatext(readMarkup(laid)) : laid;
  const seen = reading.orthography ? readWordLetters(rendered, costly) : rendered;
  let facts: ReadingFacts | null = readingFacts(seen);
  let text = facts.invisible ? stripInvisible(seen) : seen;
  if (reading.markup && !reading.view) text = stripHtml(text);
  if (reading.view) text = stripListMarkup(text);
  let notProse = 0;
  if (reading.unhide) {
    const unhidden = unhideRoleplayScaffolding(text);
    text = unhidden.text;
    notProse = unhidden.notProse.length;
  } else text = stripRoleplayScaffolding(text);
  if (text !== seen) facts = null;
  if (reading.markBudget === null) {
    const marked = stripZalgo(text);
    if (marked !== text) facts = null;
    text = marked;
  } else {
    facts ??= readingFacts(text);
    const within = normalizeMarksWith(text, reading.markBudget, facts);
    if (within !== text) facts = null;
    text = within;
  }
  const folded = reading.confusables ? foldConfusablesWith(text, facts ?? readingFacts(text)) : foldHomoglyphs(text);
  // Once markup is gone, speech in any quotation style is written in the quotes the scanner reads as
  // dialogue (an apostrophe beside a tag is not a quote), and one-edit slips are read as their words.
  const spoken = reading.view ? normalizeDialogue(folded) : folded;
  // A sentence boundary written any way is read as one (src/text/sentence-ends.ts); then a dash that
  // separates two words, and any comma or semicolon of Unicode, is read as a comma as well (./dash-commas.ts).
  const spelled = reading.spelling ? readSpelling(spoken, undefined, costly) : spoken;
  return { text: reading.view ? readDashesAsCommas(readCommaLikes(readSentenceEnds(spelled))) : spelled, notProse };
}

/** The reply as every prose term reads it (the default preset's reading unless one is given). */
export function visibleProse(reply: string, reading: ReadingOptions = HARDENED_READING): string {
  return readReply(reply, reading).text;
}

/** The visible prose of a bank row (its thinking block split off). */
export function rowProse(row: BankRow, reading: ReadingOptions = HARDENED_READING): string {
  return visibleProse(splitThinking(row.output, row.thinking).reply, reading);
}

// readReply's rarer paths met at load under both presets' readings, on replies of a few words: one
// quoted whole across paragraphs, stat lines (one ending "\r\n"), an invisible character, marks within
// the budget. readReply inlines the unhiding and the mark count, whose whole-reply quote check and
// Zalgo call, first met after readReply was optimized, threw it away (issue 20). Repeated so that V8
// keeps the feedback (it allocates a function's feedback only after it has run a little); markup, notes
// and fences are left out, as compiling their patterns costs more at start-up than it saves. Reading is
// pure, so this changes no later answer.
const WARM_UP_READINGS = [HARDENED_READING, PROSE_PRESETS.seed.settings.reading];
const WARM_UP = ["“One.\n\nTwo.”", "“One,” she said.\n\n“Two.”", "HP: 1\nok", "Mood: calm\r\nok", "caf\u200bé’s e\u0301clair"];
// Run once per thread before any scoring (src/stacks/warm-up.ts), never at import.
export function warmUpReading(): void {
  for (let k = 0; k < 32; k++) for (const reply of WARM_UP) for (const reading of WARM_UP_READINGS) readReply(reply, reading);
}
