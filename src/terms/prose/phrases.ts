// Human-phrase bonus (SPEC §7, seed 002): everyday 2–3 word phrases ("at least", "one of", "as soon
// as") that humans use ≥ 2.5× more than the model. Each counts once per reply, weighted by how rarely
// the policy itself uses it, with the policy's rates taken from its most recent rollouts (a window the
// caller declares, see PhraseRates), so a phrase the policy learns to spam stops paying. Credit per 1,000 words; full marks at
// the human 25th percentile; a reply with none scores 0.70; replies under 40 words are left at 1.
import { z } from "zod";
import type { PhraseEntry } from "./dictionary.js";
import type { Lexicon } from "../../text/lexicon.js";
import { T_COMMA_AFTER, T_DASH_AFTER, T_END_AFTER, T_QUOTE_AFTER, T_SEMI_AFTER, type Scan } from "../../text/scan.js";
import { IntPairTable } from "./int-pair-table.js";
import { hedgePhrases, isDegreeAdverb } from "../../text/discourse.js";

export const NO_PHRASE_SCORE = 0.7;
export const SHORT_REPLY_WORDS = 40;
/** A phrase pays in full while humans use it at least this many times more than the policy. */
export const PHRASE_MIN_RATIO = 2.5;

const BREAK_AFTER = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUOTE_AFTER;

export interface CompiledPhrases {
  entries: PhraseEntry[];
  /** First two surface ids → phrases starting with them (third id, or -1 for a two-word phrase). */
  starts: IntPairTable<{ id: number; third: number }[]>;
  /** By surface id known when compiled: 1 when some phrase starts with the word (a lookup per word of every reply). */
  firstWords: Uint8Array;
}

export function compilePhrases(entries: PhraseEntry[], lexicon: Lexicon): CompiledPhrases {
  const starts = new IntPairTable<{ id: number; third: number }[]>(entries.length);
  const first: number[] = [];
  entries.forEach((e, id) => {
    const ws = e.phrase.split(" ").map((w) => lexicon.surface(w));
    let list = starts.get(ws[0], ws[1]);
    if (!list) starts.set(ws[0], ws[1], (list = []));
    list.push({ id, third: ws.length > 2 ? ws[2] : -1 });
    first.push(ws[0]);
  });
  const firstWords = new Uint8Array(first.reduce((m, w) => Math.max(m, w + 1), 0));
  for (const w of first) firstWords[w] = 1;
  return { entries, starts, firstWords };
}

/** Ids of the phrases present in a reply, each once (the seed's rule: every occurrence counts). */
export function findPhrases(scan: Scan, c: CompiledPhrases): number[] {
  return findPhraseUse(scan, c, null).ids;
}

/**
 * The phrases a reply uses. With `maxSentenceShare` (hardened), an occurrence counts only in a sentence
 * whose words are at most that share bonus phrases: a sentence strung from the bonus's own phrases ("such
 * a, a little, to do, to say.") is not everyday use of any of them. `stuffed` is the most distinct
 * phrases in one such sentence.
 */
export function findPhraseUse(scan: Scan, c: CompiledPhrases, maxSentenceShare: number | null): { ids: number[]; stuffed: number } {
  const { n, surface, flags, sentence } = scan;
  const { firstWords } = c;
  const found: number[] = [];
  const spans: { id: number; at: number; len: number }[] = [];
  for (let i = 0; i + 1 < n; i++) {
    const w = surface[i];
    if (w >= firstWords.length || firstWords[w] === 0 || flags[i] & BREAK_AFTER || sentence[i + 1] !== sentence[i]) continue;
    const list = c.starts.get(w, surface[i + 1]);
    if (!list) continue;
    for (const p of list) {
      if (p.third >= 0 && !(i + 2 < n && surface[i + 2] === p.third && (flags[i + 1] & BREAK_AFTER) === 0 && sentence[i + 2] === sentence[i])) continue;
      if (maxSentenceShare !== null) spans.push({ id: p.id, at: i, len: p.third >= 0 ? 3 : 2 });
      else if (!found.includes(p.id)) found.push(p.id);
    }
  }
  if (maxSentenceShare === null || spans.length === 0) return { ids: found, stuffed: 0 };
  // Spans come in word order, each inside one sentence: per sentence that holds some, its words and
  // the words its phrases cover (the union of their spans), read around the spans only.
  const stuffedIds = new Map<number, Set<number>>();
  for (let a = 0; a < spans.length; ) {
    const k = sentence[spans[a].at];
    let b = a;
    let coveredWords = 0;
    let coveredTo = -1;
    for (; b < spans.length && sentence[spans[b].at] === k; b++) {
      const from = Math.max(spans[b].at, coveredTo);
      const to = spans[b].at + spans[b].len;
      if (to > from) coveredWords += to - from;
      if (to > coveredTo) coveredTo = to;
    }
    let first = spans[a].at;
    while (first > 0 && sentence[first - 1] === k) first--;
    let end = spans[a].at;
    while (end < n && sentence[end] === k) end++;
    const pays = coveredWords <= maxSentenceShare * (end - first);
    for (let c = a; c < b; c++) {
      const id = spans[c].id;
      if (pays) {
        if (!found.includes(id)) found.push(id);
      } else (stuffedIds.get(k) ?? stuffedIds.set(k, new Set()).get(k)!).add(id);
    }
    a = b;
  }
  let stuffed = 0;
  for (const ids of stuffedIds.values()) stuffed = Math.max(stuffed, ids.size);
  return { ids: found, stuffed };
}

/**
 * The policy's recent phrase use: a declared input, never state kept between calls, so one row scores
 * the same bits whatever was scored before, in any process. The trainer counts the dictionary's human
 * phrases over its most recent rollouts (`countPhraseRates`) and passes the result with the request or
 * as a versioned file; its hash is recorded on every score.
 */
export interface PhraseRates {
  /** Rollouts counted. */
  rollouts: number;
  /** Their words. */
  words: number;
  /** Replies that used each phrase (a phrase counts once per reply). */
  counts: Record<string, number>;
}

export const phraseRatesSchema = z
  .object({
    rollouts: z.number().int().min(0),
    words: z.number().min(0),
    counts: z.record(z.string(), z.number().min(0)),
  })
  .strict();

/** Below this many counted words the mined model rates stand in for the policy's. */
export const MIN_RATE_WORDS = 20_000;

/** Weight per phrase in [0, 1]: 1 while humans use it ≥ 2.5× more than the policy, 0 at parity. */
export function phraseWeights(entries: readonly PhraseEntry[], rates?: PhraseRates, minWords = MIN_RATE_WORDS): Float64Array {
  const w = new Float64Array(entries.length);
  const live = rates !== undefined && rates.words >= minWords;
  for (let k = 0; k < w.length; k++) {
    const e = entries[k];
    const policyPer1k = live ? (1000 * (rates.counts[e.phrase] ?? 0)) / rates.words : e.modelPer1k;
    const ratio = policyPer1k > 0 ? e.humanPer1k / policyPer1k : Infinity;
    w[k] = Math.max(0, Math.min(1, (ratio - 1) / (PHRASE_MIN_RATIO - 1)));
  }
  return w;
}

/** Phrase rates of a set of rollouts, each given as the ids `findPhrases` found and its word count. */
export function countPhraseRates(entries: readonly PhraseEntry[], rollouts: readonly { ids: readonly number[]; words: number }[]): PhraseRates {
  const counts: Record<string, number> = {};
  let words = 0;
  for (const r of rollouts) {
    words += r.words;
    for (const id of r.ids) counts[entries[id].phrase] = (counts[entries[id].phrase] ?? 0) + 1;
  }
  return { rollouts: rollouts.length, words, counts };
}

export function phraseCredit(ids: number[], weights: Float64Array, words: number): number {
  if (words <= 0) return 0;
  let sum = 0;
  for (const id of ids) sum += weights[id];
  return (1000 * sum) / words;
}

export function phraseFactor(credit: number, words: number, humanP25: number): number {
  if (words < SHORT_REPLY_WORDS) return 1;
  if (credit <= 0) return NO_PHRASE_SCORE;
  if (humanP25 <= 0 || credit >= humanP25) return 1;
  return NO_PHRASE_SCORE + (1 - NO_PHRASE_SCORE) * (credit / humanP25);
}

/** A hedge or degree phrase ("sort of", "a little", "too much") earns credit only while a reply uses it at most this often. */
export const MAX_FILLER_PHRASE_USES = 2;

/**
 * `ids` less the filler phrases the reply uses more than MAX_FILLER_PHRASE_USES times (filler37): "sort
 * of" before every priced word earned the bonus (+0.063 on battery 4), while a human uses it once or
 * twice. A filler phrase is a WordNet hedge, a phrase holding a degree adverb (../../text/discourse.ts),
 * or one the reply uses inside an inserted aside (`asides`, ./asides.ts): "Needless to say," before each
 * paragraph earned it too (+0.071 on the tuning slice, aside36), so a phrase outside the sentence's syntax
 * earns credit only at a human's rate.
 */
export function withoutOverusedFillers(ids: readonly number[], scan: Scan, c: CompiledPhrases, lexicon: Lexicon, asides?: Uint8Array): number[] {
  const hedges = new Set(hedgePhrases());
  return ids.filter((id) => {
    const phrase = c.entries[id].phrase;
    const words = phrase.split(" ");
    const filler = hedges.has(phrase) || words.some(isDegreeAdverb);
    let uses = 0;
    let aside = false;
    for (let i = 0; i + words.length <= scan.n; i++) {
      let k = 0;
      while (k < words.length && lexicon.surfaces[scan.surface[i + k]] === words[k]) k++;
      if (k < words.length) continue;
      uses++;
      if (asides && asides[i] !== 0) aside = true;
      if ((filler || aside) && uses > MAX_FILLER_PHRASE_USES) return false;
    }
    return true;
  });
}
