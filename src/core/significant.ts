// Numbers in CLI summaries: significant digits, not fixed decimals, and one precision per estimate
// (a mean and its interval share their decimals, so "1 (95% CI 0.9984 to 1.0000)" reads "1.000 (95% CI
// 0.998 to 1.000)", and 0.00002 stays visible).

/** Decimals that give the largest |value| `digits` significant digits (0 for integers-only or zero). */
export function sharedDecimals(values: readonly number[], digits = 4): number {
  const finite = values.filter(Number.isFinite);
  if (finite.every(Number.isInteger)) return 0;
  const largest = Math.max(...finite.map(Math.abs));
  return Math.min(20, Math.max(0, digits - 1 - Math.floor(Math.log10(largest))));
}

/** A mean and its interval with the same decimals: `digits` significant digits for the largest of the three. */
export function estimateText(mean: number, ci: readonly [number, number] | null | undefined, digits = 4): { mean: string; ci?: [string, string] } {
  const values = ci ? [mean, ci[0], ci[1]] : [mean];
  const largest = Math.max(...values.map(Math.abs));
  if (!values.every(Number.isInteger) && largest > 0 && (largest < 1e-3 || largest >= 1e6)) {
    const e = (x: number) => x.toExponential(digits - 1);
    return ci ? { mean: e(mean), ci: [e(ci[0]), e(ci[1])] } : { mean: e(mean) };
  }
  const d = sharedDecimals(values, digits);
  return ci ? { mean: mean.toFixed(d), ci: [ci[0].toFixed(d), ci[1].toFixed(d)] } : { mean: mean.toFixed(d) };
}
