// Trains the embedded LM from the corpus: tokenize, build the vocabulary (lower-cased types seen at
// least twice), count n-grams, shapes and unknown-word spellings, then tune the cache weight by EM
// on the tuning half of the held-out documents and measure perplexities on the test half.
import { countWords, type Corpus } from "./corpus.js";
import { CaseCounter } from "./case-model.js";
import { flagAfter } from "./casing.js";
import { EmbeddedLm, EOS_TOKEN, type LmData, type MixtureWeights } from "./lm.js";
import { BOS, UNK, countNgrams } from "./ngram-tables.js";
import { countSpellings } from "./spelling.js";
import { pretokenize } from "./tokenizer.js";

const MIN_COUNT = 2;
/** Trigger weight, set by design: see docs/embedded-models.md. */
export const TRIGGER_WEIGHT = 0.05;
/** Evaluation windows: held-out documents are cut into prompts of this many tokens. */
export const EVAL_WINDOW = 256;

export interface PerplexityReport {
  tokens: number;
  windows: number;
  /** Out-of-vocabulary tokens among them (scored through <unk> × spelling). */
  unknownTokens: number;
  /** Open-vocabulary per-token perplexities over exact surface tokens (case and spelling included). */
  unigram: number;
  kneserNey: number;
  kneserNeyWithCache: number;
  /** Closed-vocabulary perplexities over lower-cased types, <unk> as one type (comparable to textbook n-gram figures). */
  typesUnigram: number;
  typesKneserNey: number;
}

export interface BuildReport {
  trainWords: number;
  trainTokens: number;
  vocabularyTypes: number;
  trigramTypes: number;
  discounts: { trigram: number[]; bigram: number[]; unigram: number };
  weights: MixtureWeights;
  tuneTokens: number;
  heldOut: PerplexityReport;
}

export function trainLm(corpus: Corpus): { data: LmData; report: BuildReport } {
  const docs = corpus.train.map((d) => pretokenize(d.text));
  const typeCounts = new Map<string, number>();
  let trainTokens = 0;
  for (const doc of docs) {
    trainTokens += doc.length;
    for (const tok of doc) {
      const lower = tok.toLowerCase();
      typeCounts.set(lower, (typeCounts.get(lower) ?? 0) + 1);
    }
  }
  const types = ["<s>", EOS_TOKEN, "<unk>"];
  const rare: string[] = [];
  for (const [type, count] of [...typeCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (count >= MIN_COUNT) types.push(type);
    else rare.push(type);
  }
  // Every " word" needs a bare "word" type to share its history class (see NgramTables.historyOf).
  const known = new Set(types);
  for (const type of types.slice()) {
    const bare = type.slice(1);
    if (/^ \S/.test(type) && !known.has(bare)) {
      known.add(bare);
      types.push(bare);
    }
  }
  const index = new Map(types.map((t, i) => [t, i]));
  const historyOf = Uint32Array.from(types, (t, i) => (/^ \S/.test(t) ? (index.get(t.slice(1)) as number) : i));
  const caseCounter = new CaseCounter();
  const sequences = docs.map((doc) => {
    // No end-of-text token: prompts never end there, and its mass would be taken from real tokens.
    const ids = new Uint32Array(doc.length + 2);
    ids[0] = BOS;
    ids[1] = BOS;
    let prev: string | null = null;
    doc.forEach((tok, i) => {
      const id = index.get(tok.toLowerCase());
      ids[i + 2] = id ?? UNK;
      caseCounter.add(id ?? null, tok, flagAfter(prev));
      prev = tok;
    });
    return ids;
  });
  const tables = countNgrams(sequences, types.length, historyOf);
  const data: LmData = {
    types,
    tables,
    caseData: caseCounter.finish(types.length),
    spelling: countSpellings(rare),
    weights: { cache: 0.05, cacheRamp: 0, trigger: TRIGGER_WEIGHT },
  };
  const tuneWindows = windows(corpus.tune.map((d) => d.text));
  Object.assign(data.weights, tuneCacheWeight(data, tuneWindows));
  const lm = new EmbeddedLm(data);
  const report: BuildReport = {
    trainWords: countWords(corpus.train.map((d) => d.text)),
    trainTokens,
    vocabularyTypes: types.length,
    trigramTypes: tables.trigram.words.length,
    discounts: { trigram: tables.trigram.discounts, bigram: tables.bigram.discounts, unigram: tables.unigramDiscount },
    weights: data.weights,
    tuneTokens: tuneWindows.reduce((n, w) => n + w.length, 0),
    heldOut: heldOutPerplexity(lm, data, windows(corpus.test.map((d) => d.text))),
  };
  return { data, report };
}

/** Cut documents into token windows; each window is scored as one prompt (cache starts empty). */
export function windows(texts: string[], size = EVAL_WINDOW): string[][] {
  const out: string[][] = [];
  for (const text of texts) {
    const toks = pretokenize(text);
    for (let i = 0; i + 1 < toks.length; i += size) out.push(toks.slice(i, i + size));
  }
  return out;
}

/**
 * Tunes the cache weight λ and its ramp on the tuning windows by maximum likelihood: for each ramp on
 * a grid, the log-likelihood Σ log((1 − λ·g_i)·Pn_i + λ·g_i·Pc_i), g_i = N_i/(N_i + ramp), is concave
 * in λ, so bisection on its derivative finds the best λ; the ramp with the highest likelihood wins.
 */
function tuneCacheWeight(data: LmData, tuneWindows: string[][]): { cache: number; cacheRamp: number } {
  const lm = new EmbeddedLm({ ...data, weights: { cache: 0, cacheRamp: 0, trigger: 0 } });
  const pn: number[] = [];
  const pc: number[] = [];
  const seen: number[] = [];
  for (const win of tuneWindows) {
    const ng = lm.scoreTokens(win).logprobs;
    const cache = new Map<string, number>();
    win.forEach((tok, i) => {
      if (i > 0) {
        pn.push(Math.exp(ng[i]));
        pc.push((cache.get(tok) ?? 0) / i);
        seen.push(i);
      }
      cache.set(tok, (cache.get(tok) ?? 0) + 1);
    });
  }
  let best = { cache: 0, cacheRamp: 0, loglik: -Infinity };
  for (const ramp of [0, 5, 10, 20, 50, 100, 200, 400]) {
    const g = seen.map((n) => n / (n + ramp));
    const slope = (lambda: number): number => {
      let d = 0;
      for (let i = 0; i < pn.length; i++) d += (g[i] * (pc[i] - pn[i])) / (pn[i] + lambda * g[i] * (pc[i] - pn[i]));
      return d;
    };
    let lo = 0;
    let hi = 0.999;
    for (let iter = 0; iter < 50; iter++) {
      const mid = (lo + hi) / 2;
      if (slope(mid) > 0) lo = mid;
      else hi = mid;
    }
    const lambda = (lo + hi) / 2;
    let loglik = 0;
    for (let i = 0; i < pn.length; i++) loglik += Math.log((1 - lambda * g[i]) * pn[i] + lambda * g[i] * pc[i]);
    if (loglik > best.loglik) best = { cache: lambda, cacheRamp: ramp, loglik };
  }
  return { cache: best.cache, cacheRamp: best.cacheRamp };
}

/** Per-token perplexity over held-out windows (every token scored, the first from an empty prompt). */
function heldOutPerplexity(lm: EmbeddedLm, data: LmData, testWindows: string[][]): PerplexityReport {
  const plain = new EmbeddedLm({ ...data, weights: { cache: 0, cacheRamp: 0, trigger: 0 } });
  const unigram = unigramScorer(data);
  const typeUnigram = unigramTypeProbs(data);
  let n = 0;
  let unknown = 0;
  let kn = 0;
  let knCache = 0;
  let uni = 0;
  let typesKn = 0;
  let typesUni = 0;
  for (const win of testWindows) {
    const a = plain.scoreTokens(win).logprobs;
    const b = lm.scoreTokens(win).logprobs;
    let u = BOS;
    let v = BOS;
    for (let i = 0; i < win.length; i++) {
      const type = plain.typeOf(win[i]);
      if (type === UNK) unknown++;
      kn += a[i];
      knCache += b[i];
      uni += unigram(win[i]);
      typesKn += Math.log(plain.ngram.prob(u, v, type));
      typesUni += Math.log(typeUnigram[type]);
      u = v;
      v = type;
      n++;
    }
  }
  const ppl = (lp: number): number => Math.exp(-lp / n);
  return {
    tokens: n,
    windows: testWindows.length,
    unknownTokens: unknown,
    unigram: ppl(uni),
    kneserNey: ppl(kn),
    kneserNeyWithCache: ppl(knCache),
    typesUnigram: ppl(typesUni),
    typesKneserNey: ppl(typesKn),
  };
}

/** Add-one unigram probabilities of the training types (BOS excluded). */
function unigramTypeProbs(data: LmData): Float64Array {
  const counts = new Float64Array(data.types.length);
  const t = data.tables.trigram;
  for (let i = 0; i < t.words.length; i++) counts[t.words[i]] += t.counts[i];
  counts[BOS] = 0;
  let total = 0;
  for (let w = 0; w < counts.length; w++) if (w !== BOS) total += counts[w] + 1;
  return Float64Array.from(counts, (c, w) => (w === BOS ? 0 : (c + 1) / total));
}

/**
 * The baseline: a unigram model over the same vocabulary (add-one relative frequencies of the
 * training tokens), with the same case and spelling models, so the only difference is context.
 */
export function unigramScorer(data: LmData): (token: string) => number {
  const lm = new EmbeddedLm({ ...data, weights: { cache: 0, cacheRamp: 0, trigger: 0 } });
  const probs = unigramTypeProbs(data);
  return (token) => {
    const type = lm.typeOf(token);
    // The same case and spelling factor as the LM: the n-gram probability divided by its type part.
    return Math.log(probs[type]) + Math.log(lm.ngramProb(BOS, BOS, 1, token) / lm.ngram.prob(BOS, BOS, type));
  };
}
