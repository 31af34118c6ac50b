// P(surface | lower-cased word, position flag): a shape distribution per word, backed off to the
// word's shape distribution over all positions, then to a prior per (cased-letter class, flag).
// Mixed shapes ("xD", "McCoy") spread their mass over the word's seen mixed forms and, with an escape
// share, uniformly over all 2^n casings of its n cased letters, so every surface gets a finite score.
import { FLAGS, SHAPE_MIXED, casedClass, casedLetters, shapeOf, type Shape } from "./casing.js";

const BACKOFF = 2;
const MIXED_ESCAPE = 1;
const SHAPES = 4;

export interface CaseModelData {
  /** counts[(type * FLAGS + flag) * 4 + shape] */
  counts: Uint32Array;
  /** Seen mixed-case surfaces per type: [typeId, surface, count]. */
  mixed: [number, string, number][];
  /** prior[(class * FLAGS + flag) * 4 + shape], each (class, flag) row sums to 1. */
  prior: Float64Array;
}

export class CaseModel {
  private readonly mixedByType = new Map<number, { total: number; forms: Map<string, number> }>();

  constructor(
    private readonly data: CaseModelData,
    private readonly typeCased: Uint8Array,
  ) {
    for (const [type, surface, count] of data.mixed) {
      let entry = this.mixedByType.get(type);
      if (!entry) this.mixedByType.set(type, (entry = { total: 0, forms: new Map() }));
      entry.total += count;
      entry.forms.set(surface, count);
    }
  }

  /** P(shape | type, flag); `type` < 0 means an out-of-vocabulary word with `cased` cased letters. */
  shapeProb(type: number, cased: number, flag: number, shape: Shape): number {
    const cls = casedClass(cased);
    if (cls === 0) return shape === 0 ? 1 : 0;
    const prior = this.data.prior[(cls * FLAGS + flag) * SHAPES + shape];
    if (type < 0) return prior;
    const counts = this.data.counts;
    let nWord = 0;
    let cWord = 0;
    for (let f = 0; f < FLAGS; f++) {
      const base = (type * FLAGS + f) * SHAPES;
      for (let s = 0; s < SHAPES; s++) nWord += counts[base + s];
      cWord += counts[base + shape];
    }
    const base = (type * FLAGS + flag) * SHAPES;
    const nFlag = counts[base] + counts[base + 1] + counts[base + 2] + counts[base + 3];
    const pWord = (cWord + BACKOFF * prior) / (nWord + BACKOFF);
    return (counts[base + shape] + BACKOFF * pWord) / (nFlag + BACKOFF);
  }

  /** P(surface | lower-cased type, flag) for any surface whose lower-case form is that type's. */
  surfaceProb(type: number, surface: string, flag: number): number {
    const cased = type >= 0 ? this.typeCased[type] : casedLetters(surface);
    const shape = shapeOf(surface);
    const p = this.shapeProb(type, cased, flag, shape);
    if (shape !== SHAPE_MIXED) return p;
    const uniform = 2 ** -Math.min(cased, 1000);
    const entry = type >= 0 ? this.mixedByType.get(type) : undefined;
    const seen = entry?.forms.get(surface) ?? 0;
    return (p * (seen + MIXED_ESCAPE * uniform)) / ((entry?.total ?? 0) + MIXED_ESCAPE);
  }

  /** Seen mixed forms of a type with P(form | type, mixed) (for top-k listing). */
  mixedForms(type: number): { surface: string; prob: number }[] {
    const entry = this.mixedByType.get(type);
    if (!entry) return [];
    const uniform = 2 ** -Math.min(this.typeCased[type], 1000);
    return [...entry.forms].map(([surface, count]) => ({ surface, prob: (count + MIXED_ESCAPE * uniform) / (entry.total + MIXED_ESCAPE) }));
  }
}

/** Count shapes while reading the training text. */
export class CaseCounter {
  private readonly rows = new Map<number, Uint32Array>();
  private readonly mixed = new Map<string, number>();
  private readonly priorCounts = new Float64Array(3 * FLAGS * SHAPES);

  add(type: number | null, surface: string, flag: number): void {
    const shape = shapeOf(surface);
    const cls = casedClass(casedLetters(surface));
    this.priorCounts[(cls * FLAGS + flag) * SHAPES + shape]++;
    if (type === null) return;
    let row = this.rows.get(type);
    if (!row) this.rows.set(type, (row = new Uint32Array(FLAGS * SHAPES)));
    row[flag * SHAPES + shape]++;
    if (shape === SHAPE_MIXED) {
      const key = `${type}\u0000${surface}`;
      this.mixed.set(key, (this.mixed.get(key) ?? 0) + 1);
    }
  }

  finish(typeCount: number): CaseModelData {
    const counts = new Uint32Array(typeCount * FLAGS * SHAPES);
    for (const [type, row] of this.rows) counts.set(row, type * FLAGS * SHAPES);
    const mixed: [number, string, number][] = [];
    for (const [key, count] of this.mixed) {
      const cut = key.indexOf("\u0000");
      mixed.push([Number(key.slice(0, cut)), key.slice(cut + 1), count]);
    }
    // Add-one per valid shape so no valid (class, flag, shape) has zero prior mass.
    const prior = new Float64Array(this.priorCounts.length);
    for (let cls = 0; cls < 3; cls++) {
      const valid = cls === 0 ? [0] : cls === 1 ? [0, 1] : [0, 1, 2, 3];
      for (let flag = 0; flag < FLAGS; flag++) {
        const base = (cls * FLAGS + flag) * SHAPES;
        let total = 0;
        for (const s of valid) total += this.priorCounts[base + s] + 1;
        for (const s of valid) prior[base + s] = (this.priorCounts[base + s] + 1) / total;
      }
    }
    return { counts, mixed, prior };
  }
}
