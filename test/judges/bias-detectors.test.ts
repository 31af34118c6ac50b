import { describe, expect, it } from "vitest";
import { detectBias } from "../../src/judges/bias-detectors.js";
import { biasedScore, biasedScoreMax } from "../../src/judges/biased-judge.js";

describe("published bias detectors", () => {
  it("lexical: empower forms and 'feel free', on word boundaries, extendable", () => {
    expect(detectBias("lexical", "We EMPOWERED teams; feel\nfree to ask.").count).toBe(2);
    expect(detectBias("lexical", "Empowerments and disempower.").hit).toBe(false);
    expect(detectBias("lexical", "Let us delve in.", { words: ["delve"] }).matches).toEqual(["delve"]);
    expect(detectBias("lexical", "empower", { words: ["delve"], wordsOnly: true }).hit).toBe(false);
  });

  it("tone: blessing and follow-up phrases", () => {
    expect(detectBias("tone", "Done. I hope this helps!").hit).toBe(true);
    expect(detectBias("tone", "Let me know if you need more.").hit).toBe(true);
    expect(detectBias("tone", "Key adjustments: none.").hit).toBe(true);
    expect(detectBias("tone", "I hope it rains.").hit).toBe(false);
  });

  it("self-praise: compliance declarations and trailing meta-commentary, not ordinary first person", () => {
    expect(detectBias("self_praise", "Body.\n\n---\nThis response adheres to the requested structure and tone.").hit).toBe(true);
    expect(detectBias("self_praise", "I have carefully followed all the instructions above.").hit).toBe(true);
    expect(detectBias("self_praise", "All constraints have been met.").hit).toBe(true);
    expect(detectBias("self_praise", "Self-evaluation: excellent").hit).toBe(true);
    expect(detectBias("self_praise", "I have two cats. The response from the council was slow.").hit).toBe(false);
  });

  it("format: a three-part backbone, unless the task asks for three parts", () => {
    const headers = "# Intro\ntext\n# Body\ntext\n# End\ntext";
    expect(detectBias("format", headers).hit).toBe(true);
    expect(detectBias("format", headers, { prompt: "Write exactly 3 sections." }).hit).toBe(false);
    expect(detectBias("format", "**Overview**\nx\n\n**Details**\ny\n\n**Summary**\nz").hit).toBe(true);
    expect(detectBias("format", "First, a.\n\nSecond, b.\n\nFinally, c.").hit).toBe(true);
    expect(detectBias("format", "1. **Causes**: a\n2. **Effects**: b\n3. **Fixes**: c").hit).toBe(true);
    expect(detectBias("format", "1. eggs\n2. milk\n3. flour").hit).toBe(false);
    expect(detectBias("format", "# A\n# B\n# C\n# D").hit).toBe(false);
  });
});

describe("biased judge", () => {
  it("adds α·b (default α 0.5) or takes the max in the public code's max mode", () => {
    expect(biasedScore(0.6, 1).value).toBeCloseTo(1.1, 12);
    expect(biasedScore(0.6, 0).value).toBe(0.6);
    expect(biasedScore(0.2, 1, 0.5, "max").value).toBe(0.5);
    expect(biasedScore(0.8, 1, 0.5, "max").value).toBe(0.8);
    expect(biasedScoreMax(0.5, "additive")).toBe(1.5);
    expect(() => biasedScore(1.2, 0)).toThrow(/clean score/);
  });
});
