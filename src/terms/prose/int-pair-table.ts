// A map from a pair of small non-negative integers (lemma ids) to a value, in typed arrays with open
// addressing: the slop term looks pairs up for every content word, and a Map keyed by a * 2^21 + b
// hashes a heap number per lookup. Built once per compiled dictionary; `set` on a present key
// replaces its value, as Map.set did.
export class IntPairTable<T> {
  private mask: number;
  private a: Int32Array;
  private b: Int32Array;
  /** Index + 1 into `values`; 0 = empty slot. */
  private slot: Int32Array;
  private values: T[] = [];

  constructor(capacity: number) {
    let size = 16;
    while (size < 2 * capacity) size *= 2;
    this.mask = size - 1;
    this.a = new Int32Array(size);
    this.b = new Int32Array(size);
    this.slot = new Int32Array(size);
  }

  get size(): number {
    return this.values.length;
  }

  private find(a: number, b: number): number {
    let k = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
    k = (k ^ (k >>> 15)) & this.mask;
    while (this.slot[k] !== 0 && (this.a[k] !== a || this.b[k] !== b)) k = (k + 1) & this.mask;
    return k;
  }

  set(a: number, b: number, value: T): void {
    const k = this.find(a, b);
    if (this.slot[k] !== 0) {
      this.values[this.slot[k] - 1] = value;
      return;
    }
    if (2 * (this.values.length + 1) > this.mask + 1) throw new Error("IntPairTable: over capacity");
    this.values.push(value);
    this.a[k] = a;
    this.b[k] = b;
    this.slot[k] = this.values.length;
  }

  get(a: number, b: number): T | undefined {
    const k = this.find(a, b);
    const s = this.slot[k];
    return s === 0 ? undefined : this.values[s - 1];
  }
}
