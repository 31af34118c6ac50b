// Mining the dictionary's phrase entries (SPEC §7, seed 002): content-word pairs within five words,
// kept when they occur in ≥ 5% of scenarios, pass Dunning's G² and are used more than 2× as often by
// the model as by humans; frames (hub + adjacent grammar word) at ≥ 7× the human rate; hub words with
// at least half of their uses inside their overused pairs/frames; excess words at ≥ 8× the human rate
// in ≥ 20% of scenarios. Every entry keeps its evidence (rates, ratio, G², ΔP) beside its weight.
// A frame's grammar word is one that carries a habit ("scent of", "lets out"): articles, demonstratives,
// quantifiers and pronouns never frame a hub, because the hub's grammar requires them ("the scent",
// "she smirked") and the seed allows "The scent was strong".
import type { FrameEntry, PairEntry, WordEntry } from "./dictionary.js";
import { LL_CRITICAL_P001, attracted, deltaP, logLikelihood } from "./association.js";
import { KeyCounter, KeySetCounter } from "./counter.js";
import { overuseWeight, rateRatio } from "./weights.js";
import { median } from "../stats/quantile.js";
import { WORD_DETERMINER, WORD_PRONOUN, type Lexicon } from "../text/lexicon.js";
import { T_COMMA_AFTER, T_CONTENT, T_DASH_AFTER, T_END_AFTER, T_QUOTE_AFTER, T_SEMI_AFTER } from "../text/scan.js";
import type { ScannedCorpus } from "./corpus.js";
import { PAIR_WINDOW, frameKey, pairKey } from "../terms/prose/slop.js";

const KEY = 2 ** 21;
const BREAK_AFTER = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUOTE_AFTER;
const NOT_A_FRAME = WORD_DETERMINER | WORD_PRONOUN;

export interface CollocationOptions {
  minScenarioShare: number;
  pairMinRatio: number;
  frameMinRatio: number;
  hubMinShare: number;
  excessMinRatio: number;
  excessMinScenarioShare: number;
  maxPairs: number;
  maxFrames: number;
  maxExcessWords: number;
}

export const DEFAULT_COLLOCATION_OPTIONS: CollocationOptions = {
  minScenarioShare: 0.05,
  pairMinRatio: 2,
  frameMinRatio: 7,
  hubMinShare: 0.5,
  excessMinRatio: 8,
  excessMinScenarioShare: 0.2,
  maxPairs: 2000,
  maxFrames: 400,
  maxExcessWords: 400,
};

export interface Collocations {
  pairs: PairEntry[];
  frames: FrameEntry[];
  hubs: { word: string; share: number; partners: string[] }[];
  excessWords: WordEntry[];
  modelWords: number;
  humanWords: number;
}

/**
 * Model docs must arrive sorted by scenario (group) so scenario spread is counted in one pass. The steps:
 * count words, count the eligible words' pairs and frames in the model corpus, keep the candidates that
 * pass spread and G², count them in the human corpus, keep those over the rate ratios, find the hubs,
 * and write the entries.
 */
export function mineCollocations(model: ScannedCorpus, human: ScannedCorpus, scenarios: number, lexicon: Lexicon, options: CollocationOptions): Collocations {
  const minGroups = Math.max(2, Math.ceil(options.minScenarioShare * scenarios));
  const words = countWords(model, human);
  const eligible = eligibleWords(words.model, lexicon, minGroups);
  const counted = countModelPairsAndFrames(model, lexicon, eligible);
  const candidates = { pairs: pairCandidates(counted, eligible, minGroups), frames: frameCandidates(counted, eligible, minGroups) };
  const inHuman = countHumanCandidates(human, candidates.pairs, candidates.frames);
  const totals = { model: model.n, human: human.n };
  const keptPairs = candidates.pairs
    .map((p) => ({ ...p, human: inHuman.pairs.count(p.key), ratio: rateRatio(p.count, totals.model, inHuman.pairs.count(p.key), totals.human) }))
    .filter((p) => p.ratio > options.pairMinRatio)
    .sort((x, y) => y.count * Math.log2(y.ratio) - x.count * Math.log2(x.ratio))
    .slice(0, options.maxPairs);
  const keptFrames = candidates.frames.map((f) => ({ ...f, human: inHuman.frames.count(f.key), ratio: rateRatio(f.count, totals.model, inHuman.frames.count(f.key), totals.human) })).filter((f) => f.ratio >= options.frameMinRatio);
  const hubs = findHubs(model, keptPairs, keptFrames, words.model, options.hubMinShare);
  const write = { word: (id: number): string => lexicon.lemmas[id], scenarios, totals, options };
  return {
    pairs: pairEntries(keptPairs, hubs, write),
    frames: frameEntries(keptFrames, hubs, write),
    hubs: hubEntries(keptPairs, hubs, write),
    excessWords: excessWords(words, write),
    modelWords: totals.model,
    humanWords: totals.human,
  };
}

interface WordCounts {
  model: KeyCounter;
  human: KeyCounter;
}

interface PairCandidate {
  key: number;
  a: number;
  b: number;
  count: number;
  groups: number;
  ll: number;
  dp: number;
}

interface FrameCandidate {
  key: number;
  count: number;
  groups: number;
}

type Kept<T> = T & { human: number; ratio: number };

interface Hubs {
  ids: Set<number>;
  /** The share of a word's uses inside one of its overused pairs or frames. */
  share(w: number): number;
}

interface EntryWriter {
  word(id: number): string;
  scenarios: number;
  totals: { model: number; human: number };
  options: CollocationOptions;
}

/** Pass 1: content-word counts, with scenario spread in the model corpus. */
function countWords(model: ScannedCorpus, human: ScannedCorpus): WordCounts {
  const modelWords = new KeyCounter();
  for (let i = 0; i < model.n; i++) if (model.flags[i] & T_CONTENT) modelWords.add(model.lemma[i], model.group[i]);
  const humanWords = new KeyCounter();
  for (let i = 0; i < human.n; i++) if (human.flags[i] & T_CONTENT) humanWords.add(human.lemma[i], 0);
  return { model: modelWords, human: humanWords };
}

interface Eligible {
  /** Dense id per lemma (-1: not eligible). */
  dense: Int32Array;
  denseLemma: number[];
}

/** Words spread over enough scenarios get dense ids, so pair keys stay small integers (fast Map keys). */
function eligibleWords(modelWords: KeyCounter, lexicon: Lexicon, minGroups: number): Eligible {
  const dense = new Int32Array(lexicon.lemmas.length).fill(-1);
  const denseLemma: number[] = [];
  for (const [w, , groups] of modelWords.entries()) {
    if (groups >= minGroups) {
      dense[w] = denseLemma.length;
      denseLemma.push(w);
    }
  }
  return { dense, denseLemma };
}

interface ModelCounts {
  pairs: KeyCounter;
  frames: KeyCounter;
  /** Pairs each eligible word is in, with any content word. */
  margin: Float64Array;
  pairTotal: number;
  grammarLemma: number[];
}

/** Pass 2: pairs among eligible words (marginals over all content pairs) and frames. */
function countModelPairsAndFrames(model: ScannedCorpus, lexicon: Lexicon, { dense, denseLemma }: Eligible): ModelCounts {
  const E = denseLemma.length;
  const grammarDense = new Int32Array(lexicon.lemmas.length).fill(-1);
  const grammarLemma: number[] = [];
  const grammarId = (l: number): number => {
    if (grammarDense[l] < 0) {
      grammarDense[l] = grammarLemma.length;
      grammarLemma.push(l);
    }
    return grammarDense[l];
  };
  const pk = (a: number, b: number): number => (a < b ? a * E + b : b * E + a);
  const fk = (a: number, after: boolean, g: number): number => (a * 2 + (after ? 1 : 0)) * 4096 + g;
  const pairs = new KeyCounter();
  const frames = new KeyCounter();
  const margin = new Float64Array(E);
  let pairTotal = 0;
  const { n, lemma, sentence, flags, group, surface } = model;
  const framing = (j: number): boolean => (flags[j] & T_CONTENT) === 0 && (lexicon.surfaceFlags[surface[j]] & NOT_A_FRAME) === 0 && grammarId(lemma[j]) < 4096;
  for (let i = 0; i < n; i++) {
    if ((flags[i] & T_CONTENT) === 0) continue;
    const g = group[i];
    const a = dense[lemma[i]];
    const last = Math.min(n - 1, i + PAIR_WINDOW);
    for (let j = i + 1; j <= last && sentence[j] === sentence[i]; j++) {
      if ((flags[j] & T_CONTENT) === 0 || lemma[j] === lemma[i]) continue;
      const b = dense[lemma[j]];
      // Marginals count pairs with any content word; words outside the eligible set share one bucket.
      pairTotal++;
      if (a >= 0) margin[a]++;
      if (b >= 0) margin[b]++;
      if (a >= 0 && b >= 0) pairs.add(pk(a, b), g);
    }
    if (a < 0) continue;
    if (i + 1 < n && (flags[i] & BREAK_AFTER) === 0 && sentence[i + 1] === sentence[i] && framing(i + 1)) frames.add(fk(a, true, grammarId(lemma[i + 1])), g);
    if (i > 0 && (flags[i - 1] & BREAK_AFTER) === 0 && sentence[i - 1] === sentence[i] && framing(i - 1)) frames.add(fk(a, false, grammarId(lemma[i - 1])), g);
  }
  return { pairs, frames, margin, pairTotal, grammarLemma };
}

/** Pair candidates: spread, attraction and G². */
function pairCandidates({ pairs, margin, pairTotal }: ModelCounts, { denseLemma }: Eligible, minGroups: number): PairCandidate[] {
  const E = denseLemma.length;
  const out: PairCandidate[] = [];
  for (const [key, count, groups] of pairs.entries()) {
    if (groups < minGroups) continue;
    const da = Math.floor(key / E);
    const db = key - da * E;
    const a = denseLemma[da];
    const b = denseLemma[db];
    const ca = margin[da];
    const cb = margin[db];
    const table = { o11: count, o12: ca - count, o21: cb - count, o22: pairTotal - ca - cb + count };
    if (!attracted(table)) continue;
    const ll = logLikelihood(table);
    if (ll < LL_CRITICAL_P001) continue;
    out.push({ key: pairKey(a, b), a, b, count, groups, ll, dp: deltaP(table).max });
  }
  return out;
}

/** Frame candidates: spread. */
function frameCandidates({ frames, grammarLemma }: ModelCounts, { denseLemma }: Eligible, minGroups: number): FrameCandidate[] {
  const out: FrameCandidate[] = [];
  for (const [k, count, groups] of frames.entries()) {
    if (groups < minGroups) continue;
    const packed = Math.floor(k / 4096);
    const hub = denseLemma[Math.floor(packed / 2)];
    out.push({ key: frameKey(hub, grammarLemma[k - packed * 4096], packed % 2 === 1), count, groups });
  }
  return out;
}

/** Pass 3: the same candidates in the human corpus. */
function countHumanCandidates(human: ScannedCorpus, pairs: readonly PairCandidate[], frames: readonly FrameCandidate[]): { pairs: KeySetCounter; frames: KeySetCounter } {
  const humanPairs = new KeySetCounter(pairs.map((p) => p.key));
  const humanFrames = new KeySetCounter(frames.map((f) => f.key));
  const { n, lemma, sentence, flags } = human;
  for (let i = 0; i < n; i++) {
    if ((flags[i] & T_CONTENT) === 0) continue;
    const a = lemma[i];
    const last = Math.min(n - 1, i + PAIR_WINDOW);
    for (let j = i + 1; j <= last && sentence[j] === sentence[i]; j++) {
      if (flags[j] & T_CONTENT && lemma[j] !== a) humanPairs.add(pairKey(a, lemma[j]));
    }
    if (i + 1 < n && (flags[i] & BREAK_AFTER) === 0 && sentence[i + 1] === sentence[i]) humanFrames.add(frameKey(a, lemma[i + 1], true));
    if (i > 0 && (flags[i - 1] & BREAK_AFTER) === 0 && sentence[i - 1] === sentence[i]) humanFrames.add(frameKey(a, lemma[i - 1], false));
  }
  return { pairs: humanPairs, frames: humanFrames };
}

/** Pass 4: how many uses of each word sit inside one of its overused pairs or frames; hubs have enough. */
function findHubs(model: ScannedCorpus, keptPairs: readonly Kept<PairCandidate>[], keptFrames: readonly Kept<FrameCandidate>[], modelWords: KeyCounter, hubMinShare: number): Hubs {
  const keptPairKeys = new Set(keptPairs.map((p) => p.key));
  const keptFrameKeys = new Set(keptFrames.map((f) => f.key));
  const members = new Set<number>();
  for (const p of keptPairs) members.add(p.a).add(p.b);
  for (const f of keptFrames) members.add(Math.floor(Math.floor(f.key / KEY) / 2));
  const covered = new Map<number, number>();
  const { n, lemma, sentence, flags } = model;
  for (let i = 0; i < n; i++) {
    const a = lemma[i];
    if ((flags[i] & T_CONTENT) === 0 || !members.has(a)) continue;
    let inside = false;
    for (let j = Math.max(0, i - PAIR_WINDOW); j <= Math.min(n - 1, i + PAIR_WINDOW) && !inside; j++) {
      if (j !== i && sentence[j] === sentence[i] && keptPairKeys.has(pairKey(a, lemma[j]))) inside = true;
    }
    if (!inside && i + 1 < n && (flags[i] & BREAK_AFTER) === 0 && keptFrameKeys.has(frameKey(a, lemma[i + 1], true))) inside = true;
    if (!inside && i > 0 && (flags[i - 1] & BREAK_AFTER) === 0 && keptFrameKeys.has(frameKey(a, lemma[i - 1], false))) inside = true;
    if (inside) covered.set(a, (covered.get(a) ?? 0) + 1);
  }
  const share = (w: number): number => (covered.get(w) ?? 0) / Math.max(1, modelWords.count(w));
  return { ids: new Set([...members].filter((w) => share(w) >= hubMinShare)), share };
}

const per1k = (count: number, total: number): number => (total > 0 ? (1000 * count) / total : 0);

/** Pair entries; the base penalty is ΔP relative to the median kept pair, so a typical pair has strength 1. */
function pairEntries(keptPairs: readonly Kept<PairCandidate>[], hubs: Hubs, w: EntryWriter): PairEntry[] {
  const medianDp = keptPairs.length ? median(keptPairs.map((p) => p.dp)) : 1;
  const { ids, share } = hubs;
  return keptPairs.map((p) => {
    const hub = ids.has(p.a) && ids.has(p.b) ? (share(p.a) >= share(p.b) ? p.a : p.b) : ids.has(p.a) ? p.a : ids.has(p.b) ? p.b : undefined;
    const strength = clamp(p.dp / medianDp, 0.25, 4);
    return {
      a: w.word(p.a),
      b: w.word(p.b),
      ...(hub !== undefined ? { hub: w.word(hub) } : {}),
      deltaP: round(p.dp),
      logLikelihood: round(p.ll),
      scenarioShare: round(p.groups / w.scenarios),
      weight: round(overuseWeight(p.ratio, w.options.pairMinRatio, strength)),
      ratio: round(p.ratio),
      modelPer1k: round(per1k(p.count, w.totals.model)),
      humanPer1k: round(per1k(p.human, w.totals.human)),
    };
  });
}

/** Frame entries of hubs, most used first. */
function frameEntries(keptFrames: readonly Kept<FrameCandidate>[], hubs: Hubs, w: EntryWriter): FrameEntry[] {
  return keptFrames
    .map((f) => {
      const packed = Math.floor(f.key / KEY);
      const hub = Math.floor(packed / 2);
      return { f, hub, after: packed % 2 === 1, grammar: f.key - packed * KEY };
    })
    .filter((x) => hubs.ids.has(x.hub))
    .sort((x, y) => y.f.count - x.f.count)
    .slice(0, w.options.maxFrames)
    .map(({ f, hub, after, grammar }) => ({
      hub: w.word(hub),
      grammar: w.word(grammar),
      position: after ? ("after" as const) : ("before" as const),
      scenarioShare: round(f.groups / w.scenarios),
      weight: round(overuseWeight(f.ratio, w.options.pairMinRatio)),
      ratio: round(f.ratio),
      modelPer1k: round(per1k(f.count, w.totals.model)),
      humanPer1k: round(per1k(f.human, w.totals.human)),
    }));
}

/** Hubs with their pair partners, the most covered first. */
function hubEntries(keptPairs: readonly Kept<PairCandidate>[], hubs: Hubs, w: EntryWriter): Collocations["hubs"] {
  const partners = new Map<number, string[]>();
  for (const p of keptPairs) {
    if (hubs.ids.has(p.a)) (partners.get(p.a) ?? partners.set(p.a, []).get(p.a)!).push(w.word(p.b));
    if (hubs.ids.has(p.b)) (partners.get(p.b) ?? partners.set(p.b, []).get(p.b)!).push(w.word(p.a));
  }
  return [...hubs.ids].map((h) => ({ word: w.word(h), share: round(hubs.share(h)), partners: partners.get(h) ?? [] })).sort((x, y) => y.share - x.share);
}

/** Words the model uses far more often than humans, in enough scenarios. */
function excessWords(words: WordCounts, w: EntryWriter): WordEntry[] {
  const minExcessGroups = Math.ceil(w.options.excessMinScenarioShare * w.scenarios);
  const out: WordEntry[] = [];
  for (const [id, count, groups] of words.model.entries()) {
    if (groups < minExcessGroups) continue;
    const human = words.human.count(id);
    const ratio = rateRatio(count, w.totals.model, human, w.totals.human);
    if (ratio < w.options.excessMinRatio) continue;
    out.push({
      word: w.word(id),
      scenarioShare: round(groups / w.scenarios),
      weight: round(overuseWeight(ratio, w.options.pairMinRatio)),
      ratio: round(ratio),
      modelPer1k: round(per1k(count, w.totals.model)),
      humanPer1k: round(per1k(human, w.totals.human)),
    });
  }
  out.sort((x, y) => y.modelPer1k * Math.log2(y.ratio) - x.modelPer1k * Math.log2(x.ratio));
  return out.slice(0, w.options.maxExcessWords);
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
const round = (x: number): number => Math.round(x * 10000) / 10000;
