import { describe, expect, it } from "vitest";
import { Lexicon } from "../../src/text/lexicon.js";
import { isName, posLemma } from "../../src/text/pos-lemma.js";

// Issue 17's examples: without a part of speech, WordNet's rules took the first base form that exists
// ("stared" → "star", "James" → "jam") and a mined dictionary then listed "star" as an excess word.
describe("part-of-speech-aware lemmas", () => {
  it("gives the issue's verbs their own base form, not a shorter word's", () => {
    for (const w of ["stared", "staring", "stares"]) expect(posLemma(w), w).toBe("stare");
    for (const w of ["scared", "scaring"]) expect(posLemma(w), w).toBe("scare");
    for (const w of ["hoped", "hoping", "hopes"]) expect(posLemma(w), w).toBe("hope");
    // …while the doubled spellings still reach the short verb.
    expect(posLemma("hopped")).toBe("hop");
    expect(posLemma("starred")).toBe("star");
    expect(posLemma("jamming")).toBe("jam");
  });

  it("leaves names alone and keeps the usual inflections", () => {
    expect(isName("james")).toBe(true);
    expect(posLemma("james")).toBe("james");
    expect(posLemma("drew")).toBe("draw");
    expect(posLemma("stars")).toBe("star");
    for (const [w, l] of [
      ["dropped", "drop"],
      ["ran", "run"],
      ["eyes", "eye"],
      ["children", "child"],
      ["happier", "happy"],
      ["was", "be"],
      ["knelt", "kneel"],
      ["breathing", "breathe"],
    ]) {
      expect(posLemma(w), w).toBe(l);
    }
    for (const w of ["zorblax", "news", "evening", "ceiling", "as", "this", "constructor", "__proto__"]) expect(posLemma(w), w).toBe(w);
  });

  it("is what the prose word table uses, so scoring and mining see stare and star apart", () => {
    const lexicon = new Lexicon();
    const stare = lexicon.lemmaOfWord("stare");
    expect(lexicon.lemmaOfWord("stared")).toBe(stare);
    expect(lexicon.lemmaOfWord("Staring")).toBe(stare);
    expect(lexicon.lemmaOfWord("stars")).not.toBe(stare);
    expect(lexicon.lemmas[lexicon.lemmaOfWord("James")]).toBe("james");
  });
});
