// The "not X, but Y" detector (SPEC §7, seed 002): a negation ("not", "never", "n't") followed
// within 12 words by "but", "rather", "instead", a dash or a semicolon, or a next sentence that starts
// with "Instead". Guards: interrupted speech ("I didn't—") and asides (between paired dashes or in
// parentheses) never count, and "can't help but" is an idiom, not a contrast. Each hit is typed
// (negation × contrast) so mining can weight every type by how much more models use it than humans.
// Not in the seed but on by default: the two-sentence form "It wasn't fear. It was hunger." — the next
// sentence restates the negated one's subject affirmatively — is the type "…next-sentence".
import { WORD_NEGATION, type Lexicon } from "../../text/lexicon.js";
import { T_ASIDE, T_DASH_AFTER, T_END_AFTER, T_INTERRUPT_AFTER, T_SEMI_AFTER, type Scan } from "../../text/scan.js";

export const NEGATION_WINDOW = 12;

export interface NegationHit {
  /** e.g. "not…but", "n't…dash", "never…instead-sentence". */
  type: string;
  /** Word indices of the negation and of the contrast marker. */
  from: number;
  to: number;
}

interface Markers {
  but: number;
  rather: number;
  instead: number;
  help: number;
  not: number;
  never: number;
}

/** Auxiliaries whose "n't" form a restating sentence answers with the bare form ("wasn't" → "was"). */
const AUXILIARIES = new Set(["is", "was", "are", "were", "do", "does", "did", "has", "have", "had", "could", "would", "should"]);
/** Words before the negation that may form the restated subject ("it", "it was", "the point was"). */
const MAX_SUBJECT_WORDS = 3;

/** The marker words' ids, kept with each word table (Lexicon.derived). */
const MARKERS = {};

function markers(lexicon: Lexicon): Markers {
  return lexicon.derived(
    MARKERS,
    (l): Markers => ({
      but: l.surface("but"),
      rather: l.surface("rather"),
      instead: l.surface("instead"),
      help: l.surface("help"),
      not: l.surface("not"),
      never: l.surface("never"),
    }),
  );
}

/**
 * True when the sentence after word `end` restates the negated sentence affirmatively: it opens with the
 * words before the negation at `i` and, for "n't", then the bare auxiliary ("It wasn't fear. It was
 * hunger."; "It was not fear. It was hunger."), and is not itself negated.
 */
function restates(scan: Scan, lexicon: Lexicon, i: number, end: number, neg: string): boolean {
  const { n, surface, sentence } = scan;
  let s0 = i;
  while (s0 > 0 && sentence[s0 - 1] === sentence[i]) s0--;
  const k = i - s0;
  const next = end + 1;
  if (k < 1 || k > MAX_SUBJECT_WORDS || next + k >= n || sentence[next] !== sentence[i] + 1) return false;
  for (let t = 0; t < k; t++) if (surface[next + t] !== surface[s0 + t]) return false;
  let verb = next + k;
  if (neg === "n't") {
    const negated = lexicon.surfaces[surface[i]];
    const bare = negated.slice(0, -3);
    if (!negated.endsWith("n't") || !AUXILIARIES.has(bare) || lexicon.surfaces[surface[verb]] !== bare) return false;
    verb++;
  }
  return verb < n && sentence[verb] === sentence[next] && (lexicon.surfaceFlags[surface[verb]] & WORD_NEGATION) === 0;
}

/** `nextSentence`: also find the two-sentence form (hardened default; the seed preset turns it off). */
export function findNegations(scan: Scan, lexicon: Lexicon, out: NegationHit[] = [], nextSentence = true): NegationHit[] {
  const m = markers(lexicon);
  const { n, surface, flags, sentence } = scan;
  const surfaceFlags = lexicon.surfaceFlags;
  for (let i = 0; i < n; i++) {
    const sid = surface[i];
    if ((surfaceFlags[sid] & WORD_NEGATION) === 0) continue;
    if (flags[i] & (T_ASIDE | T_INTERRUPT_AFTER)) continue;
    const neg = sid === m.not ? "not" : sid === m.never ? "never" : "n't";
    const last = Math.min(n - 1, i + NEGATION_WINDOW);
    for (let j = i; j <= last; j++) {
      if (j > i) {
        if (sentence[j] !== sentence[i]) {
          if (surface[j] === m.instead) out.push({ type: `${neg}…instead-sentence`, from: i, to: j });
          break;
        }
        const w = surface[j];
        if ((w === m.but || w === m.rather || w === m.instead) && (flags[j] & T_ASIDE) === 0) {
          if (w === m.but && surface[j - 1] === m.help) break;
          out.push({ type: `${neg}…${lexicon.surfaces[w]}`, from: i, to: j });
          break;
        }
      }
      const f = flags[j];
      if (f & T_INTERRUPT_AFTER) break;
      if (f & T_DASH_AFTER) {
        out.push({ type: `${neg}…dash`, from: i, to: j });
        break;
      }
      if (f & T_SEMI_AFTER) {
        out.push({ type: `${neg}…semicolon`, from: i, to: j });
        break;
      }
      if (f & T_END_AFTER) {
        if (j + 1 < n && surface[j + 1] === m.instead) out.push({ type: `${neg}…instead-sentence`, from: i, to: j + 1 });
        else if (nextSentence && restates(scan, lexicon, i, j, neg)) out.push({ type: `${neg}…next-sentence`, from: i, to: j + 1 });
        break;
      }
    }
  }
  return out;
}
