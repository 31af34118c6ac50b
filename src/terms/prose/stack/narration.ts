// A prepared reply's narration openers (openers.ts), found once for the two terms that read them: the
// slop term's opener templates and the opener guard. Kept per prepared row, which lives for one call.
import { narrationOpeners } from "../openers.js";
import type { ProsePrepared } from "./prepare.js";

const found = new WeakMap<ProsePrepared, readonly number[]>();

export function narrationOf(p: ProsePrepared): readonly number[] {
  let openers = found.get(p);
  if (openers === undefined) found.set(p, (openers = narrationOpeners(p.scan, p.compiled.lexicon, [], p.leadingRun === true)));
  return openers;
}
