// A prepared reply's narration openers (openers.ts), found once for the two terms that read them: the
// slop term's opener templates and the opener guard. Kept on the prepared row, which lives for one call.
import { T_DIALOGUE, type Scan } from "../../../text/scan.js";
import { narrationOpeners } from "../openers.js";
import { paddingOf, type ProsePrepared } from "./prepare.js";

export function narrationOf(p: ProsePrepared): readonly number[] {
  return (p.narration ??= narrationOpeners(p.scan, p.compiled.lexicon, [], p.leadingRun === true, p.paddingPrice ? paddingOf(p).mask : undefined));
}

/** The share of a scan's words spoken inside quotation marks (0 for an empty scan). */
export function speechShare(scan: Scan): number {
  let spoken = 0;
  for (let k = 0; k < scan.n; k++) if (scan.flags[k] & T_DIALOGUE) spoken++;
  return scan.n === 0 ? 0 : spoken / scan.n;
}
