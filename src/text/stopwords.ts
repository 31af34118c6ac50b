// English stopwords and content words (SPEC §4 self-repetition: "content-word overlap (lemmatized,
// stopwords removed)"). The list is the classic English function-word list (articles, pronouns,
// auxiliaries, prepositions, conjunctions, common adverbs) with contractions in both apostrophe forms,
// written for this project.
import { lemma } from "./lemma.js";
import { words } from "./tokenize.js";
import { hashRange } from "./word-hash.js";
import { shippedWordTable, type WordTable } from "./word-table.js";

const STOPWORD_LIST = `
a about above after again against all am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers
herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more
most mustn't my myself no nor not of off on once only or other ought our ours ourselves out over own same
shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them
themselves then there there's these they they'd they'll they're they've this those through to too under
until up very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which
while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours
yourself yourselves also just now even still yet ever really quite rather much many may might must shall
us oh ok okay yeah yes well like get got go going gonna wanna one ones thing things something anything
nothing everything someone anyone everyone s t d ll m re ve n't 's
`;

const STOPWORDS: ReadonlySet<string> = new Set(STOPWORD_LIST.split(/\s+/).filter(Boolean));

/** The list's words, for the shipped word-form table's list of forms (./word-table.ts). */
export const STOPWORD_FORMS: readonly string[] = [...STOPWORDS];

/**
 * True for function words: `isStopword("the")` → true, `isStopword("printer")` → false. Case-insensitive.
 * `forms`: the word-form table whose recorded answers to take (null: none, every answer computed).
 */
export function isStopword(w: string, forms: WordTable | null = shippedWordTable()): boolean {
  const lower = w.toLowerCase();
  const folded = lower.includes("’") ? lower.replaceAll("’", "'") : lower;
  if (STOPWORDS.has(folded)) return true;
  // The word-form table records this answer for its forms; a form it lacks is its own lemma
  // (the table holds every form the lemma table does), so the lemma table need not be read for it.
  if (forms !== null && folded.toLowerCase() === folded) {
    const k = forms.find(folded, hashRange(folded, 0, folded.length));
    return k >= 0 && forms.isStopword(k);
  }
  return STOPWORDS.has(lemma(folded, forms));
}

/**
 * Lemmatized content words in order of appearance: `contentWords("The printers were jamming again")`
 * → ["printer", "jam"]. Possessive 's is dropped first; tokens without a letter (numbers) are skipped.
 */
export function contentWords(s: string): string[] {
  const out: string[] = [];
  for (const token of words(s)) {
    const w = token.endsWith("'s") ? token.slice(0, -2) : token;
    if (!/\p{L}/u.test(w) || STOPWORDS.has(w)) continue;
    const base = lemma(w);
    if (!STOPWORDS.has(base)) out.push(base);
  }
  return out;
}
