// Concentration of a categorical sample (seed 002's opener diversity).
// Herfindahl–Hirschman index H = Σ sᵢ² over category shares sᵢ (1/k for k equal categories, 1 for one).
// Normalized for a finite sample of N items it is Simpson's (1949) index
//   D = Σ nᵢ(nᵢ − 1) / (N(N − 1)) = (H − 1/N) / (1 − 1/N),
// the probability that two items drawn without replacement share a category: 0 when every item
// differs, 1 when all are the same. Example: openers [He, He, She, They] → D = 2/12 = 1/6.
import { InputError } from "../core/errors.js";

function countsOf(items: readonly string[] | ReadonlyMap<string, number> | readonly number[]): number[] {
  if (!Array.isArray(items)) return [...(items as ReadonlyMap<string, number>).values()];
  if (items.length > 0 && typeof items[0] === "number") return items as number[];
  const counts = new Map<string, number>();
  for (const item of items as readonly string[]) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts.values()];
}

function checkCounts(fn: string, counts: readonly number[]): number {
  let total = 0;
  counts.forEach((c, i) => {
    if (!Number.isInteger(c) || c < 0) throw new InputError(fn, `count[${i}] is ${c}, not a non-negative integer`);
    total += c;
  });
  return total;
}

/** Plain HHI Σ sᵢ² from items (labels), a label→count map, or counts. Needs at least one item. */
export function hhi(items: readonly string[] | ReadonlyMap<string, number> | readonly number[]): number {
  const counts = countsOf(items);
  const total = checkCounts("hhi", counts);
  if (total === 0) throw new InputError("hhi", "needs at least 1 item, got 0");
  let h = 0;
  for (const c of counts) h += (c / total) ** 2;
  return h;
}

/** Normalized HHI = Simpson's index for a finite sample; needs N ≥ 2 items. */
export function normalizedHhi(items: readonly string[] | ReadonlyMap<string, number> | readonly number[]): number {
  const counts = countsOf(items);
  const total = checkCounts("normalizedHhi", counts);
  if (total < 2) throw new InputError("normalizedHhi", `needs at least 2 items, got ${total}`);
  let pairs = 0;
  for (const c of counts) pairs += c * (c - 1);
  return pairs / (total * (total - 1));
}

export const simpsonIndex = normalizedHhi;
