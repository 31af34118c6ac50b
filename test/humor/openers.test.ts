// The laughter opener set must be prefix-free at the string level, or the exact mode would count the
// same probability mass twice; the top-k token rule recognizes laughing tokens and nothing else.
import { describe, expect, it } from "vitest";
import { LAUGHTER_OPENERS, isLaughterToken, prefixViolations } from "../../src/terms/humor/laughter-openers.js";
import { logSumExp, tasteUnits } from "../../src/terms/humor/audience-taste.js";
import { audiencePrompt } from "../../src/terms/humor/audience-prompt.js";

describe("laughter openers", () => {
  it("no opener is a prefix of another (and none repeats)", () => {
    expect(prefixViolations(LAUGHTER_OPENERS)).toEqual([]);
    expect(LAUGHTER_OPENERS.every((o) => o.startsWith(" "))).toBe(true);
  });

  it("the check catches prefixes and duplicates", () => {
    expect(prefixViolations([" Ha", " Haha", " lol"])).toEqual([[" Ha", " Haha"]]);
    expect(prefixViolations([" lol", " lol"])).toEqual([[" lol", " lol"]]);
  });

  it("top-k mode counts laughing tokens only", () => {
    for (const t of [" Haha", " hahaha", " LOL", " lmao", " 😂", " Ha", " heh", " *laughs*", " xD"]) expect(isLaughterToken(t)).toBe(true);
    for (const t of [" He", " Hello", " Let", " Hmm", " ", " Okay", " l"]) expect(isLaughterToken(t)).toBe(false);
  });
});

describe("taste units and log-sum-exp", () => {
  it("maps L linearly from [L_lo, L_hi] to [0, 1]: 1 nat ≈ 0.056 taste units on the default span", () => {
    expect(tasteUnits(-11, -20, -2)).toBeCloseTo(0.5, 12);
    expect(tasteUnits(-10, -20, -2) - tasteUnits(-11, -20, -2)).toBeCloseTo(1 / 18, 12); // 0.0556
    expect(tasteUnits(-30, -20, -2)).toBe(0);
    expect(tasteUnits(0, -20, -2)).toBe(1);
    expect(() => tasteUnits(0, -2, -20)).toThrow(/L_hi/);
  });

  it("log-sum-exp is log Σ exp, stably", () => {
    // log(e^-1 + e^-2) = −1 + log(1 + e^-1) = −0.6867383124818793
    expect(logSumExp([-1, -2])).toBeCloseTo(-0.6867383124818793, 12);
    expect(logSumExp([-1000, -1000])).toBeCloseTo(-1000 + Math.LN2, 9);
    expect(logSumExp([-Infinity])).toBe(-Infinity);
  });
});

describe("audience prompt", () => {
  it("renders speaker names and ends with the audience's tag", () => {
    const p = audiencePrompt([
      { speaker: "partner", text: "The printer is jammed." },
      { speaker: "policy", text: "Again?\nUnbelievable." },
    ]);
    expect(p.endsWith("\nJordan: The printer is jammed.\nSam: Again? Unbelievable.\nRiley:")).toBe(true);
  });
});
