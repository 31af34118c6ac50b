// Mining the human-phrase list (SPEC §7, seed 002): 2- and 3-word phrases common in every human
// source and used ≥ 2.5× more by humans than by the model; phrases with past-tense verbs, personal
// pronouns or scene nouns are dropped so the list works in any scene and tense, as are phrases made
// only of the commonest grammar words ("of the"); overlapping phrases are merged (the longer one is
// kept when it passed, otherwise the stronger).
import type { PhraseEntry } from "./dictionary.js";
import type { ScannedCorpus } from "./corpus.js";
import { KeyCounter, KeySetCounter } from "./counter.js";
import { WORD_PRONOUN, type Lexicon } from "../text/lexicon.js";
import { T_COMMA_AFTER, T_DASH_AFTER, T_END_AFTER, T_QUOTE_AFTER, T_SEMI_AFTER } from "../text/scan.js";
import type { BrownClasses } from "./brown.js";
import { HUMAN_COUNT_PRIOR } from "./weights.js";

const BREAK_AFTER = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUOTE_AFTER;

export interface PhraseOptions {
  minHumanRatio: number;
  /** Minimum share of documents containing the phrase, in every human source. */
  minSourceDocShare: number;
  /** Minimum overall human rate per 1,000 words. */
  minHumanPer1k: number;
  /** Phrases made only of this many commonest human words are grammar, not expressions. */
  grammarTop: number;
  maxPhrases: number;
}

export const DEFAULT_PHRASE_OPTIONS: PhraseOptions = {
  minHumanRatio: 2.5,
  minSourceDocShare: 0.05,
  minHumanPer1k: 0.05,
  grammarTop: 40,
  maxPhrases: 200,
};

/** Nouns that name no scene ("at least", "a lot of", "in fact") and so may stay in a phrase. */
const GENERAL_NOUNS = new Set("time times way lot kind sort bit part end course fact rest number matter case point sense sake least most deal while order place".split(" "));

const VOCAB = 4096;

/**
 * `human` docs carry their source index as group; `humanDocs` gives each word's document index so
 * document spread per source can be counted.
 */
export function mineHumanPhrases(model: ScannedCorpus, human: ScannedCorpus, humanSources: number, lexicon: Lexicon, brown: BrownClasses, options: PhraseOptions = DEFAULT_PHRASE_OPTIONS): PhraseEntry[] {
  // The most frequent human word forms get small ids so 3-grams pack into one integer key.
  const freq = new Map<number, number>();
  for (let i = 0; i < human.n; i++) freq.set(human.surface[i], (freq.get(human.surface[i]) ?? 0) + 1);
  const ranked = [...freq.entries()].sort((a, b) => b[1] - a[1]).slice(0, VOCAB - 1);
  const small = new Map<number, number>();
  ranked.forEach(([s], k) => small.set(s, k + 1));
  const smallToSurface = [-1, ...ranked.map(([s]) => s)];
  const key2 = (a: number, b: number): number => a * VOCAB + b;
  const key3 = (a: number, b: number, c: number): number => (VOCAB + a) * VOCAB * VOCAB + b * VOCAB + c;

  const docsPerSource = new Int32Array(humanSources);
  for (let d = 0; d < human.docGroup.length; d++) docsPerSource[human.docGroup[d]]++;
  const perSource = Array.from({ length: humanSources }, () => new KeyCounter());
  const total = new KeyCounter();
  for (let d = 0; d < human.docGroup.length; d++) {
    const src = human.docGroup[d];
    forEachGram(human, human.docStart[d], human.docStart[d + 1], small, key2, key3, (k) => {
      perSource[src].add(k, d);
      total.add(k, 0);
    });
  }
  const candidates: number[] = [];
  for (const [k, count] of total.entries()) {
    if ((1000 * count) / human.n < options.minHumanPer1k) continue;
    let everywhere = true;
    for (let s = 0; s < humanSources; s++) {
      if (docsPerSource[s] > 0 && perSource[s].groups(k) < options.minSourceDocShare * docsPerSource[s]) everywhere = false;
    }
    if (everywhere) candidates.push(k);
  }
  const modelCounts = new KeySetCounter(candidates);
  forEachGram(model, 0, model.n, small, key2, key3, (k) => modelCounts.add(k));

  const grammar = new Set(ranked.slice(0, options.grammarTop).map(([s]) => s));
  const decode = (k: number): number[] => {
    if (k >= VOCAB * VOCAB) {
      const a = Math.floor(k / (VOCAB * VOCAB)) - VOCAB;
      const rest = k % (VOCAB * VOCAB);
      return [a, Math.floor(rest / VOCAB), rest % VOCAB].map((x) => smallToSurface[x]);
    }
    return [Math.floor(k / VOCAB), k % VOCAB].map((x) => smallToSurface[x]);
  };
  const scored: PhraseEntry[] = [];
  for (const k of candidates) {
    const surfaces = decode(k);
    const ws = surfaces.map((s) => lexicon.surfaces[s]);
    if (surfaces.some((s) => lexicon.surfaceFlags[s] & WORD_PRONOUN)) continue;
    if (ws.some((w) => brown.pastTense.has(w) || (brown.nouns.has(w) && !GENERAL_NOUNS.has(w)) || /\d/.test(w))) continue;
    if (surfaces.every((s) => grammar.has(s))) continue;
    const h = total.count(k);
    const m = modelCounts.count(k);
    const humanPer1k = (1000 * h) / human.n;
    const modelPer1k = (1000 * m) / Math.max(1, model.n);
    const ratio = humanPer1k / ((1000 * (m + HUMAN_COUNT_PRIOR)) / Math.max(1, model.n));
    if (ratio < options.minHumanRatio) continue;
    let sources = 0;
    for (let s = 0; s < humanSources; s++) if (perSource[s].groups(k) > 0) sources++;
    scored.push({ phrase: ws.join(" "), humanPer1k: round(humanPer1k), modelPer1k: round(modelPer1k), ratio: round(ratio), humanSources: sources });
  }
  return mergeOverlaps(scored).slice(0, options.maxPhrases);
}

function forEachGram(c: ScannedCorpus, from: number, to: number, small: Map<number, number>, key2: (a: number, b: number) => number, key3: (a: number, b: number, c: number) => number, visit: (key: number) => void): void {
  for (let i = from; i + 1 < to; i++) {
    if (c.flags[i] & BREAK_AFTER || c.sentence[i + 1] !== c.sentence[i]) continue;
    const a = small.get(c.surface[i]);
    const b = small.get(c.surface[i + 1]);
    if (a === undefined || b === undefined) continue;
    visit(key2(a, b));
    if (i + 2 < to && (c.flags[i + 1] & BREAK_AFTER) === 0 && c.sentence[i + 2] === c.sentence[i]) {
      const d = small.get(c.surface[i + 2]);
      if (d !== undefined) visit(key3(a, b, d));
    }
  }
}

/** Longer phrases first, then by human rate; a phrase sharing two words in a row with a kept one is merged away. */
function mergeOverlaps(phrases: PhraseEntry[]): PhraseEntry[] {
  const sorted = phrases.slice().sort((a, b) => b.phrase.split(" ").length - a.phrase.split(" ").length || b.humanPer1k - a.humanPer1k);
  const kept: PhraseEntry[] = [];
  const bigrams = new Set<string>();
  for (const p of sorted) {
    const ws = p.phrase.split(" ");
    const own: string[] = [];
    for (let i = 0; i + 1 < ws.length; i++) own.push(`${ws[i]} ${ws[i + 1]}`);
    if (own.some((b) => bigrams.has(b))) continue;
    kept.push(p);
    for (const b of own) bigrams.add(b);
  }
  return kept.sort((a, b) => b.humanPer1k - a.humanPer1k);
}

const round = (x: number): number => Math.round(x * 10000) / 10000;
