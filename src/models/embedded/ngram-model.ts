// Interpolated modified Kneser–Ney trigram probabilities over lower-cased token types
// (Chen & Goodman 1998, eq. 17 with the three-discount variant):
//   P3(w|u,v) = (max(c(uvw) − D(c), 0) + γ(uv)·P2(w|v)) / c(uv·)
//   P2(w|v)   = (max(N1+(·vw) − D(·), 0) + γ(v)·P1(w)) / N1+(·v·)
//   P1(w)     = max(N1+(·w) − D, 0) / N1+(··) + (D·|{w: N1+(·w)>0}| / N1+(··)) / (V − 1)
// with γ = D1·N1 + D2·N2 + D3·N3+ over the context's successors. Each level sums to 1 over the
// vocabulary (BOS excluded), so the whole is a proper distribution. An unseen context backs off to
// the next level with weight 1.
import { BOS, type NgramTables, type OrderTable } from "./ngram-tables.js";

const ORDER_CACHE_LIMIT = 100_000;

interface LevelIndex {
  table: OrderTable;
  total: Float64Array;
  gamma: Float64Array;
}

function indexLevel(table: OrderTable): LevelIndex {
  const n = table.contextKeys.length;
  const total = new Float64Array(n);
  const gamma = new Float64Array(n);
  const [d1, d2, d3] = table.discounts;
  for (let i = 0; i < n; i++) {
    let t = 0;
    let g = 0;
    for (let j = table.contextStart[i]; j < table.contextStart[i + 1]; j++) {
      const c = table.counts[j];
      t += c;
      g += c === 1 ? d1 : c === 2 ? d2 : d3;
    }
    total[i] = t;
    gamma[i] = g / t;
  }
  return { table, total, gamma };
}

function discount(table: OrderTable, c: number): number {
  return c === 1 ? table.discounts[0] : c === 2 ? table.discounts[1] : table.discounts[2];
}

/** Index of context `key` in a table's sorted context keys, or -1 (a binary search: no per-context Map to build or hold). */
function findContext(keys: Float64Array, key: number): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid];
    if (k === key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Index of `word` among the successors of context `ctx`, or -1. */
function findWord(table: OrderTable, ctx: number, word: number): number {
  let lo = table.contextStart[ctx];
  let hi = table.contextStart[ctx + 1] - 1;
  const words = table.words;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const w = words[mid];
    if (w === word) return mid;
    if (w < word) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export interface TypeCandidate {
  type: number;
  prob: number;
}

export class NgramModel {
  readonly vocabSize: number;
  private readonly historyOf: Uint32Array;
  private readonly tri: LevelIndex;
  private readonly bi: LevelIndex;
  private readonly biIndex: Int32Array;
  readonly unigram: Float64Array;
  /** Types sorted by P1, most probable first. */
  private readonly unigramOrder: Uint32Array;
  private readonly bigramOrder = new Map<number, { types: Uint32Array; probs: Float64Array }>();
  private readonly countOrder = new Map<number, Uint32Array>();

  constructor(tables: NgramTables) {
    const V = (this.vocabSize = tables.vocabSize);
    this.historyOf = tables.historyOf;
    this.tri = indexLevel(tables.trigram);
    this.bi = indexLevel(tables.bigram);
    this.biIndex = new Int32Array(V).fill(-1);
    tables.bigram.contextKeys.forEach((v, i) => (this.biIndex[v] = i));

    const c1 = tables.unigramCounts;
    let total = 0;
    let nonzero = 0;
    for (let w = 0; w < V; w++) {
      if (w === BOS) continue;
      total += c1[w];
      if (c1[w] > 0) nonzero++;
    }
    const d = tables.unigramDiscount;
    const floor = (d * nonzero) / total / (V - 1);
    this.unigram = new Float64Array(V);
    for (let w = 0; w < V; w++) this.unigram[w] = w === BOS ? 0 : Math.max(c1[w] - d, 0) / total + floor;
    this.unigramOrder = Uint32Array.from({ length: V }, (_, i) => i).sort((a, b) => this.unigram[b] - this.unigram[a]);
  }

  private bigramProb(v: number, w: number): number {
    const p1 = this.unigram[w];
    const ctx = this.biIndex[v];
    if (ctx < 0) return p1;
    const j = findWord(this.bi.table, ctx, w);
    const c = j < 0 ? 0 : this.bi.table.counts[j];
    return (c > 0 ? (c - discount(this.bi.table, c)) / this.bi.total[ctx] : 0) + this.bi.gamma[ctx] * p1;
  }

  prob(u: number, v: number, w: number): number {
    if (w === BOS) return 0;
    u = this.historyOf[u];
    v = this.historyOf[v];
    const p2 = this.bigramProb(v, w);
    const ctx = findContext(this.tri.table.contextKeys, u * this.vocabSize + v);
    if (ctx < 0) return p2;
    const j = findWord(this.tri.table, ctx, w);
    const c = j < 0 ? 0 : this.tri.table.counts[j];
    return (c > 0 ? (c - discount(this.tri.table, c)) / this.tri.total[ctx] : 0) + this.tri.gamma[ctx] * p2;
  }

  /** Indices of a trigram context's successors by decreasing count, built once per context. */
  private byCount(ctx: number): Uint32Array {
    let order = this.countOrder.get(ctx);
    if (order) return order;
    const t = this.tri.table;
    const start = t.contextStart[ctx];
    order = Uint32Array.from({ length: t.contextStart[ctx + 1] - start }, (_, i) => start + i).sort((a, b) => t.counts[b] - t.counts[a] || a - b);
    if (this.countOrder.size >= ORDER_CACHE_LIMIT) this.countOrder.clear();
    this.countOrder.set(ctx, order);
    return order;
  }

  /** Bigram successors of v sorted by P2, built once per v. */
  private sortedBigram(v: number): { types: Uint32Array; probs: Float64Array } {
    let entry = this.bigramOrder.get(v);
    if (entry) return entry;
    const ctx = this.biIndex[v];
    if (ctx < 0) entry = { types: new Uint32Array(0), probs: new Float64Array(0) };
    else {
      const t = this.bi.table;
      const types = t.words.slice(t.contextStart[ctx], t.contextStart[ctx + 1]);
      const probs = Float64Array.from(types, (w) => this.bigramProb(v, w));
      const order = Uint32Array.from(types.keys()).sort((a, b) => probs[b] - probs[a]);
      entry = { types: Uint32Array.from(order, (i) => types[i]), probs: Float64Array.from(order, (i) => probs[i]) };
    }
    this.bigramOrder.set(v, entry);
    return entry;
  }

  /**
   * Visit types in an order that lets the caller stop early: first the trigram successors of (u, v)
   * with exact probabilities, then the remaining types in decreasing order of probability (their P3
   * is γ(uv)·P2, and P2 of non-successors of v is γ(v)·P1, so the sorted bigram list and the sorted
   * unigram list give that order). `visit` returns the probability below which nothing is needed any
   * more; the walk stops once the next type cannot reach it.
   */
  walkTypes(u: number, v: number, visit: (type: number, prob: number) => number): void {
    u = this.historyOf[u];
    v = this.historyOf[v];
    const ctx = findContext(this.tri.table.contextKeys, u * this.vocabSize + v);
    let triGamma = 1;
    let threshold = 0;
    const sorted = this.sortedBigram(v);
    const biCtx = this.biIndex[v];
    if (ctx >= 0) {
      const t = this.tri.table;
      const total = this.tri.total[ctx];
      triGamma = this.tri.gamma[ctx];
      // Successors by decreasing count: P3 ≤ (c − D(c))/c(uv·) + γ(uv)·max P2, and c − D(c) grows
      // with c, so the walk can stop at the first successor whose bound cannot beat the threshold.
      const p2Max = Math.max(sorted.probs.length ? sorted.probs[0] : 0, (biCtx < 0 ? 1 : this.bi.gamma[biCtx]) * this.unigram[this.unigramOrder[0]]);
      for (const j of this.byCount(ctx)) {
        const c = t.counts[j];
        const direct = (c - discount(t, c)) / total;
        if (direct + triGamma * p2Max <= threshold) break;
        threshold = visit(t.words[j], direct + triGamma * this.bigramProb(v, t.words[j]));
      }
    }
    const isTrigramSuccessor = (w: number): boolean => ctx >= 0 && findWord(this.tri.table, ctx, w) >= 0;
    for (let i = 0; i < sorted.types.length; i++) {
      const p = triGamma * sorted.probs[i];
      if (p <= threshold) break;
      const w = sorted.types[i];
      if (!isTrigramSuccessor(w)) threshold = visit(w, p);
    }
    const scale = triGamma * (biCtx < 0 ? 1 : this.bi.gamma[biCtx]);
    for (let i = 0; i < this.unigramOrder.length; i++) {
      const w = this.unigramOrder[i];
      const p = scale * this.unigram[w];
      if (p <= threshold) break;
      if (isTrigramSuccessor(w) || (biCtx >= 0 && findWord(this.bi.table, biCtx, w) >= 0)) continue;
      threshold = visit(w, p);
    }
  }
}
