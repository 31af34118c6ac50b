import { describe, expect, it } from "vitest";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText } from "../../src/text/scan.js";
import { compilePhrases, countPhraseRates, findPhrases, phraseCredit, phraseFactor, phraseWeights } from "../../src/terms/prose/phrases.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const lexicon = new Lexicon();
const entries = fixtureDictionary().humanPhrases;
const compiled = compilePhrases(entries, lexicon);
const found = (text: string) => findPhrases(scanText(text, lexicon), compiled).map((id) => entries[id].phrase);

describe("human-phrase bonus", () => {
  it("finds each phrase once per reply, not across punctuation", () => {
    expect(found("At least one of them came. At least he tried.")).toEqual(["at least", "one of"]);
    expect(found("She left as soon as she could.")).toEqual(["as soon as"]);
    expect(found("He was at, least, home.")).toEqual([]);
  });

  it("scores 0.70 with none, full marks at the human 25th percentile, 1 under 40 words", () => {
    expect(phraseFactor(0, 200, 10)).toBe(0.7);
    expect(phraseFactor(5, 200, 10)).toBeCloseTo(0.85, 12);
    expect(phraseFactor(10, 200, 10)).toBe(1);
    expect(phraseFactor(0, 39, 10)).toBe(1);
  });

  it("stops paying for a phrase the policy learns to spam", () => {
    expect([...phraseWeights(entries)]).toEqual([1, 1, 1]);
    // The policy now says "at least" in every 100-word reply: 10 per 1k words, 10× the human rate.
    const atLeast = entries.findIndex((e) => e.phrase === "at least");
    const rates = countPhraseRates(
      entries,
      Array.from({ length: 50 }, () => ({ ids: [atLeast], words: 100 })),
    );
    expect(rates).toEqual({ rollouts: 50, words: 5000, counts: { "at least": 50 } });
    const w = phraseWeights(entries, rates, 1000);
    expect(w[atLeast]).toBe(0);
    // Phrases it does not use keep paying in full.
    expect(w[entries.findIndex((e) => e.phrase === "one of")]).toBe(1);
    expect(phraseCredit([atLeast], w, 100)).toBe(0);
  });

  it("keeps the mined model rates until the declared rates hold enough words", () => {
    const atLeast = entries.findIndex((e) => e.phrase === "at least");
    const rates = countPhraseRates(
      entries,
      Array.from({ length: 5 }, () => ({ ids: [atLeast], words: 100 })),
    );
    expect(phraseWeights(entries, rates, 1000)[atLeast]).toBe(1);
    expect(phraseWeights(entries, rates, 500)[atLeast]).toBe(0);
  });
});
