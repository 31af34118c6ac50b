import { describe, expect, it } from "vitest";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText } from "../../src/text/scan.js";
import { compileSlop, measureSlop } from "../../src/terms/prose/slop.js";
import { saturationIncrement } from "../../src/terms/prose/calibration.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const lexicon = new Lexicon();
const slop = compileSlop(fixtureDictionary(), lexicon);
const measure = (text: string) => measureSlop(scanText(text, lexicon), slop);

describe("slop density", () => {
  it("counts a longer cliché once, at its strongest inner entry", () => {
    // heart~hammer (4), hammer~rib (3) and heart~rib (2) all overlap: one cliché of weight 4.
    const m = measure("Her heart hammered against her ribs.");
    expect(m.words).toBe(6);
    expect(m.per1k.pair).toBeCloseTo(1000 / 6, 9);
    expect(m.density).toBeCloseTo((4 * 1000) / 6, 9);
    expect(m.top).toEqual([{ label: "heart ~ hammer", weight: 4 }]);
  });

  it("matches lemmas, so tense and number do not hide a pair", () => {
    expect(measure("My heart hammers.").density).toBeGreaterThan(0);
    expect(measure("Hearts hammering.").density).toBeGreaterThan(0);
  });

  it("does not pair words across a sentence boundary or beyond five words", () => {
    expect(measure("His heart ached. The hammer fell.").density).toBe(0);
    expect(measure("The heart of the old man and the hammer fell.").density).toBe(0);
  });

  it("saturates repeated hits on one hub with BM25", () => {
    const text = "Her heart hammered. His heart hammered. Their heart hammered.";
    const m = measure(text);
    const expected = 4 * (1 + saturationIncrement(2, 1.2) + saturationIncrement(3, 1.2));
    expect(m.density).toBeCloseTo((expected * 1000) / 9, 9);
  });

  it("punishes the frame but not the word used freshly", () => {
    const frame = measure("The scent of rain filled the room.");
    expect(frame.per1k.frame).toBeGreaterThan(0);
    expect(measure("The scent was strong in the room.").density).toBe(0);
  });

  it("counts excess words and stacked adjectives", () => {
    expect(measure("The air smelled of ozone after the storm.").per1k.excess_word).toBeGreaterThan(0);
    const stacked = measure("They walked into a thick, suffocating cloud.");
    expect(stacked.per1k.stacked_adjectives).toBeGreaterThan(0);
    expect(measure("They walked into a thick cloud, suffocating.").per1k.stacked_adjectives).toBe(0);
  });

  it("adds weighted negation patterns; a pattern at or below 2× counts nothing", () => {
    const weighted = measure("It was not fear, but something older.");
    expect(weighted.per1k.not_x_but_y).toBeGreaterThan(0);
    expect(weighted.density).toBeCloseTo((2 * 1000) / 7, 9);
    const unweighted = measure("She did not run — she walked away.");
    expect(unweighted.per1k.not_x_but_y).toBeGreaterThan(0);
    expect(unweighted.density).toBe(0);
  });

  it("is 0 for clean prose", () => {
    expect(measure("The bus was late again, so she walked to the market and bought bread.").density).toBe(0);
  });
});

describe("opener templates (issue 17, the hardened default)", () => {
  const ev = (weight: number) => ({ weight, ratio: 10, modelPer1k: 1, humanPer1k: 0.1, scenarioShare: 0.2 });
  const dict = fixtureDictionary({
    openerTemplates: [
      { template: "her breath", ...ev(1) },
      { template: "her breath catch", ...ev(3) },
    ],
  });
  const lex = new Lexicon();
  const hardened = compileSlop(dict, lex);
  const seed = compileSlop(dict, lex, { openerTemplates: false });
  const m = (text: string, c = hardened) => measureSlop(scanText(text, lex), c);

  it("counts a narration sentence that opens with a template, once, at the longer template's weight", () => {
    const r = m("Her breath caught. The room was quiet.");
    expect(r.per1k.opener_template).toBeCloseTo(1000 / 7, 9);
    expect(r.density).toBeCloseTo((3 * 1000) / 7, 9);
    // After one skipped leading word, as the opener term reads openers; tense does not hide it.
    expect(m("Then her breath catches. The room was quiet.").density).toBeCloseTo((3 * 1000) / 8, 9);
    expect(m("Her breath was slow. The room was quiet.").density).toBeCloseTo((1 * 1000) / 8, 9);
  });

  it("leaves negations to the not-X-but-Y detector", () => {
    const neg = compileSlop(fixtureDictionary({ openerTemplates: [{ template: "it wasn't", ...ev(2) }] }), lex);
    expect(m("It wasn't fear. The room was quiet.", neg).per1k.opener_template).toBe(0);
  });

  it("ignores the words anywhere else: mid-sentence, in dialogue, or across a comma", () => {
    expect(m("She held her breath. The room was quiet.").density).toBe(0);
    expect(m('"Her breath caught," she said. The room was quiet.').density).toBe(0);
    expect(m("Her, breath caught. The room was quiet.").density).toBe(0);
  });

  it("saturates repeats of one template like any other entry, and is off for the seed preset", () => {
    const twice = m("Her breath caught. Her breath caught.");
    expect(twice.density).toBeCloseTo((3 * (1 + saturationIncrement(2, 1.2)) * 1000) / 6, 9);
    expect(m("Her breath caught. The room was quiet.", seed).density).toBe(0);
  });
});
