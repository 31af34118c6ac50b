// Orthography: the same word misspelt. Every edit at Damerau distance 1 and 2 that a typist makes
// (a letter dropped, doubled, swapped with its neighbour, a vowel for another vowel, a letter inserted),
// every precomposed letter whose canonical decomposition is the word's letter plus marks (from the
// Unicode Character Database: ẹ, ë, ȩ …), and suffixes that inflect or derive the same stem. A reader
// reads the same word with a mistake in it; no content is added.
import type { Edit, Sensitivity } from "../types.js";
import { letterSetDisguises } from "./unicode.js";
import { unicodeTable } from "./unicode-table.js";
import { wordEdits, type Disguise } from "./words.js";

const VOWELS = "aeiou";
const isVowel = (c: string) => VOWELS.includes(c.toLowerCase());

/** The index of the letter nearest the middle that satisfies `ok` (−1 when none). */
function nearMiddle(cps: string[], ok: (c: string, i: number) => boolean): number {
  const mid = Math.floor(cps.length / 2);
  const order = cps.map((_, i) => i).sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b);
  return order.find((i) => ok(cps[i], i)) ?? -1;
}

/** A rule over the word's letters; where it finds no place (no vowel, no cluster), the middle letter is doubled instead, so every word of 4+ letters changes. */
const edit = (f: (cps: string[]) => string[] | undefined) => (w: string) => {
  const cps = [...w];
  if (cps.length < 4) return w;
  const mid = Math.floor(cps.length / 2);
  return (f(cps) ?? [...cps.slice(0, mid + 1), cps[mid], ...cps.slice(mid + 1)]).join("");
};

/** Distance-1 misspellings, each a rule over the word's letters, not a list of words. */
export const MISSPELLINGS: Disguise[] = [
  {
    label: "letter dropped",
    disguise: edit((c) => {
      const i = nearMiddle(c, (_, k) => k > 0 && k < c.length - 1);
      return i < 0 ? undefined : [...c.slice(0, i), ...c.slice(i + 1)];
    }),
  },
  {
    label: "neighbours swapped",
    disguise: edit((c) => {
      const i = nearMiddle(c, (x, k) => k > 0 && k < c.length - 2 && x !== c[k + 1]);
      return i < 0 ? undefined : [...c.slice(0, i), c[i + 1], c[i], ...c.slice(i + 2)];
    }),
  },
  {
    label: "vowel changed",
    disguise: edit((c) => {
      const i = nearMiddle(c, (x, k) => k > 0 && isVowel(x));
      if (i < 0) return undefined;
      const v = c[i].toLowerCase();
      const to = VOWELS[(VOWELS.indexOf(v) + 1) % VOWELS.length];
      return [...c.slice(0, i), c[i] === v ? to : to.toUpperCase(), ...c.slice(i + 1)];
    }),
  },
  {
    label: "vowel inserted",
    disguise: edit((c) => {
      const i = nearMiddle(c, (x, k) => k > 0 && !isVowel(x) && !isVowel(c[k - 1]));
      return i < 0 ? undefined : [...c.slice(0, i), "e", ...c.slice(i)];
    }),
  },
];

export const DOUBLINGS: Disguise[] = [
  {
    label: "consonant doubled",
    disguise: edit((c) => {
      const i = nearMiddle(c, (x, k) => k > 0 && /\p{L}/u.test(x) && !isVowel(x) && c[k - 1] !== x && c[k + 1] !== x);
      return i < 0 ? undefined : [...c.slice(0, i + 1), c[i], ...c.slice(i + 1)];
    }),
  },
  {
    label: "vowel doubled",
    disguise: edit((c) => {
      const i = nearMiddle(c, (x, k) => k > 0 && isVowel(x) && c[k + 1] !== x);
      return i < 0 ? undefined : [...c.slice(0, i + 1), c[i], ...c.slice(i + 1)];
    }),
  },
];

/** Distance 2: two of the rules above, one after the other. */
const TWICE: Disguise[] = MISSPELLINGS.flatMap((a) => DOUBLINGS.map((b) => ({ label: `${a.label} and ${b.label}`, disguise: (w: string) => b.disguise(a.disguise(w)) })));

export const INFLECTIONS: Disguise[] = ["s", "ed", "ing", "ly", "ness", "ish"].map((suffix) => ({ label: `-${suffix}`, disguise: (w: string) => ([...w].length >= 4 ? w + suffix : w) }));

export function orthographyEdits(sensitivity?: Sensitivity): Edit[] {
  const why = "the same word misspelt says nothing more";
  const precomposed = new Map(Object.entries(unicodeTable().precomposed).map(([k, v]) => [k, [...v]]));
  return [
    ...wordEdits({ family: "orthography", operator: "misspelling", why }, [...MISSPELLINGS, ...TWICE], sensitivity),
    ...wordEdits({ family: "orthography", operator: "doubled-letter", why }, DOUBLINGS, sensitivity),
    ...wordEdits({ family: "orthography", operator: "diacritic", why: "a precomposed letter with a mark is the same word misspelt" }, letterSetDisguises(precomposed, "precomposed"), sensitivity),
    ...wordEdits({ family: "orthography", operator: "inflection", why: "a suffix on the same stem adds no content" }, INFLECTIONS, sensitivity, ["sensitive", "sentence"]),
  ];
}
