// Paragraph relevance (issue 36, third round): how much of a paragraph's content is about the reply it
// sits in. A paragraph of unrelated prose inserted anywhere in a reply (start, middle or end) thinned
// its slop and brought human phrases with it (+0.050 held out, mid-reply). The measure is lexical, as
// every default prose term is: the weighted share of a paragraph's distinct content lemmas that the
// prompt or the reply's other paragraphs also use, a lemma among the 5,000 commonest of English (Brown)
// weighing half, since any two stories share "eyes", "door" and "night" whatever they are about. A
// story's paragraphs share its people, places and things; a borrowed paragraph shares common words.
//
// The two overlap too much for a verdict (bench/studies/prose-relevance.ts): the threshold is set so
// nearly every borrowed paragraph falls below it, and what a paragraph below it costs is only that the
// reply is also read without it (the dilution reading, ./stack/prepare.ts), which costs a paragraph of
// the story little unless the rest of the reply is denser in slop than it.
import { WORD_COMMON, type Lexicon } from "../../text/lexicon.js";
import { T_COMMA_AFTER, T_CONTENT, type Scan } from "../../text/scan.js";

/** Distinct content lemmas a paragraph needs before its relevance is judged (a short line says too little). */
export const MIN_RELEVANCE_LEMMAS = 12;
/** Below this weighted share of shared content lemmas a paragraph is read as unrelated (see above). */
export const UNRELATED_BELOW = 0.25;
/** The weight of a lemma among the commonest English words. */
const COMMON_WEIGHT = 0.5;

/** Words a sentence's leading comma-set phrase may hold ("Without a word," is three). */
const MAX_LEAD_PHRASE = 6;

/**
 * A scan's distinct content lemma ids, each with its weight. Left out: words marked in `idle`, and each
 * sentence's leading comma-set phrase of up to MAX_LEAD_PHRASE words, which a policy can put before
 * every sentence ("Without a word, …") to make every paragraph share its words.
 */
export function topicLemmas(scan: Scan, lexicon: Lexicon, idle?: Uint8Array): Map<number, number> {
  const out = new Map<number, number>();
  let leadEnd = -1;
  for (let k = 0; k < scan.n; k++) {
    if (k === 0 || scan.sentence[k] !== scan.sentence[k - 1]) {
      leadEnd = -1;
      for (let c = k; c < scan.n && c - k < MAX_LEAD_PHRASE && scan.sentence[c] === scan.sentence[k]; c++) {
        if (scan.flags[c] & T_COMMA_AFTER) {
          if (c + 1 < scan.n && scan.sentence[c + 1] === scan.sentence[k]) leadEnd = c;
          break;
        }
      }
    }
    if (k <= leadEnd || idle?.[k] || (scan.flags[k] & T_CONTENT) === 0) continue;
    out.set(scan.lemma[k], lexicon.surfaceFlags[scan.surface[k]] & WORD_COMMON ? COMMON_WEIGHT : 1);
  }
  return out;
}

/**
 * Per paragraph, the weighted share of its content lemmas found in the prompt's or another paragraph's,
 * the paragraphs in `ignored` lending none (null when it has fewer than MIN_RELEVANCE_LEMMAS to judge by).
 */
export function paragraphRelevance(paragraphs: readonly ReadonlyMap<number, number>[], prompt: ReadonlyMap<number, number>, ignored: ReadonlySet<number> = new Set()): (number | null)[] {
  const uses = new Map<number, number>();
  paragraphs.forEach((own, k) => {
    if (!ignored.has(k)) for (const id of own.keys()) uses.set(id, (uses.get(id) ?? 0) + 1);
  });
  return paragraphs.map((own, k) => {
    if (own.size < MIN_RELEVANCE_LEMMAS) return null;
    const self = ignored.has(k) ? 0 : 1;
    let shared = 0;
    let total = 0;
    for (const [id, weight] of own) {
      total += weight;
      if (prompt.has(id) || (uses.get(id) ?? 0) > self) shared += weight;
    }
    return shared / total;
  });
}

/**
 * The paragraphs read as unrelated: below UNRELATED_BELOW, judged again against the paragraphs left
 * until none changes (a borrowed paragraph lends the others no words), least related first, up to
 * `maxWords` of the reply's words (`words[k]`, each paragraph's). `copies`, paragraphs that repeat text
 * found in another, lend nothing either: a sentence repeated as a paragraph of its own made its source
 * look related.
 */
export function unrelatedParagraphs(paragraphs: readonly ReadonlyMap<number, number>[], prompt: ReadonlyMap<number, number>, words: readonly number[], maxWords: number, copies: ReadonlySet<number> = new Set()): number[] {
  let ignored = new Set<number>(copies);
  let shares: (number | null)[] = [];
  for (let round = 0; round < 4; round++) {
    shares = paragraphRelevance(paragraphs, prompt, ignored);
    const next = new Set<number>(copies);
    shares.forEach((share, k) => {
      if (share !== null && share < UNRELATED_BELOW) next.add(k);
    });
    if (next.size === ignored.size && [...next].every((k) => ignored.has(k))) break;
    ignored = next;
  }
  const out: number[] = [];
  let held = 0;
  for (const k of [...ignored].filter((k) => shares[k] !== null && shares[k]! < UNRELATED_BELOW).sort((a, b) => (shares[a] ?? 0) - (shares[b] ?? 0) || a - b)) {
    if (held + words[k] > maxWords) continue;
    held += words[k];
    out.push(k);
  }
  return out.sort((a, b) => a - b);
}
