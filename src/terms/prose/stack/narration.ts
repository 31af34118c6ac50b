// A prepared reply's narration openers (openers.ts), found once for the two terms that read them: the
// slop term's opener templates and the opener guard. Kept on the prepared row, which lives for one call.
import { narrationOpeners } from "../openers.js";
import { paddingOf, type ProsePrepared } from "./prepare.js";

export function narrationOf(p: ProsePrepared): readonly number[] {
  return (p.narration ??= narrationOpeners(p.scan, p.compiled.lexicon, [], p.leadingRun === true, p.paddingPrice ? paddingOf(p).mask : undefined));
}
