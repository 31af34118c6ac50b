// Counting tables for mining: a numeric key (word, pair or n-gram packed into a double) maps to a slot
// with a total count and a document frequency over scenarios. Typed arrays rather than objects per
// key keep millions of pairs within a few hundred MB and fast to update.

export class KeyCounter {
  private readonly slots = new Map<number, number>();
  private counts = new Float64Array(1 << 16);
  private df = new Int32Array(1 << 16);
  private last = new Int32Array(1 << 16).fill(-1);
  size = 0;

  /** Adds one occurrence of key in group `group` (groups must arrive in non-decreasing order). */
  add(key: number, group: number): void {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.size++;
      if (slot === this.counts.length) this.grow();
      this.slots.set(key, slot);
    }
    this.counts[slot]++;
    if (this.last[slot] !== group) {
      this.last[slot] = group;
      this.df[slot]++;
    }
  }

  count(key: number): number {
    const slot = this.slots.get(key);
    return slot === undefined ? 0 : this.counts[slot];
  }

  groups(key: number): number {
    const slot = this.slots.get(key);
    return slot === undefined ? 0 : this.df[slot];
  }

  *entries(): IterableIterator<[key: number, count: number, groups: number]> {
    for (const [key, slot] of this.slots) yield [key, this.counts[slot], this.df[slot]];
  }

  private grow(): void {
    const cap = this.counts.length * 2;
    const counts = new Float64Array(cap);
    counts.set(this.counts);
    const df = new Int32Array(cap);
    df.set(this.df);
    const last = new Int32Array(cap).fill(-1);
    last.set(this.last);
    this.counts = counts;
    this.df = df;
    this.last = last;
  }
}

/** Counts for only a fixed set of keys (e.g. candidate pairs looked up in the human corpus). */
export class KeySetCounter {
  private readonly counts = new Map<number, number>();
  constructor(keys: Iterable<number>) {
    for (const k of keys) this.counts.set(k, 0);
  }
  has(key: number): boolean {
    return this.counts.has(key);
  }
  add(key: number): void {
    const c = this.counts.get(key);
    if (c !== undefined) this.counts.set(key, c + 1);
  }
  count(key: number): number {
    return this.counts.get(key) ?? 0;
  }
}
