import { describe, expect, it } from "vitest";
import { countNonWords, isEnglishWord, nearestWord, nonWordsFactor, readSpelling } from "../../src/text/spelling.js";
import { COMMON_ENGLISH } from "../../src/text/english.js";

describe("readSpelling: a one-edit slip of a known word is read as the word", () => {
  it("undoubles, unmarks, and corrects one edit in unknown words", () => {
    expect(readSpelling("a tappestry of fate")).toBe("a tapestry of fate");
    expect(readSpelling("a tapẹstry of fate")).toBe("a tapestry of fate");
    expect(readSpelling("a tapetsry of fate")).toBe("a tapestry of fate");
    expect(readSpelling("Tappestry.")).toBe("Tapestry.");
    expect(readSpelling("her eyees were dark")).toBe("her eyes were dark");
  });

  it("reads a name only for a doubled letter, never for any other edit", () => {
    expect(readSpelling("She met Marcos at dawn.")).toBe("She met Marcos at dawn.");
    expect(readSpelling("She met Eliias at dawn.")).toBe("She met Elias at dawn.");
  });

  it("reads every doubled-letter slip of every common English word of four or more letters as the word", () => {
    const wrong: string[] = [];
    let n = 0;
    for (const word of COMMON_ENGLISH) {
      if (word.length < 4 || !/^[a-z]+$/.test(word)) continue;
      for (let i = 0; i < word.length; i++) {
        const slip = word.slice(0, i + 1) + word.slice(i);
        if (isEnglishWord(slip) && COMMON_ENGLISH.has(slip)) continue; // "later" → "latter" is a word
        n++;
        const read = readSpelling(`the ${slip} was`);
        if (read !== `the ${word} was`) wrong.push(`${slip} → ${read}`);
      }
    }
    expect(n).toBeGreaterThan(15_000);
    // A slip that is itself a rare word one letter from another common word ("canoe" for "cane") can be read as that word.
    expect(wrong.length / n).toBeLessThan(0.02);
  });

  it("leaves known words and short words alone", () => {
    const text = "The old man sat by the fire and told us about the war, the bridges and the snow.";
    expect(readSpelling(text)).toBe(text);
    expect(nearestWord("xyz")).toBeUndefined();
  });
});

describe("countNonWords", () => {
  it("counts words that are neither English, names nor the prompt's", () => {
    const c = countNonWords("Zorblax walked to the glimmerfane. The glimmerfane was quiet, and Tovren smiled.", new Set(["zorblax"]));
    expect(c.words).toBe(12);
    // "glimmerfane" twice; "Zorblax" is the prompt's; "Tovren" is a name; "The" opens a sentence but is English.
    expect(c.nonWords).toBe(2);
    expect(c.examples).toEqual(["glimmerfane", "glimmerfane"]);
  });

  it("prices a non-word share beyond the free share, never to zero", () => {
    const price = { free: 0.025, floorAt: 0.075, floor: 0.1 };
    expect(nonWordsFactor(0.02, price)).toBe(1);
    expect(nonWordsFactor(0.05, price)).toBeCloseTo(0.55, 6);
    expect(nonWordsFactor(0.5, price)).toBe(0.1);
  });
});
