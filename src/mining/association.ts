// Association measures for a word pair from its 2×2 co-occurrence table (SPEC §7, seed 002):
//            b      ¬b
//     a     o11    o12
//    ¬a     o21    o22
// Dunning's log-likelihood ratio G² (Dunning 1993) is the pass/fail test that the pair co-occurs more
// often than chance; ΔP (Gries 2013) is the directional strength, the stronger direction setting a
// kept pair's base penalty.

export interface Table2x2 {
  o11: number;
  o12: number;
  o21: number;
  o22: number;
}

/** χ² critical value at p = 0.001 with 1 degree of freedom. */
export const LL_CRITICAL_P001 = 10.828;

const term = (o: number, e: number): number => (o > 0 ? o * Math.log(o / e) : 0);

/** Dunning's G² = 2 Σ O ln(O / E) over the four cells, E from the margins. */
export function logLikelihood(t: Table2x2): number {
  const n = t.o11 + t.o12 + t.o21 + t.o22;
  if (n <= 0) return 0;
  const r1 = t.o11 + t.o12;
  const r2 = t.o21 + t.o22;
  const c1 = t.o11 + t.o21;
  const c2 = t.o12 + t.o22;
  const g = term(t.o11, (r1 * c1) / n) + term(t.o12, (r1 * c2) / n) + term(t.o21, (r2 * c1) / n) + term(t.o22, (r2 * c2) / n);
  return Math.max(0, 2 * g);
}

/** True when a and b co-occur more than expected (positive association). */
export function attracted(t: Table2x2): boolean {
  const n = t.o11 + t.o12 + t.o21 + t.o22;
  return n > 0 && t.o11 * n > (t.o11 + t.o12) * (t.o11 + t.o21);
}

/** ΔP(b | a) = P(b | a) − P(b | ¬a) and ΔP(a | b) = P(a | b) − P(a | ¬b). */
export function deltaP(t: Table2x2): { bGivenA: number; aGivenB: number; max: number } {
  const ratio = (x: number, y: number): number => (y > 0 ? x / y : 0);
  const bGivenA = ratio(t.o11, t.o11 + t.o12) - ratio(t.o21, t.o21 + t.o22);
  const aGivenB = ratio(t.o11, t.o11 + t.o21) - ratio(t.o12, t.o12 + t.o22);
  return { bGivenA, aGivenB, max: Math.max(bGivenA, aGivenB) };
}
