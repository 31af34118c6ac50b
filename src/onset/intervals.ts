// The two 95 % intervals the CHERRL summaries report: a normal interval for a mean and Wilson's score
// interval for a share (Wilson 1927). Kept here, small and private to src/onset, because the shared
// statistics module had neither when this area was built.
import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";

export interface Estimate {
  value: number;
  ci: [number, number];
  n: number;
}

const Z95 = normalQuantile(0.975, 0, 1);

export function meanEstimate(xs: readonly number[]): Estimate {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
  const half = (Z95 * sd) / Math.sqrt(n);
  return { value: mean, ci: [mean - half, mean + half], n };
}

export function wilson(k: number, n: number): Estimate {
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { value: p, ci: [centre - half, centre + half], n };
}
