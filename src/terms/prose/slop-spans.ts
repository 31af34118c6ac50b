// One reply's slop hits (slop.ts finds them): word spans merged into clichés, each cliché its strongest
// entry, and the clichés saturated per hub (BM25). Typed arrays reused from reply to reply, since a
// span object per hit and a Map of lists per reply were most of what the term allocated (issue 20);
// the order of every sort and sum is the one the object version had, so the density has the same bits.
import { saturationIncrement } from "./calibration.js";

export interface SlopEntry {
  weight: number;
  /** Saturation group: hub lemma id, or a negative id unique to the entry. */
  group: number;
  kind: number;
  label: string;
}

/** Replies up to this many words share one scratch; a longer one gets its own, so the shared one stays small in a long-running server. */
const SHARED_WORDS = 20_000;

/** The shared scratch, emptied (or a fresh one for a reply of more than SHARED_WORDS words). */
export function scratchFor(words: number): SlopSpans {
  const s = words <= SHARED_WORDS ? SHARED : new SlopSpans();
  s.n = 0;
  s.wordSpans = -1;
  return s;
}

export class SlopSpans {
  n = 0;
  /** Spans pushed word by word, before the opener spans (set by endWordSpans). */
  wordSpans = -1;
  from = new Int32Array(64);
  to = new Int32Array(64);
  entry: SlopEntry[] = [];
  /** The clichés, after cluster(). */
  clusters: SlopEntry[] = [];
  clusterCount = 0;
  /** Scratch for a template's lemmas (slop.ts openerTemplateAt). */
  template: number[] = [];
  private order = new Int32Array(64);
  private runA = new Int32Array(64);
  private runB = new Int32Array(64);
  private slot = new Int32Array(64);
  private starts = new Int32Array(65);
  private weights = new Float64Array(64);
  private groups = new GroupSlots();

  constructor() {
    // The scratch that grows is stored a second time: V8 takes a field stored only once for a constant
    // and ties the optimized code that reads it to that, so the first long reply that grew one threw
    // away every function that had read it (cluster, sorted, saturate, measureSlop).
    this.from = new Int32Array(64);
    this.to = new Int32Array(64);
    this.order = new Int32Array(64);
    this.runA = new Int32Array(64);
    this.runB = new Int32Array(64);
    this.slot = new Int32Array(64);
    this.starts = new Int32Array(65);
    this.weights = new Float64Array(64);
  }

  push(from: number, to: number, entry: SlopEntry): void {
    if (this.n === this.from.length) {
      this.from = grown(this.from, this.n * 2);
      this.to = grown(this.to, this.n * 2);
    }
    this.from[this.n] = from;
    this.to[this.n] = to;
    this.entry[this.n] = entry;
    this.n++;
  }

  endWordSpans(): void {
    this.wordSpans = this.n;
  }

  /** Merge overlapping spans into clichés of at most `maxWords` words, each keeping its strongest entry; returns their number. */
  cluster(maxWords: number): number {
    this.clusterCount = 0;
    if (this.n === 0) return 0;
    const order = this.sorted();
    const { from, to, entry, clusters } = this;
    let count = 0;
    let start = from[order[0]];
    let end = to[order[0]];
    let best = entry[order[0]];
    for (let k = 1; k < this.n; k++) {
      const s = order[k];
      if (from[s] <= end && Math.max(end, to[s]) - start < maxWords) {
        if (to[s] > end) end = to[s];
        if (entry[s].weight > best.weight) best = entry[s];
      } else {
        clusters[count++] = best;
        start = from[s];
        end = to[s];
        best = entry[s];
      }
    }
    clusters[count++] = best;
    this.clusterCount = count;
    return count;
  }

  /**
   * Strongest hit per saturation group counts in full; each further hit adds its BM25 increment.
   * Groups are summed in the order they first occur and each group's weights strongest first: the
   * order of the Map of per-group lists this replaced, so the same additions in the same order.
   */
  saturate(k1: number): number {
    const count = this.clusterCount;
    if (count === 0) return 0;
    const { clusters } = this;
    const groups = this.groups.reset(count);
    if (this.slot.length < count) this.slot = new Int32Array(2 * count);
    if (this.weights.length < count) this.weights = new Float64Array(2 * count);
    const { slot, weights } = this;
    for (let k = 0; k < count; k++) slot[k] = groups.slotOf(clusters[k].group);
    const slots = groups.size;
    if (this.starts.length <= slots) this.starts = new Int32Array(2 * slots + 1);
    const starts = this.starts;
    // Counting sort by group: starts[g] is where group g begins, then (after placing) where it ends.
    starts.fill(0, 0, slots + 1);
    for (let k = 0; k < count; k++) starts[slot[k] + 1]++;
    for (let g = 0; g < slots; g++) starts[g + 1] += starts[g];
    for (let k = 0; k < count; k++) weights[starts[slot[k]]++] = clusters[k].weight;
    let total = 0;
    let lo = 0;
    for (let g = 0; g < slots; g++) {
      const hi = starts[g];
      for (let k = lo + 1; k < hi; k++) {
        const w = weights[k];
        let at = k;
        while (at > lo && w > weights[at - 1]) {
          weights[at] = weights[at - 1];
          at--;
        }
        weights[at] = w;
      }
      for (let k = lo; k < hi; k++) total += weights[k] * saturationIncrement(k - lo + 1, k1);
      lo = hi;
    }
    return total;
  }

  /**
   * Span indices in the order a stable sort by (start ascending, end descending) gives. The word spans
   * were pushed word by word and the opener spans opener by opener, so each run is out of order by a
   * few places only: an insertion sort per run, then a merge that takes the word span on a tie.
   */
  private sorted(): Int32Array {
    const { n } = this;
    const main = this.wordSpans < 0 ? n : this.wordSpans;
    if (this.order.length < n) this.order = new Int32Array(2 * n);
    if (main === n) {
      this.insertionSort(0, n, this.order);
      return this.order;
    }
    if (this.runA.length < main) this.runA = new Int32Array(2 * main);
    if (this.runB.length < n - main) this.runB = new Int32Array(2 * (n - main));
    const { runA: a, runB: b, order } = this;
    this.insertionSort(0, main, a);
    this.insertionSort(main, n, b);
    let x = 0;
    let y = 0;
    for (let k = 0; k < n; k++) order[k] = y >= n - main || (x < main && !this.before(b[y], a[x])) ? a[x++] : b[y++];
    return order;
  }

  private before(a: number, b: number): boolean {
    const { from, to } = this;
    return from[a] < from[b] || (from[a] === from[b] && to[a] > to[b]);
  }

  /** Spans lo … hi − 1 into out[0 …], stably sorted. */
  private insertionSort(lo: number, hi: number, out: Int32Array): void {
    for (let k = lo; k < hi; k++) {
      let at = k - lo;
      while (at > 0 && this.before(k, out[at - 1])) {
        out[at] = out[at - 1];
        at--;
      }
      out[at] = k;
    }
  }
}

function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** Saturation groups (int ids) numbered 0, 1, … in the order first seen: open addressing, emptied per reply by a stamp. */
class GroupSlots {
  size = 0;
  private mask = 0;
  private stamp = 0;
  private used = new Int32Array(0);
  private keys = new Int32Array(0);
  private slots = new Int32Array(0);

  reset(capacity: number): this {
    if (2 * capacity > this.used.length || this.stamp === 0x7fffffff) {
      let size = 64;
      while (size < 2 * capacity) size *= 2;
      this.used = new Int32Array(size);
      this.keys = new Int32Array(size);
      this.slots = new Int32Array(size);
      this.mask = size - 1;
      this.stamp = 0;
    }
    this.stamp++;
    this.size = 0;
    return this;
  }

  slotOf(group: number): number {
    for (let k = mix(group) & this.mask; ; k = (k + 1) & this.mask) {
      if (this.used[k] !== this.stamp) {
        this.used[k] = this.stamp;
        this.keys[k] = group;
        this.slots[k] = this.size;
        return this.size++;
      }
      if (this.keys[k] === group) return this.slots[k];
    }
  }
}

function mix(x: number): number {
  const h = Math.imul(x, 0x9e3779b1);
  return h ^ (h >>> 15);
}

const SHARED = new SlopSpans();
