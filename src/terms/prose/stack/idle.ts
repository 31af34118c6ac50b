// The words of a prepared reply that narrate nothing (under the reader's view): the leading discourse
// words and clauses before each narration sentence's opener, the padding of ../padding.ts, and sentences
// that say nothing of their own (at most MAX_EMPTY_CONTENT content words: "Isn't that something?", "And who
// could blame them?", "What else could it be?"). The slop term leaves them out of the words slop is spread
// over, and the relevance reading out of the words a paragraph shares with the rest (a lead repeated on
// every paragraph does not make them related). They are not priced: a short sentence is a human habit too
// (issue 36: pricing short narrative questions as padding raised Brown's human padding share), it only
// thins nothing.
import { T_CONTENT } from "../../../text/scan.js";
import { narrationOf } from "./narration.js";
import { paddingOf, type ProsePrepared } from "./prepare.js";

/** A sentence with at most this many content words narrates nothing of its own. */
const MAX_EMPTY_CONTENT = 1;

/** Per word of the reply: 1 when it narrates nothing. */
export function idleMask(p: ProsePrepared): Uint8Array {
  const { scan } = p;
  const mask = p.paddingPrice ? paddingOf(p).mask.slice() : new Uint8Array(scan.n);
  if (!p.leadingRun) return mask;
  for (const k of narrationOf(p)) for (let j = k - 1; j >= 0 && scan.sentence[j] === scan.sentence[k]; j--) mask[j] = 1;
  for (let from = 0; from < scan.n; ) {
    let to = from;
    let content = 0;
    for (; to < scan.n && scan.sentence[to] === scan.sentence[from]; to++) if (scan.flags[to] & T_CONTENT && !mask[to]) content++;
    if (content <= MAX_EMPTY_CONTENT) mask.fill(1, from, to);
    from = to;
  }
  return mask;
}
