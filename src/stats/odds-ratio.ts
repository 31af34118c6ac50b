// Sample odds ratio of a 2×2 table with Woolf's log-normal confidence interval (Woolf 1955;
// Agresti, Categorical Data Analysis 3rd ed., §3.1.1). CHERRL's entanglement measure (SPEC §9) is the
// odds ratio of "shortcut present" vs "task success" over the first 60 steps.
//
//                 success   failure
//   exposed          a         b
//   not exposed      c         d
//
// OR = ad / bc. When a cell is zero the estimate and its interval are undefined; the Haldane–Anscombe
// correction (add 0.5 to every cell) is then applied and reported, as is conventional.
import { normalQuantile } from "./vendor/stdlib-dists.js";

export interface TwoByTwo {
  a: number;
  b: number;
  c: number;
  d: number;
}

export interface OddsRatioResult {
  oddsRatio: number;
  ci: [number, number];
  confidence: number;
  /** Standard error of log(OR). */
  seLog: number;
  n: number;
  haldaneCorrected: boolean;
}

export function oddsRatio(table: TwoByTwo, confidence = 0.95): OddsRatioResult {
  for (const [cell, v] of Object.entries(table)) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`odds ratio: cell ${cell} must be a non-negative integer, got ${v}`);
  }
  const n = table.a + table.b + table.c + table.d;
  if (n === 0) throw new RangeError("odds ratio: the table is empty");
  const haldaneCorrected = table.a === 0 || table.b === 0 || table.c === 0 || table.d === 0;
  const k = haldaneCorrected ? 0.5 : 0;
  const a = table.a + k;
  const b = table.b + k;
  const c = table.c + k;
  const d = table.d + k;
  const or = (a * d) / (b * c);
  const seLog = Math.sqrt(1 / a + 1 / b + 1 / c + 1 / d);
  const z = normalQuantile(1 - (1 - confidence) / 2, 0, 1);
  return {
    oddsRatio: or,
    ci: [Math.exp(Math.log(or) - z * seLog), Math.exp(Math.log(or) + z * seLog)],
    confidence,
    seLog,
    n,
    haldaneCorrected,
  };
}

/** Builds the 2×2 table from paired booleans (exposure, outcome). */
export function tableFromPairs(pairs: Iterable<{ exposed: boolean; outcome: boolean }>): TwoByTwo {
  const t = { a: 0, b: 0, c: 0, d: 0 };
  for (const p of pairs) {
    if (p.exposed) p.outcome ? t.a++ : t.b++;
    else p.outcome ? t.c++ : t.d++;
  }
  return t;
}
