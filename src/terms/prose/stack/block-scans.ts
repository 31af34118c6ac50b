// Dilution's blocks read from the reply's own scan instead of scanning each block's text again (issue 38,
// one-sample serving: the rescans were ≈ 7 % of a scoring worker's time). A block is a slice of the reply
// that starts at a word; the scanner reads it as it reads the reply there when its state at the block's
// first word is the fresh state and the block ends where a sentence does:
//  - no quotation, italic or aside open at the first word (its T_DIALOGUE, T_ITALIC and T_ASIDE flags are
//    that state as the scanner read it; a dash aside never outlives a sentence and only the words after
//    the first of a sentence are ever unmarked, so T_ASIDE there is exactly "inside parentheses");
//  - the first word opens a sentence (no words of the sentence before it: the scanner's has-words state),
//    and the block ends at the text's end or at a word that opens a sentence (then every look-ahead the
//    scanner makes from the block's tail — a decimal point, a hyphen, a paragraph's blank line, speech cut
//    off before a break — reads the same up to the block's end as up to that word);
//  - the reply has no context-folded character (../../../text/fold.ts), so a slice folds unit by unit as
//    the whole does.
// Then the block's scan is the reply's words between the two, their sentence numbers and offsets moved
// to the block's; otherwise the block is scanned again. test/terms/prose/block-scans.test.ts checks both
// readings equal on real and adversarial replies.
import { CONTEXT_FOLDED } from "../../../text/fold.js";
import { T_ASIDE, T_CONTENT, T_DIALOGUE, T_ITALIC, type Scan } from "../../../text/scan.js";

const OPEN_STATE = T_DIALOGUE | T_ITALIC | T_ASIDE;

/** The index of the word of `scan` that starts at `offset`, or −1. */
function wordStartingAt(scan: Scan, offset: number): number {
  let lo = 0;
  let hi = scan.n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = scan.start[mid];
    if (s === offset) return mid;
    if (s < offset) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const opensSentence = (scan: Scan, k: number): boolean => k === 0 || scan.sentence[k] !== scan.sentence[k - 1];

/**
 * The scan of `text.slice(from, to)` read from `whole` (the scan of `text`, filler words included), or
 * undefined when the scanner's state at `from` or its look-ahead at `to` could differ (see the header).
 */
export function sliceScan(text: string, whole: Scan, from: number, to: number): Scan | undefined {
  if (text.indexOf(CONTEXT_FOLDED) >= 0) return undefined;
  const a = wordStartingAt(whole, from);
  if (a < 0 || !opensSentence(whole, a) || (whole.flags[a] & OPEN_STATE) !== 0) return undefined;
  const b = to === text.length ? whole.n : wordStartingAt(whole, to);
  if (b <= a || (b < whole.n && !opensSentence(whole, b))) return undefined;
  const n = b - a;
  const first = whole.sentence[a];
  const all = new Int32Array(5 * n);
  const surface = all.subarray(0, n);
  const lemma = all.subarray(n, 2 * n);
  const flags = all.subarray(2 * n, 3 * n);
  const sentence = all.subarray(3 * n, 4 * n);
  const start = all.subarray(4 * n, 5 * n);
  surface.set(whole.surface.subarray(a, b));
  lemma.set(whole.lemma.subarray(a, b));
  flags.set(whole.flags.subarray(a, b));
  for (let k = 0; k < n; k++) {
    sentence[k] = whole.sentence[a + k] - first;
    start[k] = whole.start[a + k] - from;
  }
  const sentences = (b < whole.n ? whole.sentence[b] : whole.sentences) - first;
  return { n, surface, lemma, flags, sentence, start, sentences };
}

/**
 * A reader of dilution's blocks for one reply: each block (a slice of `text`, given in order) read from
 * the reply's scan where `sliceScan` allows, then by `readSlice` (the filler and aside reading of
 * ./prepare.ts, which depends only on the block's scan and text), else by `rescan`. The same result as
 * `rescan` for every block, since a slice equals the block's own scan.
 */
export function blockReader<R>(text: string, whole: Scan, rescan: (block: string) => R, readSlice: (scan: Scan, block: string) => R): (block: string) => R {
  let cursor = 0;
  return (block) => {
    // Blocks are consecutive slices: each is looked for where the last one ended, then anywhere.
    let from = text.startsWith(block, cursor) ? cursor : text.indexOf(block, cursor);
    if (from < 0) from = text.indexOf(block);
    const scan = from < 0 || block.length === 0 ? undefined : sliceScan(text, whole, from, from + block.length);
    if (from >= 0) cursor = from + block.length;
    return scan === undefined ? rescan(block) : readSlice(scan, block);
  };
}

/** The distinct lemmas of the content words of `scan` in [from, to), appended to `out` from `at`; how many. */
function distinctContent(scan: Scan, from: number, to: number, out: number[], at: number): number {
  let m = at;
  for (let j = from; j < to; j++) {
    if ((scan.flags[j] & T_CONTENT) === 0) continue;
    const id = scan.lemma[j];
    let i = at;
    while (i < m && out[i] !== id) i++;
    if (i === m) out[m++] = id;
  }
  return m - at;
}

/**
 * The share of distinct content lemmas in the `words` words before word k that the `words` words from k
 * also use; 1 when there are none before (./prepare.ts cohesion, dilution's block cuts). One small array
 * searched in place instead of two Sets per candidate cut: at most `words` ids a side.
 */
export function cohesionAt(scan: Scan, k: number, words: number): number {
  const ids: number[] = [];
  const nb = distinctContent(scan, Math.max(0, k - words), k, ids, 0);
  if (nb === 0) return 1;
  const na = distinctContent(scan, k, Math.min(scan.n, k + words), ids, nb);
  let shared = 0;
  for (let i = 0; i < nb; i++) {
    let j = nb;
    while (j < nb + na && ids[j] !== ids[i]) j++;
    if (j < nb + na) shared++;
  }
  return shared / nb;
}
