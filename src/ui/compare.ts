// Two scored sources side by side (two banks scored by different stacks or options, or two runs'
// logs): rows paired by id, and per quantity (the score's value and each term both carry) the mean
// paired difference B − A with its 95% interval, then the rows that moved most. Differences of [0, 1]
// quantities lie in [−1, 1], so their t interval is clipped there, and says so.
import { pairedT } from "../stats/paired-t.js";
import type { SampleIndex } from "./sample-query.js";
import type { ComparedQuantity, Comparison, MovedRow } from "./api-types.js";
import type { SampleRow } from "./api-types.js";

const MOVED = 12;

function quantity(name: string, a: number[], b: number[]): ComparedQuantity {
  const n = a.length;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  if (n < 2) return { name, n, a_mean: n ? mean(a) : null, b_mean: n ? mean(b) : null, diff: n ? b[0] - a[0] : null, ci: null, method: null };
  const t = pairedT(b, a);
  const unit = [...a, ...b].every((x) => x >= 0 && x <= 1);
  const ci: [number, number] = unit ? [Math.max(-1, t.ci95[0]), Math.min(1, t.ci95[1])] : t.ci95;
  return { name, n, a_mean: mean(a), b_mean: mean(b), diff: t.meanDiff, ci, method: unit ? "paired t clipped to [-1, 1]" : "paired t" };
}

export function compareSources(a: SampleIndex, b: SampleIndex): Comparison {
  const byId = new Map<string, SampleRow>();
  for (const row of b.rows) if (!byId.has(row.id)) byId.set(row.id, row);
  const seen = new Set<string>();
  const pairs: [SampleRow, SampleRow][] = [];
  for (const row of a.rows) {
    const other = byId.get(row.id);
    if (seen.has(row.id) || !other) continue;
    seen.add(row.id);
    pairs.push([row, other]);
  }
  const names = ["value", ...a.terms.filter((t) => b.terms.includes(t))];
  const valueOf = (row: SampleRow, name: string): number | null => (name === "value" ? row.value : (row.terms[name] ?? null));
  const quantities = names.map((name) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [ra, rb] of pairs) {
      const x = valueOf(ra, name);
      const y = valueOf(rb, name);
      if (typeof x === "number" && typeof y === "number" && Number.isFinite(x) && Number.isFinite(y)) {
        xs.push(x);
        ys.push(y);
      }
    }
    return quantity(name, xs, ys);
  });
  const moved: MovedRow[] = pairs
    .filter(([ra, rb]) => typeof ra.value === "number" && typeof rb.value === "number")
    .map(([ra, rb]) => ({ id: ra.id, a: ra.value as number, b: rb.value as number, diff: (rb.value as number) - (ra.value as number), a_index: ra.index, b_index: rb.index, output: rb.output.slice(0, 200) }))
    .sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff) || x.id.localeCompare(y.id))
    .slice(0, MOVED);
  return { paired: pairs.length, only_a: a.rows.length - pairs.length, only_b: b.rows.length - pairs.length, quantities, moved };
}
