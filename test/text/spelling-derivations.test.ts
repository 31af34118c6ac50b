// Issue 36, fourth round: invented derivations and compound splits of priced words. A priced word with a
// suffix English adds to words ("crackedish", "whisperness") is read as the priced word; two words split
// from a priced one ("de liberate") are joined when one of them is not a common English word, and words a
// person writes apart ("every day", "in to") stay apart. Tested over every suffix of the data and every
// priced form of a dictionary's lemmas.
import { describe, expect, it } from "vitest";
import { isCommonEnglish } from "../../src/text/english.js";
import { costlyWords, englishSuffixes, inWordTable, readSpelling } from "../../src/text/spelling.js";
import { COMMON_ENGLISH } from "../../src/text/english.js";

const LEMMAS = ["tapestry", "whisper", "crack", "deliberate", "collapse", "testament", "shimmer", "linger", "cascade", "ethereal", "palpable", "resonate", "flicker", "murmur", "intricate"];
const costly = costlyWords(LEMMAS);

describe("invented derivations of priced words", () => {
  it("takes English's suffixes from the word table: the common derivational and inflectional endings", () => {
    const suffixes = englishSuffixes();
    for (const s of ["ish", "ness", "less", "ful", "like", "ly", "ed", "ing", "able", "ism", "ity", "ment", "ship"]) expect(suffixes.has(s), s).toBe(true);
    expect(suffixes.size).toBeGreaterThan(100);
  });

  it("reads every priced form with every suffix of the data, where that makes no word, as the priced form", () => {
    const wrong: string[] = [];
    let n = 0;
    for (const form of costly.forms) {
      if (form.length < 4) continue;
      for (const suffix of englishSuffixes()) {
        const word = form + suffix;
        if (inWordTable(word)) continue;
        n++;
        const read = readSpelling(`The ${word} stood there.`, undefined, costly);
        if (!new RegExp(`\\b${form}\\b`).test(read)) wrong.push(`${word} → ${read}`);
      }
    }
    expect(n).toBeGreaterThan(5000);
    // A few derive one edit from another priced form, which is read first ("crackers" + "s"): still priced words.
    expect(wrong.filter((w) => ![...costly.forms].some((f) => new RegExp(`\\b${f}\\b`).test(w.split(" → ")[1])))).toEqual([]);
  });
});

describe("priced words split into two words", () => {
  it("joins every split of a priced form into two table words, one not common English", () => {
    const wrong: string[] = [];
    let n = 0;
    for (const form of costly.forms) {
      for (let i = 2; i <= form.length - 2; i++) {
        const [a, b] = [form.slice(0, i), form.slice(i)];
        if (!inWordTable(a) || !inWordTable(b) || (isCommonEnglish(a) && isCommonEnglish(b))) continue;
        n++;
        const read = readSpelling(`The ${a} ${b} stood there.`, undefined, costly);
        if (!read.includes(` ${form} `)) wrong.push(`${a} ${b} → ${read}`);
      }
    }
    expect(n).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  it("keeps apart every two common English words that make a common English word together, priced or not", () => {
    const joined = [...COMMON_ENGLISH].filter((w) => w.length >= 4);
    const pairs: [string, string][] = [];
    for (const w of joined) for (let i = 2; i <= w.length - 2; i++) if (isCommonEnglish(w.slice(0, i)) && isCommonEnglish(w.slice(i))) pairs.push([w.slice(0, i), w.slice(i)]);
    expect(pairs.length).toBeGreaterThan(100);
    const everything = costlyWords(pairs.map(([a, b]) => a + b));
    const wrong = pairs.filter(([a, b]) => !readSpelling(`They went ${a} ${b} again.`, undefined, everything).includes(`${a} ${b}`));
    expect(wrong).toEqual([]);
  });
});
