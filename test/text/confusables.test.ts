import { describe, expect, it } from "vitest";
import { asciiTwin, CONFUSABLE_TO_ASCII, lookalikesOf } from "../../src/text/confusables.js";
import { foldConfusables, normalizeMarks } from "../../src/text/cleanup.js";

describe("Unicode confusables table", () => {
  it("maps the look-alikes issue 17 found to their ASCII twins", () => {
    expect(asciiTwin("\u0131")).toBe("i"); // dotless ı
    expect(asciiTwin("\u02BC")).toBe("'"); // modifier-letter apostrophe
    expect(asciiTwin("\u043E")).toBe("o"); // Cyrillic о
    expect(asciiTwin("\u{1D41A}")).toBe("a"); // mathematical bold a
    expect(asciiTwin("\u0399")).toBe("I"); // Greek capital iota: a capital stroke is I, not l
  });

  it("keeps only one-letter skeletons from letters, never ASCII, CJK or symbols", () => {
    expect(asciiTwin("m")).toBeUndefined(); // the table's m → "rn" is two letters
    expect(asciiTwin("\u00D7")).toBeUndefined(); // × is a symbol
    expect(asciiTwin("\u4E00")).toBeUndefined(); // 一
    expect([...CONFUSABLE_TO_ASCII.values()].every((t) => /^[A-Za-z']$/.test(t))).toBe(true);
    expect(lookalikesOf("i")).toEqual(expect.arrayContaining(["\u0131", "\u0456"]));
  });
});

describe("foldConfusables", () => {
  it("folds disguised Latin words, apostrophes inside them included", () => {
    expect(foldConfusables("Hıs heart hammered")).toBe("His heart hammered");
    expect(foldConfusables("It wasn\u02BCt fear")).toBe("It wasn't fear");
    expect(foldConfusables("\u{1D41B}\u{1D428}\u{1D425}\u{1D41D} text")).toBe("bold text");
  });

  it("keeps real Cyrillic and Greek words and plain text", () => {
    expect(foldConfusables("Привет мир λόγος")).toBe("Привет мир λόγος");
    const plain = "She said “don’t” and left — 3 × 4.";
    expect(foldConfusables(plain)).toBe(plain.replace("’", "'"));
  });
});

describe("normalizeMarks", () => {
  it("removes marks that compose into accented letters once past the budget", () => {
    const zalgo = "Her breath hitched as the storm came".replace(/[aeiou]/g, (c) => `${c}\u0300`);
    expect(normalizeMarks(zalgo, 2)).toBe("Her breath hitched as the storm came");
  });

  it("keeps ordinary diacritics and is stripZalgo within the budget", () => {
    expect(normalizeMarks("A café, a naïve résumé and a long walk home along the river.", 2)).toBe("A café, a naïve résumé and a long walk home along the river.");
    expect(normalizeMarks("Z̸̢̛̗algo", 50)).toBe("Zalgo");
  });
});
