import { describe, expect, it } from "vitest";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText } from "../../src/text/scan.js";
import { findNegations } from "../../src/terms/prose/negation.js";

const lexicon = new Lexicon();
const types = (text: string): string[] => findNegations(scanText(text, lexicon), lexicon).map((h) => h.type);

describe('"not X, but Y" detector', () => {
  it("finds each contrast kind", () => {
    expect(types("It wasn't fear, but something older.")).toEqual(["n't…but"]);
    expect(types("This is not a warning; it is a promise.")).toEqual(["not…semicolon"]);
    expect(types("She did not run — she walked.")).toEqual(["not…dash"]);
    expect(types("He never asked for pity, rather for time.")).toEqual(["never…rather"]);
    expect(types("It was never about the money. Instead, it was pride.")).toEqual(["never…instead-sentence"]);
    expect(types("They did not fight--they waited.")).toEqual(["not…dash"]);
  });

  it("looks no further than 12 words and not past the sentence", () => {
    expect(types("It was not one two three four five six seven eight nine ten eleven twelve, but more.")).toEqual([]);
    expect(types("It was not one two three four five six seven eight nine ten, but more.")).toEqual(["not…but"]);
    expect(types("I did not know. But she did.")).toEqual([]);
  });

  it("skips interrupted speech", () => {
    expect(types('"I didn\'t—" He cut her off. "But you did."')).toEqual([]);
    expect(types('"You can not just—"\n\nShe left.')).toEqual([]);
  });

  it("skips asides between paired dashes and in parentheses", () => {
    expect(types("He did not — at least not yet — answer the question.")).toEqual([]);
    expect(types("The plan (which was not perfect, but close) worked.")).toEqual([]);
  });

  it('does not read the idiom "can\'t help but" as a contrast', () => {
    expect(types("She couldn't help but smile.")).toEqual([]);
  });

  it("leaves hyphenated words alone", () => {
    expect(types("It was not a well-known fact at all.")).toEqual([]);
  });

  it('catches "It wasn\'t fear. It was hunger." (off in the seed preset)', () => {
    expect(types("It wasn't fear. It was hunger.")).toEqual(["n't…next-sentence"]);
    expect(types("It was not fear. It was hunger.")).toEqual(["not…next-sentence"]);
    expect(types("She never cried. She laughed at all of them.")).toEqual(["never…next-sentence"]);
    const seed = (text: string) => findNegations(scanText(text, lexicon), lexicon, [], false).map((h) => h.type);
    expect(seed("It wasn't fear. It was hunger.")).toEqual([]);
  });

  it("needs the next sentence to restate the subject affirmatively", () => {
    expect(types("It wasn't fear. The door opened.")).toEqual([]);
    expect(types("He did not move. He did not breathe.")).toEqual([]);
    expect(types("I don't know. I think so.")).toEqual([]);
    expect(types("It wasn't fear. It is late.")).toEqual([]);
  });
});
