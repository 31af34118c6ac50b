// slop-spans.ts sorts, clusters and saturates a reply's hits in typed arrays (issue 20); the oracle is
// the object version it replaced (a stable Array sort, a Map of per-group lists), and the density must
// have the same bits. Spans are fuzzed as measureSlop pushes them: word spans a few places out of
// order, then opener spans, with ties in position and weight.
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { saturationIncrement } from "../../src/terms/prose/calibration.js";
import { scratchFor, type SlopEntry } from "../../src/terms/prose/slop-spans.js";

interface Span {
  from: number;
  to: number;
  entry: SlopEntry;
}

function oracle(spans: Span[], maxWords: number, k1: number): { clusters: SlopEntry[]; total: number } {
  if (spans.length === 0) return { clusters: [], total: 0 };
  const sorted = [...spans].sort((a, b) => a.from - b.from || b.to - a.to);
  const clusters: SlopEntry[] = [];
  let start = sorted[0].from;
  let end = sorted[0].to;
  let best = sorted[0].entry;
  for (const s of sorted.slice(1)) {
    if (s.from <= end && Math.max(end, s.to) - start < maxWords) {
      if (s.to > end) end = s.to;
      if (s.entry.weight > best.weight) best = s.entry;
    } else {
      clusters.push(best);
      start = s.from;
      end = s.to;
      best = s.entry;
    }
  }
  clusters.push(best);
  const byGroup = new Map<number, number[]>();
  for (const e of clusters) (byGroup.get(e.group) ?? byGroup.set(e.group, []).get(e.group)!).push(e.weight);
  let total = 0;
  for (const weights of byGroup.values()) {
    weights.sort((a, b) => b - a);
    weights.forEach((w, k) => (total += w * saturationIncrement(k + 1, k1)));
  }
  return { clusters, total };
}

describe("slop spans", () => {
  it("cluster and saturate as the object version did, to the bit", () => {
    const g = createRng(20);
    const int = (n: number) => Math.floor(g.next() * n);
    let checked = 0;
    for (let round = 0; round < 3000; round++) {
      const entries: SlopEntry[] = Array.from({ length: 1 + int(12) }, (_, k) => ({ weight: [0.5, 1, 1, 2.25, 0.1 * (1 + int(30))][int(5)], group: int(4) - 2, kind: int(5), label: `e${k}` }));
      const spans: Span[] = [];
      const words = 5 + int(round % 10 === 0 ? 400 : 60);
      for (let i = 0; i < words; i++) {
        if (g.next() < 0.6) continue;
        // As measureSlop pushes them at word i: pairs (i, j > i), frames (i − 1, i), stacks (i − 1, i + 2).
        const kind = int(4);
        const from = kind === 0 ? i : Math.max(0, i - 1);
        const to = kind === 0 ? i + 1 + int(5) : kind === 1 ? i : kind === 2 ? i + 2 : from;
        spans.push({ from, to, entry: entries[int(entries.length)] });
      }
      const wordSpans = spans.length;
      for (let k = 0; k < words; k += 1 + int(8)) {
        if (g.next() < 0.5) spans.push({ from: k, to: k + 1, entry: entries[int(entries.length)] });
        if (g.next() < 0.3) spans.push({ from: k, to: k + 2, entry: entries[int(entries.length)] });
      }
      const s = scratchFor(words);
      for (const [k, sp] of spans.entries()) {
        if (k === wordSpans) s.endWordSpans();
        s.push(sp.from, sp.to, sp.entry);
      }
      if (wordSpans === spans.length) s.endWordSpans();
      const maxWords = 4 + int(6);
      const expected = oracle(spans, maxWords, 1.2);
      const count = s.cluster(maxWords);
      expect(s.clusters.slice(0, count)).toEqual(expected.clusters);
      expect(Object.is(s.saturate(1.2), expected.total)).toBe(true);
      if (expected.clusters.length > 3) checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("gives a long reply its own scratch, so the shared one keeps a bounded size", () => {
    const shared = scratchFor(100);
    expect(scratchFor(20_000)).toBe(shared);
    const own = scratchFor(20_001);
    expect(own).not.toBe(shared);
    for (let k = 0; k < 50_000; k++) own.push(k, k, { weight: 1, group: k, kind: 0, label: "x" });
    expect(own.cluster(8)).toBe(50_000);
    expect(scratchFor(100).from.length).toBeLessThan(50_000);
  });
});
