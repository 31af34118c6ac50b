import { describe, expect, it } from "vitest";
import { detokenizePtb, looksPtbTokenized } from "../../src/text/detokenize.js";

describe("Treebank detokenization", () => {
  it("joins split contractions and spaced punctuation", () => {
    expect(detokenizePtb("I do n't know , he said . It 's late !")).toBe("I don't know, he said. It's late!");
    expect(detokenizePtb("We 're gon na win ; you 'll see ...")).toBe("We're gonna win; you'll see...");
  });

  it("attaches curly quotes and brackets to the words they enclose", () => {
    expect(detokenizePtb("“ What ? Lunch ? ” I ask ( quietly ) .")).toBe("“What? Lunch?” I ask (quietly).");
  });

  it("leaves ordinary text alone", () => {
    const text = "She didn't look back — not once. “Fine,” he said; it cost $5 (or so).";
    expect(detokenizePtb(text)).toBe(text);
    expect(looksPtbTokenized(text)).toBe(false);
    expect(looksPtbTokenized("I do n't know , he said . It 's late !")).toBe(true);
  });
});
