// Filler words (issue 36, filler37): words that carry no content — degree and emphasis adverbs ("very",
// "quite", "truly", "somewhat", "literally", "just") and multi-word hedges ("sort of", "kind of", "a bit",
// "in a way"), both from WordNet (src/text/discourse.ts) — inserted before priced words paid held out
// ("sort of" +0.063, "truly" +0.018, battery 4): each added word thinned the slop, broke a priced frame
// ("a tapestry" → "a sort of tapestry") and "sort of" earned human-phrase credit. Under the hardened
// reading the terms read the reply through them: the scan they read leaves them out, so a priced span is
// read across them, they thin nothing, and a hedge earns no phrase credit. Slop is also measured on the
// whole scan and the larger of the two counts, so a filler the dictionary prices ("utterly", "the very
// fabric of") keeps its price. "rather" opening a clause stays (the "not X, rather Y" pattern).
import { hedgePhrases, isDegreeAdverb } from "../../text/discourse.js";
import { ASIDE, asideMask } from "./asides.js";
import type { Lexicon } from "../../text/lexicon.js";
import { T_CAPITAL, T_COMMA_AFTER, T_DASH_AFTER, T_END_AFTER, T_INTERRUPT_AFTER, T_PARAGRAPH_AFTER, T_QUESTION_AFTER, T_QUOTE_AFTER, T_SEMI_AFTER, type Scan } from "../../text/scan.js";

/** What punctuation after a word records: it stays with the word before a filler that is left out. */
const AFTER = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUESTION_AFTER | T_INTERRUPT_AFTER | T_PARAGRAPH_AFTER | T_QUOTE_AFTER;
/** The punctuation that sets an aside off. */
const SETS_OFF = T_COMMA_AFTER | T_DASH_AFTER;
/** A clause boundary: a hedge does not run across one. */
const BREAK = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUOTE_AFTER;

interface FillerTable {
  /** By surface id: 1 a degree adverb, 2 not, absent not yet looked up. */
  single: Map<number, number>;
  /** Hedges by their first word: each hedge's words. */
  hedges: Map<string, string[][]>;
  /** By surface id, what `single` and `hedges` say of the form, once looked up (KNOWN | DEGREE | OPENS_HEDGE): a typed-array read per word instead of two Map look-ups. */
  facts: Uint8Array;
}

const KNOWN = 1;
const DEGREE = 2;
const OPENS_HEDGE = 4;

const CACHE = {};

function tableOf(lexicon: Lexicon): FillerTable {
  return lexicon.derived(CACHE, () => {
    const hedges = new Map<string, string[][]>();
    for (const phrase of hedgePhrases()) {
      const words = phrase.split(" ");
      (hedges.get(words[0]) ?? hedges.set(words[0], []).get(words[0])!).push(words);
    }
    return { single: new Map(), hedges, facts: new Uint8Array(1024) };
  });
}

function isDegree(table: FillerTable, lexicon: Lexicon, surface: number): boolean {
  let known = table.single.get(surface);
  if (known === undefined) table.single.set(surface, (known = isDegreeAdverb(lexicon.surfaces[surface]) ? 1 : 2));
  return known === 1;
}

/** What the table says of a surface id (KNOWN | DEGREE | OPENS_HEDGE), looked up once per id. */
function factsOf(table: FillerTable, lexicon: Lexicon, surface: number): number {
  if (surface >= table.facts.length) {
    const grown = new Uint8Array(Math.max(surface + 1, table.facts.length * 2));
    grown.set(table.facts);
    table.facts = grown;
  }
  let f = table.facts[surface];
  if (f === 0) table.facts[surface] = f = KNOWN | (isDegree(table, lexicon, surface) ? DEGREE : 0) | (table.hedges.has(lexicon.surfaces[surface]) ? OPENS_HEDGE : 0);
  return f;
}

/** Per word of the scan: 1 when it is a filler the reading leaves out. */
export function fillerMask(scan: Scan, lexicon: Lexicon): Uint8Array {
  const { n, surface, flags, sentence } = scan;
  const table = tableOf(lexicon);
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const facts = factsOf(table, lexicon, surface[i]);
    if ((facts & (DEGREE | OPENS_HEDGE)) === 0) continue; // most words: neither, one typed-array read
    const word = lexicon.surfaces[surface[i]];
    const hedges = facts & OPENS_HEDGE ? table.hedges.get(word) : undefined;
    let hedge = 0;
    if (hedges)
      for (const words of hedges) {
        const last = i + words.length - 1;
        if (last >= n || sentence[last] !== sentence[i] || words.length <= hedge) continue;
        let k = 1;
        while (k < words.length && (flags[i + k - 1] & BREAK) === 0 && lexicon.surfaces[surface[i + k]] === words[k]) k++;
        if (k === words.length) hedge = words.length;
      }
    if (hedge > 0) {
      mask.fill(1, i, i + hedge);
      i += hedge - 1;
      continue;
    }
    if ((facts & DEGREE) === 0) continue;
    if (word === "rather" && (i === 0 || sentence[i - 1] !== sentence[i] || flags[i - 1] & BREAK)) continue;
    mask[i] = 1;
  }
  return mask;
}

/**
 * The scan without the words `mask` marks: punctuation after a left-out word goes to the word before it, a
 * capital to the word after it; an aside (ASIDE) takes the commas and dashes that set it off with it.
 */
export function withoutMasked(scan: Scan, mask: Uint8Array): Scan {
  const { n } = scan;
  let m = 0;
  for (let i = 0; i < n; i++) if (mask[i] === 0) m++;
  if (m === n) return scan;
  const surface = new Int32Array(m);
  const lemma = new Int32Array(m);
  const flags = new Int32Array(m);
  const sentence = new Int32Array(m);
  const start = new Int32Array(m);
  let k = 0;
  let sentences = 0;
  let lastSentence = -1;
  let capitalSentence = -1;
  for (let i = 0; i < n; i++) {
    const s = scan.sentence[i];
    if (mask[i] !== 0) {
      const aside = mask[i] === ASIDE;
      if (aside && k > 0 && lastSentence === s && i > 0 && mask[i - 1] === 0) flags[k - 1] &= ~SETS_OFF;
      if (k > 0 && lastSentence === s) flags[k - 1] |= scan.flags[i] & (aside ? AFTER & ~SETS_OFF : AFTER);
      else {
        if ((i === 0 || scan.sentence[i - 1] !== s) && scan.flags[i] & T_CAPITAL) capitalSentence = s;
        // A sentence left out whole keeps its paragraph break on the word before it.
        if (k > 0 && scan.flags[i] & T_PARAGRAPH_AFTER && (i + 1 >= n || scan.sentence[i + 1] !== s)) flags[k - 1] |= T_PARAGRAPH_AFTER;
      }
      continue;
    }
    const opens = s !== lastSentence;
    if (opens) {
      sentences++;
      lastSentence = s;
    }
    surface[k] = scan.surface[i];
    lemma[k] = scan.lemma[i];
    flags[k] = scan.flags[i] | (opens && capitalSentence === s ? T_CAPITAL : 0);
    sentence[k] = sentences - 1;
    start[k] = scan.start[i];
    k++;
  }
  return { n: m, surface, lemma, flags, sentence, start, sentences };
}

/**
 * The scan read through its fillers, then through its inserted asides (given the `text` it was read from:
 * ./asides.ts), how many words were left out, and the scan without its fillers alone. Asides are measured
 * without the fillers, so a filler added inside one does not stretch it past its length.
 */
export function readThroughFillers(scan: Scan, lexicon: Lexicon, text?: string): { scan: Scan; fillers: number; withoutFillers: Scan } {
  const withoutFillers = withoutMasked(scan, fillerMask(scan, lexicon));
  const read = text === undefined ? withoutFillers : withoutMasked(withoutFillers, asideMask(withoutFillers, lexicon, text));
  return { scan: read, fillers: scan.n - read.n, withoutFillers };
}
