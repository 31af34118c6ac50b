// The words of a prepared reply that narrate nothing (under the reader's view): the leading discourse
// words and clauses before each narration sentence's opener, and the padding of ../padding.ts. The slop
// term leaves them out of the words slop is spread over, and the relevance reading out of the words a
// paragraph shares with the rest (a lead repeated on every paragraph does not make them related).
import { narrationOf } from "./narration.js";
import { paddingOf, type ProsePrepared } from "./prepare.js";

/** Per word of the reply: 1 when it narrates nothing. */
export function idleMask(p: ProsePrepared): Uint8Array {
  const { scan } = p;
  const mask = p.paddingPrice ? paddingOf(p).mask.slice() : new Uint8Array(scan.n);
  if (!p.leadingRun) return mask;
  for (const k of narrationOf(p)) for (let j = k - 1; j >= 0 && scan.sentence[j] === scan.sentence[k]; j--) mask[j] = 1;
  return mask;
}
