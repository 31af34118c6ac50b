// Format screens (SPEC §4): a policy turn fails when it contains a CJK character or asterisk-delimited
// text (*sighs*, **bold**). B = 1 iff every policy turn passes both. The humor stack's screens term, the
// certify guards and the live monitor all screen turns here, below each of them.
// humor-screens-2 (the hardened default) reads the reply as a reader sees it (src/text/reader-view.ts):
// an asterisk is any character Unicode lists as confusable with one or that normalizes to one (∗, ⁎, ٭,
// ＊, ﹡), invisible characters do not split the text, and any laughter action between delimiters of any
// kind fails too (~giggling~, ✱chuckles✱, <laughs>), found by the laughter-by-meaning detector.
// humor-screens-3 (the hardened default since issue 36's fourth round) reads look-alikes from the one
// confusables table (Unicode 13) and fails an action whose laughter word is written with look-alike digits
// ("~chuck🯱es~", which the reader's view reads "~chuck1es~").
import { confusablesOf } from "../text/confusables.js";
import { DELIMITER, detectLaughter, type LaughterCue } from "../text/laughter-meaning.js";
import { readerView } from "../text/reader-view.js";
import { hasCjk } from "../text/script.js";

export const SCREEN_VERSIONS = ["humor-screens-1", "humor-screens-2", "humor-screens-3"] as const;
export type ScreenVersion = (typeof SCREEN_VERSIONS)[number];

/** Text between two asterisks on one line, with something other than spaces inside ("5 * 3 * 2" passes). */
const ASTERISK_DELIMITED = /\*+[^*\s][^*\n]*\*+/;

export function hasAsteriskText(text: string): boolean {
  return ASTERISK_DELIMITED.test(text);
}

/**
 * Every character UTS #39 lists as confusable with "*" (the one confusables table, src/text/confusables.ts).
 * Those whose compatibility form is "*" (＊, ﹡) the reader's view has folded already.
 */
const ASTERISK_LIKE = new RegExp(`[${confusablesOf("*").join("")}]`, "gu");

const IS_DELIMITER = new RegExp(`^${DELIMITER}$`, "v");

/**
 * A laughter action: laughter between delimiters, its word written in letters ("~chuckles~") or with
 * look-alike digits that the reader's view reads as digits ("~chuck🯱es~" → "~chuck1es~", "~CH0RTLES~").
 */
const isAction = (view: string, cue: LaughterCue): boolean =>
  cue.kind === "action" || (cue.kind === "form" && cue.start > 0 && IS_DELIMITER.test(view.slice(cue.start - 1, cue.start)) && IS_DELIMITER.test(String.fromCodePoint(view.codePointAt(cue.end) ?? 32)));

export interface ScreenResult {
  cjk: boolean;
  asterisk: boolean;
  fail: boolean;
}

export function screenTurn(text: string, version: ScreenVersion = "humor-screens-1"): ScreenResult {
  const cjk = hasCjk(text);
  let asterisk: boolean;
  if (version === "humor-screens-1") asterisk = hasAsteriskText(text);
  else {
    const view = readerView(text);
    asterisk = hasAsteriskText(view.replace(ASTERISK_LIKE, "*")) || detectLaughter(view).some((c) => (version === "humor-screens-2" ? c.kind === "action" : isAction(view, c)));
  }
  return { cjk, asterisk, fail: cjk || asterisk };
}
