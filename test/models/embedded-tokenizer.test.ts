import { describe, expect, it } from "vitest";
import { pretokenize, tokenizeWithOffsets } from "../../src/models/embedded/tokenizer.js";
import { applyShape, flagAfter, shapeOf, FLAG_LINE_START, FLAG_MID, FLAG_SENTENCE_START } from "../../src/models/embedded/casing.js";
import { untagBrownSentence } from "../../src/models/embedded/corpus.js";
import { isLaughterToken, triggerSurfaces } from "../../src/models/embedded/laughter.js";

const SAMPLES = [
  "Partner: Haha! That's great.\nAudience: Haha",
  "xD :D ;) 😂😂 🤣 👍🏽 🇫🇷 (laughs) *laughs* [laughter] ㅋㅋㅋ",
  "  leading spaces,\ttabs\t\tand\n\n\ntrailing   ",
  "naïve café — “quotes” don’t can't 3.14 1,000,000",
  "e\u0301 combining, zero\u200bwidth, lone \ud800 surrogate",
  "",
];

describe("embedded LM tokenizer", () => {
  it("reproduces every input exactly, so text_offset is exact", () => {
    for (const text of SAMPLES) {
      const { tokens, offsets } = tokenizeWithOffsets(text);
      expect(tokens.join("")).toBe(text);
      tokens.forEach((t, i) => expect(text.slice(offsets[i], offsets[i] + t.length)).toBe(t));
    }
  });

  it("keeps a word's leading space, splits punctuation and newlines, and makes each emoji one token", () => {
    expect(pretokenize("Partner: Haha! That's\nAudience:")).toEqual(["Partner", ":", " Haha", "!", " That's", "\n", "Audience", ":"]);
    expect(pretokenize(" 😂😂🤣")).toEqual([" 😂", "😂", "🤣"]);
    expect(pretokenize("ok 👍🏽 xD :D (laughs)")).toEqual(["ok", " 👍🏽", " xD", " :D", " (", "laughs", ")"]);
    expect(pretokenize("a  b")).toEqual(["a", " ", " b"]);
  });

  it("classifies case shapes and rebuilds regular ones", () => {
    expect(shapeOf(" haha")).toBe(0);
    expect(shapeOf(" Haha")).toBe(1);
    expect(shapeOf("HAHA")).toBe(2);
    expect(shapeOf("xD")).toBe(3);
    expect(shapeOf("I")).toBe(1);
    expect(applyShape(" haha", 1)).toBe(" Haha");
    expect(applyShape("lol", 2)).toBe("LOL");
    expect(flagAfter(null)).toBe(FLAG_LINE_START);
    expect(flagAfter("\n")).toBe(FLAG_LINE_START);
    expect(flagAfter("!")).toBe(FLAG_SENTENCE_START);
    expect(flagAfter(" word")).toBe(FLAG_MID);
  });

  it("untags Brown sentences with normal spacing and quotes", () => {
    expect(untagBrownSentence("The/at jury/nn said/vbd ``/`` no/at evidence/nn ''/'' ,/, Atlanta's/np$ ./.")).toBe('The jury said "no evidence", Atlanta\'s.');
  });

  it("recognises laughter cues, including elongations, and lists trigger surfaces once each", () => {
    for (const cue of [" Haha", "hahahaha", " LOL", " LMAOOOO", " xD", "😂", " 😹", " :D", "laughs", " chuckled"]) expect(isLaughterToken(cue), cue).toBe(true);
    for (const other of [" ha", " hello", " Nice", " Okay", "!", " half", " roar"]) expect(isLaughterToken(other), other).toBe(false);
    const surfaces = triggerSurfaces();
    expect(new Set(surfaces).size).toBe(surfaces.length);
    for (const s of [" Haha", "haha", " LOL", " 😂", " xD", " XD", " :D", "laughs"]) expect(surfaces).toContain(s);
  });
});
