// The one place Unicode's confusables (UTS #39 confusables.txt of Unicode 13.0, from unhomoglyph, as the
// reader's view ships them in ./reader-view-table.json) are read outside the view itself: the humor
// screens, the hunt's look-alike operators and the cleanup folds all take their sets from here, so every
// reader sees the same look-alikes. CONFUSABLE_TO_ASCII keeps only the part that matters for disguised
// English: a non-ASCII letter, digit-like letter or apostrophe-like mark whose skeleton is one ASCII
// letter or an apostrophe ("ı" → "i", "ʼ" → "'", Cyrillic "о" → "o", "𝐚" → "a", Canadian syllabic "ᑲ" →
// "b"). Skeletons of several characters ("m" → "rn") and sources in CJK, Hangul or other scripts without
// Latin twins are left out, so folding never splits a letter or eats a real CJK character.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const VIEW_TABLE = require("./reader-view-table.json") as { confusables: string; prototype: Record<string, string> };

/** The table's source, for provenance in docs and instruments. */
export const CONFUSABLES_SOURCE = VIEW_TABLE.confusables;

/** Every non-ASCII character whose UTS #39 prototype is one printable ASCII character → that prototype. */
export const CONFUSABLE_PROTOTYPES: ReadonlyMap<string, string> = new Map(Object.entries(VIEW_TABLE.prototype).map(([cp, to]) => [String.fromCodePoint(parseInt(cp, 16)), to]));

/** Every character UTS #39 gives the prototype `ascii` (one printable ASCII character), by code point: `confusablesOf("*")` → "⁎", "٭", "∗", "𐌟". */
export function confusablesOf(ascii: string): string[] {
  const out: string[] = [];
  for (const [from, to] of CONFUSABLE_PROTOTYPES) if (to === ascii) out.push(from);
  return out.sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
}

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
  for (const [from, to] of CONFUSABLE_PROTOTYPES) {
    if (!ASCII_TARGET.test(to) || !keepsSource(from)) continue;
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
