import { describe, expect, it } from "vitest";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText, T_ASIDE, T_COMMA_AFTER, T_CONTENT, T_DIALOGUE, T_INTERRUPT_AFTER, T_ITALIC, T_QUESTION_AFTER } from "../../src/text/scan.js";

const lexicon = new Lexicon();
const view = (text: string) => {
  const s = scanText(text, lexicon);
  return Array.from({ length: s.n }, (_, i) => ({ w: lexicon.surfaces[s.surface[i]], lemma: lexicon.lemmas[s.lemma[i]], f: s.flags[i], s: s.sentence[i] }));
};

describe("reply scanner", () => {
  it("lemmatizes and marks content words", () => {
    const t = view("The dogs dropped their bones.");
    expect(t.map((x) => x.lemma)).toEqual(["the", "dog", "drop", "their", "bone"]);
    expect(t.map((x) => (x.f & T_CONTENT) !== 0)).toEqual([false, true, true, false, true]);
  });

  it("splits sentences, but not after titles, initials or decimals", () => {
    expect(view("Mr. Smith paid 3.5 dollars. J. Doe left! Did I?").map((x) => x.s)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2]);
  });

  it("keeps a dialogue tag in the sentence of its quote and flags dialogue and italics", () => {
    const t = view('"Run," she said. *Not again.* He ran?');
    expect(t.map((x) => x.s)).toEqual([0, 0, 0, 1, 1, 2, 2]);
    expect((t[0].f & T_DIALOGUE) !== 0 && (t[0].f & T_COMMA_AFTER) !== 0).toBe(true);
    expect(t[1].f & T_DIALOGUE).toBe(0);
    expect((t[3].f & T_ITALIC) !== 0).toBe(true);
    expect((t[6].f & T_QUESTION_AFTER) !== 0).toBe(true);
  });

  it("tells cut-off speech and asides from contrast dashes", () => {
    expect((view('"I didn\'t—" He left.')[1].f & T_INTERRUPT_AFTER) !== 0).toBe(true);
    const aside = view("He did not — at least not yet — answer.");
    expect(aside.filter((x) => x.f & T_ASIDE).map((x) => x.w)).toEqual(["at", "least", "not", "yet"]);
  });

  it("resets quotes at a paragraph break so one stray mark cannot swallow the reply", () => {
    const t = view('She said "wait.\n\nThe door opened.');
    expect(t.find((x) => x.w === "door")!.f & T_DIALOGUE).toBe(0);
  });

  it("folds curly apostrophes and keeps offsets aligned", () => {
    const text = "She didn’t go.";
    const s = scanText(text, lexicon);
    expect(lexicon.surfaces[s.surface[1]]).toBe("didn't");
    expect(text.slice(s.start[2], s.start[2] + 2)).toBe("go");
  });
});
