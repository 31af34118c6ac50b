// The scanner folds each code unit as it reads it instead of lower-casing a copy of the reply first. These
// tests hold it to the scanner it replaced (./scan-reference.ts, main at ad935cd) on texts made to hit
// every case where a unit's fold alone could differ from the whole text's: context-dependent "Σ", "İ"
// (two units in lower case), letters outside the word ranges that fold into them (Kelvin sign, "ẞ"),
// Latin letters that fold out of them ("Ⱥ"), astral letters, curly apostrophes, dashes and breaks.
import { describe, expect, it } from "vitest";
import { foldUnit } from "../../src/text/fold.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText, type Scan } from "../../src/text/scan.js";
import { loadModelProse } from "../../bench/helpers/prose-data.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";
import { referenceScan } from "./scan-reference.js";
import { random } from "../helpers/mulberry32.js";

/** A scan with ids replaced by the strings they stand for, so two lexicons can be compared. */
function readable(s: Scan, lexicon: Lexicon) {
  const words = Array.from({ length: s.n }, (_, k) => [lexicon.surfaces[s.surface[k]], lexicon.lemmas[s.lemma[k]], s.flags[k], s.sentence[k], s.start[k]]);
  return { n: s.n, sentences: s.sentences, words };
}

function expectSameScans(texts: string[]): void {
  const [now, before] = [new Lexicon(), new Lexicon()];
  for (const text of texts) expect(readable(scanText(text, now), now), JSON.stringify(text)).toEqual(readable(referenceScan(text, before), before));
  // The same forms in the same order of first sight: the ids agree too.
  expect(now.surfaces).toEqual(before.surfaces);
}

const PIECES = [
  "The",
  "DOGS",
  "dropped",
  "Mr",
  "j",
  "3",
  "5",
  "e",
  "g",
  "ΣΟΦΙΑ",
  "ΟΔΟΣ",
  "Σ",
  "σ",
  "ς",
  "İstanbul",
  "İ",
  "\u212aelvin",
  "STRAẞE",
  "\u2126m",
  "Å",
  "Ⱥb",
  "ȾⱥȺ",
  "Ꞵeta",
  "\u{1d41b}old",
  "𐐀",
  "naïve",
  "ÉCOLE",
  "×",
  "don",
  "t",
  "’",
  "'",
  "’’",
  " ",
  " ",
  " ",
  "  ",
  ".",
  "...",
  "…",
  "?!",
  "!",
  "?",
  ",",
  ";",
  "—",
  "–",
  "-",
  "--",
  " - ",
  "(",
  ")",
  '"',
  "“",
  "”",
  "*",
  "_",
  "\n",
  "\n\n",
  "\n \n",
  "\r\n",
  "\t",
  "\u0000",
  "\ud800",
  "\udc00",
  "Ǆ",
  "ǅ",
  "ǆ",
  "ﬀ",
  "Ａ",
  "ß",
];

function randomTexts(count: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    let text = "";
    const pieces = 1 + Math.floor(next() * 40);
    for (let k = 0; k < pieces; k++) text += PIECES[Math.floor(next() * PIECES.length)];
    return text;
  });
}

describe("scanText folding unit by unit", () => {
  it("scans as the whole-text fold did, over generated texts of every awkward case", () => {
    expectSameScans(randomTexts(4000, 20261202));
  });

  it("scans every BMP code unit between letters, before and after a word, as the whole-text fold did", () => {
    const texts: string[] = [];
    for (let u = 0; u < 0x10000; u += 64) {
      let text = "";
      for (let v = u; v < u + 64; v++) text += `a${String.fromCharCode(v)}b ${String.fromCharCode(v)}. x${String.fromCharCode(v)} `;
      texts.push(text);
    }
    expectSameScans(texts);
  });

  it.skipIf(!hasSharedData)("scans model replies of the shared prose bank as the whole-text fold did" + (hasSharedData ? "" : ` (skipped: ${sharedDataSkipReason})`), () => {
    const rows = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz"));
    expectSameScans(rows.filter((_, k) => k % 40 === 0).map((r) => r.output as string));
  });
});

describe("foldUnit", () => {
  it("is what lower-casing the unit alone gives (kept where that is two units), with ’ read as '", () => {
    const wrong: number[] = [];
    for (let u = 0; u < 0x10000; u++) {
      const lower = String.fromCharCode(u).toLowerCase();
      const expected = u === 0x2019 ? 39 : lower.length === 1 ? lower.charCodeAt(0) : u;
      if (foldUnit(u) !== expected || foldUnit(foldUnit(u)) !== foldUnit(u)) wrong.push(u);
    }
    expect(wrong).toEqual([]);
  });
});
