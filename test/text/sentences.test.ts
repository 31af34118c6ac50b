import { describe, expect, it } from "vitest";
import { sentenceSpans, splitSentences } from "../../src/text/sentences.js";

describe("splitSentences", () => {
  it("splits on . ? ! and keeps titles, initials and Latin abbreviations inside", () => {
    expect(splitSentences("Mr. Smith met Dr. Jones. They talked, e.g. about J. R. R. Tolkien. Fine!")).toEqual(["Mr. Smith met Dr. Jones.", "They talked, e.g. about J. R. R. Tolkien.", "Fine!"]);
  });
  it("handles quotes: a closing quote after the punctuation belongs to the sentence", () => {
    expect(splitSentences('"Why?" she asked. "Because." He left.')).toEqual(['"Why?" she asked.', '"Because."', "He left."]);
    expect(splitSentences("“Run!” He ran.")).toEqual(["“Run!”", "He ran."]);
  });
  it("does not split before a lowercase continuation (ellipsis, question inside a sentence)", () => {
    expect(splitSentences("Then… nothing happened. Wait... What?! No.")).toEqual(["Then… nothing happened.", "Wait...", "What?!", "No."]);
  });
  it("splits at paragraph breaks and at line breaks that end a sentence, not inside wrapped lines", () => {
    expect(splitSentences("First line ends here\n\nSecond para.\nthird line, hard\nwrapped in the middle.")).toEqual(["First line ends here", "Second para.", "third line, hard\nwrapped in the middle."]);
  });
  it("returns nothing for blank input and one sentence without punctuation", () => {
    expect(splitSentences("   ")).toEqual([]);
    expect(splitSentences("no punctuation at all")).toEqual(["no punctuation at all"]);
  });
  it("gives offsets into the input", () => {
    const text = "  One. Two!  ";
    for (const s of sentenceSpans(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
});
