// The typed-array tables the prose terms look pairs and windows up in: they must answer as the Map and
// Set they replaced (same keys, last set wins), including across growth and reuse between replies.
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { IntPairTable } from "../../src/terms/prose/int-pair-table.js";
import { repeatedShare } from "../../src/terms/prose/repetition-guard.js";
import type { Scan } from "../../src/text/scan.js";

/** The project's seeded generator (mulberry32), so the test draws the same sequences every run. */
const rng = (seed: number): (() => number) => {
  const g = createRng(seed);
  return () => g.next();
};

const scanOf = (ids: number[]): Scan => ({
  n: ids.length,
  surface: Int32Array.from(ids),
  lemma: new Int32Array(ids.length),
  flags: new Int32Array(ids.length),
  sentence: new Int32Array(ids.length),
  start: new Int32Array(ids.length),
  sentences: 1,
});

/** The share with each window's ids as a string key: what the hashed table must agree with. */
function referenceShare(ids: number[], n = 6): number {
  const windows = ids.length - n + 1;
  if (windows <= 1) return 0;
  const seen = new Set<string>();
  let repeated = 0;
  for (let i = 0; i < windows; i++) {
    const key = ids.slice(i, i + n).join(",");
    if (seen.has(key)) repeated++;
    else seen.add(key);
  }
  return repeated / windows;
}

describe("IntPairTable", () => {
  it("answers as a Map keyed by the pair, the last set winning", () => {
    const draw = rng(7);
    const table = new IntPairTable<number>(500);
    const map = new Map<string, number>();
    for (let k = 0; k < 500; k++) {
      const a = Math.floor(draw() * 40) - 5;
      const b = Math.floor(draw() * 40);
      table.set(a, b, k);
      map.set(`${a},${b}`, k);
    }
    expect(table.size).toBe(map.size);
    for (let a = -5; a < 35; a++) for (let b = 0; b < 40; b++) expect(table.get(a, b)).toBe(map.get(`${a},${b}`));
    expect(table.get(2 ** 30, 3)).toBeUndefined();
  });

  it("refuses more keys than it was sized for", () => {
    const table = new IntPairTable<number>(1);
    for (let k = 0; k < 8; k++) table.set(k, k, k);
    expect(() => {
      for (let k = 8; k < 64; k++) table.set(k, k, k);
    }).toThrow(/over capacity/);
  });
});

describe("repeatedShare's window table", () => {
  it("agrees with string keys on short and long replies, one after another", () => {
    const draw = rng(11);
    // Lengths from none to well past the table's first size (4,096 slots), with few distinct ids so
    // windows repeat; then short again, so a grown and reused table is checked too.
    for (const length of [0, 5, 6, 7, 50, 300, 3000, 9000, 40, 12]) {
      const vocabulary = 2 + Math.floor(draw() * 6);
      const ids = Array.from({ length }, () => Math.floor(draw() * vocabulary));
      expect(repeatedShare(scanOf(ids))).toBe(referenceShare(ids));
    }
  });
});
