// Counting for the interpolated modified Kneser–Ney trigram model (Chen & Goodman 1998, §3.5 and
// §4.1.6). Token ids are small integers, so an n-gram is packed into one exact float64 key
// ((u·V + v)·V + w < 2^53 for V < 200,000) and counting is a sort plus a run-length pass over typed
// arrays: fast, and the sorted order is exactly the compressed-sparse-row layout the model reads.

export const BOS = 0;
export const EOS = 1;
export const UNK = 2;

/** One order of the model: successors of each context, in sorted CSR form. */
export interface OrderTable {
  /** Context keys (trigram: u·V+v; bigram: v), sorted ascending. */
  contextKeys: Float64Array;
  /** contextStart[i]..contextStart[i+1] index the successors of context i. */
  contextStart: Uint32Array;
  /** Successor ids, ascending within each context. */
  words: Uint32Array;
  /** Raw counts (trigram) or continuation counts (bigram). */
  counts: Uint32Array;
  /** Modified KN discounts D1, D2, D3+. */
  discounts: [number, number, number];
}

export interface NgramTables {
  vocabSize: number;
  /**
   * History class of each type: " word" and "word" share one history, so "The jury" at a text start
   * uses the counts of " the jury" mid-text. Predictions still tell the two apart.
   */
  historyOf: Uint32Array;
  trigram: OrderTable;
  bigram: OrderTable;
  /** Continuation counts N1+(· w) per word. */
  unigramCounts: Uint32Array;
  unigramDiscount: number;
}

function sortedRuns(keys: Float64Array): { keys: Float64Array; counts: Uint32Array } {
  keys.sort();
  let distinct = 0;
  for (let i = 0; i < keys.length; i++) if (i === 0 || keys[i] !== keys[i - 1]) distinct++;
  const outKeys = new Float64Array(distinct);
  const outCounts = new Uint32Array(distinct);
  let j = -1;
  for (let i = 0; i < keys.length; i++) {
    if (i === 0 || keys[i] !== keys[i - 1]) outKeys[++j] = keys[i];
    outCounts[j]++;
  }
  return { keys: outKeys, counts: outCounts };
}

/** Chen & Goodman's estimates from counts-of-counts n1..n4 (eq. 26). */
export function modifiedDiscounts(counts: Uint32Array): [number, number, number] {
  const n = [0, 0, 0, 0, 0];
  for (const c of counts) if (c <= 4) n[c]++;
  const y = n[1] / (n[1] + 2 * n[2]);
  const clamp = (d: number, max: number): number => (Number.isFinite(d) ? Math.min(Math.max(d, 0.05), max) : 0.5);
  return [clamp(1 - 2 * y * (n[2] / n[1]), 1), clamp(2 - 3 * y * (n[3] / n[2]), 2), clamp(3 - 4 * y * (n[4] / n[3]), 3)];
}

function toOrderTable(keys: Float64Array, counts: Uint32Array, V: number): OrderTable {
  const contextKeys: number[] = [];
  const starts: number[] = [];
  const words = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const ctx = Math.floor(keys[i] / V);
    words[i] = keys[i] - ctx * V;
    if (contextKeys.length === 0 || contextKeys[contextKeys.length - 1] !== ctx) {
      contextKeys.push(ctx);
      starts.push(i);
    }
  }
  starts.push(keys.length);
  return {
    contextKeys: Float64Array.from(contextKeys),
    contextStart: Uint32Array.from(starts),
    words,
    counts,
    discounts: modifiedDiscounts(counts),
  };
}

/** Build the count tables from id sequences that already start with BOS BOS. */
export function countNgrams(sequences: Uint32Array[], vocabSize: number, historyOf: Uint32Array): NgramTables {
  const V = vocabSize;
  const h = historyOf;
  let total = 0;
  for (const s of sequences) total += Math.max(0, s.length - 2);
  const triKeys = new Float64Array(total);
  let at = 0;
  for (const s of sequences) for (let i = 2; i < s.length; i++) triKeys[at++] = (h[s[i - 2]] * V + h[s[i - 1]]) * V + s[i];
  const tri = sortedRuns(triKeys);

  // Continuation counts: N1+(· v w) is the number of distinct trigram types ending in (v, w).
  const biKeys = new Float64Array(tri.keys.length);
  for (let i = 0; i < tri.keys.length; i++) biKeys[i] = tri.keys[i] % (V * V);
  const bi = sortedRuns(biKeys);

  const unigramCounts = new Uint32Array(V);
  for (let i = 0; i < bi.keys.length; i++) unigramCounts[bi.keys[i] % V]++;
  return {
    vocabSize: V,
    historyOf,
    trigram: toOrderTable(tri.keys, tri.counts, V),
    bigram: toOrderTable(bi.keys, bi.counts, V),
    unigramCounts,
    unigramDiscount: modifiedDiscounts(unigramCounts)[0],
  };
}
