// Average ranks (1-based; tied values share the mean of the ranks they span), as scipy.stats.rankdata
// with method="average". Example: ranks([10, 20, 20, 30]) = [1, 2.5, 2.5, 4].
import { checkSample } from "./validate.js";

export function ranks(xs: readonly number[]): number[] {
  checkSample("ranks", xs, 0);
  const order = xs.map((_, i) => i).sort((i, j) => xs[i] - xs[j]);
  const out = new Array<number>(xs.length);
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && xs[order[end]] === xs[order[start]]) end++;
    const avg = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) out[order[k]] = avg;
    start = end;
  }
  return out;
}
