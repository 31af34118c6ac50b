// Self-repetition guard (not in seed 002; on in the hardened preset). Hits on one slop hub saturate (BM25), so a reply that
// says its clichés twice lowers its own slop density, and saying the whole reply twice raised the
// prose reward by +0.023 on 300 held-out replies (docs/prose.md). The guard measures the share of the
// reply's word 6-grams that already occurred earlier in it: human prose in the shared corpora has
// p99 1.1% and p99.9 2.2%; a reply said twice has 50%; a looping model reaches 95%.
// factor = 1 − clip((share − free) / (full − free), 0, 1), free 5%, full 50%. On in the hardened preset.
import { z } from "zod";
import { T_CONTENT, type Scan } from "../../text/scan.js";

/** The preset fills what is not given (on in `hardened`, off in `seed`; free 5%, full 50%). */
export const repetitionGuardOptions = z
  .object({
    enabled: z.boolean(),
    /** Share of repeated 6-grams that costs nothing. */
    free: z.number().min(0).max(1),
    /** Share at which the factor reaches 0. */
    full: z.number().min(0).max(1),
    /** Degenerate repetition of words (issue 36): lexical diversity at or above `free` costs nothing, at `zero` or below the factor is 0. */
    diversity: z
      .object({ free: z.number().min(0).max(1), zero: z.number().min(0).max(1) })
      .strict()
      .optional(),
    /** Sentences grouped by their opening word (issue 36, stop36): openerGrouping at or below `free` costs nothing, at `zero` or above the factor is 0. */
    openerGrouping: z
      .object({ free: z.number().min(0).max(1), zero: z.number().min(0).max(1) })
      .strict()
      .optional(),
    /** Not prose (issue 36, stop36): a reply of at least `minWords` words whose share of function words is at or above `free` costs nothing, at `zero` or below the factor is 0. */
    functionWords: z
      .object({ free: z.number().min(0).max(1), zero: z.number().min(0).max(1), minWords: z.number().int().min(1) })
      .strict()
      .optional(),
  })
  .strict()
  .refine((o) => o.full > o.free, { message: "full must be greater than free", path: ["full"] });
export type RepetitionGuardOptions = { enabled: boolean; free: number; full: number; diversity?: DiversityOptions; openerGrouping?: DiversityOptions; functionWords?: FunctionWordOptions };
export type DiversityOptions = { free: number; zero: number };
export type FunctionWordOptions = { free: number; zero: number; minWords: number };

/** Words per window of the moving-average type-token ratio. */
export const DIVERSITY_WINDOW = 50;

export const REPEAT_NGRAM = 6;

/**
 * Share of the reply's word n-grams (over the scan's word ids) that occurred earlier in it; 0 when it has
 * none. `scratch` holds the table the count reuses (a scorer keeps one with its word table); a fresh one by default.
 */
export function repeatedShare(scan: Scan, n = REPEAT_NGRAM, scratch: WindowScratch = new WindowScratch()): number {
  const windows = scan.n - n + 1;
  if (windows <= 1) return 0;
  // Each window's word ids hashed twice (32-bit multiplicative hashes) into one 53-bit key — h1 and the
  // low 21 bits of h2 — no string per window, and a collision among a reply's windows has odds near
  // 1e-10. The keys go into an open-addressing table of typed arrays reused across calls (a Set of
  // 53-bit numbers boxed every key): the same keys, so the same count.
  const table = scratch.tableFor(windows);
  const { mask } = table;
  const stamp = ++table.generation;
  const { used, k1, k2 } = table;
  const surface = scan.surface;
  let repeated = 0;
  for (let i = 0; i < windows; i++) {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    for (let k = 0; k < n; k++) {
      const id = surface[i + k];
      h1 = Math.imul(h1 ^ id, 0x01000193);
      h2 = Math.imul(h2 + id, 0x5bd1e995) ^ (h2 >>> 15);
    }
    const low = h2 & 0x1fffff;
    let slot = (Math.imul(h1 ^ low, 0x9e3779b1) >>> 7) & mask;
    for (;;) {
      if (used[slot] !== stamp) {
        used[slot] = stamp;
        k1[slot] = h1;
        k2[slot] = low;
        break;
      }
      if (k1[slot] === h1 && k2[slot] === low) {
        repeated++;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return repeated / windows;
}

interface WindowTable {
  mask: number;
  generation: number;
  used: Int32Array;
  k1: Int32Array;
  k2: Int32Array;
}

/** Replies of up to this many windows share one table (2^16 slots, 768 KB); a longer one gets its own, dropped after it, so a long-running server does not keep the largest reply's table. */
export const SHARED_WINDOWS = 1 << 15;

function newTable(size: number): WindowTable {
  return { mask: size - 1, generation: 0, used: new Int32Array(size), k1: new Int32Array(size), k2: new Int32Array(size) };
}

/** The window table one scorer reuses from reply to reply (kept with its word table). */
export class WindowScratch {
  private shared: WindowTable = newTable(1 << 12);

  /** A table of at least twice the windows (load ≤ 1/2): the shared one, grown up to its bound and renewed before the stamp wraps, or for a longer reply its own. */
  tableFor(windows: number): WindowTable {
    let size = 1 << 12;
    while (size < 2 * windows) size *= 2;
    if (windows > SHARED_WINDOWS) return newTable(size);
    if (size > this.shared.mask + 1 || this.shared.generation === 0x7fffffff) this.shared = newTable(Math.max(size, this.shared.mask + 1));
    return this.shared;
  }

  /** Slots of the shared table (what it keeps between replies). */
  slots(): number {
    return this.shared.mask + 1;
  }
}

export function repetitionFactor(share: number, options: { free: number; full: number }): number {
  return 1 - Math.min(1, Math.max(0, (share - options.free) / (options.full - options.free)));
}

/**
 * Lexical diversity: the moving-average type-token ratio (MATTR, Covington & McFall 2010) of the scan's
 * word forms over windows of DIVERSITY_WINDOW words (the plain ratio for a shorter reply). Word salad
 * that repeats a few words ("Rain rain market rain market…") reads 0.25; human prose in the shared
 * corpora reads at least 0.447, p0.1 0.612, p1 0.686 (14,263 paragraphs and stories of ≥ 15 words).
 */
export function lexicalDiversity(scan: Scan, window = DIVERSITY_WINDOW): number {
  const n = scan.n;
  const w = Math.min(window, n);
  if (w === 0) return 1;
  const counts = new Map<number, number>();
  const surface = scan.surface;
  let distinct = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const add = surface[i];
    const had = counts.get(add) ?? 0;
    counts.set(add, had + 1);
    if (had === 0) distinct++;
    if (i >= w) {
      const drop = surface[i - w];
      const left = counts.get(drop)! - 1;
      counts.set(drop, left);
      if (left === 0) distinct--;
    }
    if (i >= w - 1) sum += distinct / w;
  }
  return sum / (n - w + 1);
}

/** 1 at diversity ≥ free, 0 at ≤ zero, a line between. */
export function diversityFactor(diversity: number, options: DiversityOptions): number {
  return Math.min(1, Math.max(0, (diversity - options.zero) / (options.free - options.zero)));
}

/** Sentences a reply needs before its opener grouping is read. */
export const MIN_GROUPED_SENTENCES = 6;

/**
 * How far the reply's sentences are grouped by their opening word (lemma) beyond what its own mix of
 * openers makes by chance: (S − E) / (m − 1), where S counts adjacent sentences that open alike, E is S's
 * expectation over random orders of the same m sentences (Σ c(c − 1) / m over each opener's count c), so a
 * writer who opens most sentences alike ("And… And… And…") is not charged for the habit, only for the order.
 * 0 for a reply of fewer than MIN_GROUPED_SENTENCES sentences. Sentences sorted alphabetically read 0.46
 * at the median (p10 0.35; 200 tuning-slice replies); human prose in the shared corpora reads at most 0.393
 * (12,540 Gutenberg paragraphs and passages, Brown passages and HANNA stories; p99.9 0.267), model replies
 * at most 0.175.
 */
export function openerGrouping(scan: Scan): number {
  const openers: number[] = [];
  for (let k = 0; k < scan.n; k++) if (k === 0 || scan.sentence[k] !== scan.sentence[k - 1]) openers.push(scan.lemma[k]);
  const m = openers.length;
  if (m < MIN_GROUPED_SENTENCES) return 0;
  const counts = new Map<number, number>();
  for (const o of openers) counts.set(o, (counts.get(o) ?? 0) + 1);
  let alike = 0;
  for (let i = 0; i + 1 < m; i++) if (openers[i] === openers[i + 1]) alike++;
  let expected = 0;
  for (const c of counts.values()) expected += (c * (c - 1)) / m;
  return (alike - expected) / (m - 1);
}

/** 1 at grouping ≤ free, 0 at ≥ zero, a line between. */
export function openerGroupingFactor(grouping: number, options: DiversityOptions): number {
  return Math.min(1, Math.max(0, (options.zero - grouping) / (options.zero - options.free)));
}

/**
 * The share of the reply's words that are function words (not content words): prose needs them to say
 * anything, a list of key words or a tag cloud has none. Human prose of ≥ 15 words in the shared corpora
 * reads at least 0.415 (Gutenberg 0.452, Brown 0.415, HANNA 0.418), model replies at least 0.393; a tag
 * cloud of a reply's names and key words reads 0.06 at the median.
 */
export function functionWordShare(scan: Scan): number {
  if (scan.n === 0) return 1;
  let fn = 0;
  for (let k = 0; k < scan.n; k++) if ((scan.flags[k] & T_CONTENT) === 0) fn++;
  return fn / scan.n;
}

/** 1 for a reply under `minWords` words or at share ≥ free, 0 at ≤ zero, a line between. */
export function functionWordFactor(share: number, words: number, options: FunctionWordOptions): number {
  if (words < options.minWords) return 1;
  return Math.min(1, Math.max(0, (share - options.zero) / (options.free - options.zero)));
}
