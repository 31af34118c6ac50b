import { describe, expect, it } from "vitest";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText } from "../../src/text/scan.js";
import { nearRepeats, openerFactor, openerStats, simpson } from "../../src/terms/prose/openers.js";

const lexicon = new Lexicon();
const stats = (text: string) => openerStats(scanText(text, lexicon), lexicon);
const cal = { hhi: { humanP75: 0.1, baseP90: 0.3, humanP99: 0.4 }, repeatRate: { humanP75: 0.2, baseP90: 0.8, humanP99: 0.6 } };

describe("opener diversity", () => {
  it("computes Simpson's index Σ n(n−1) / N(N−1)", () => {
    expect(simpson([1, 2, 3, 4])).toBe(0);
    expect(simpson([1, 1, 1, 1])).toBe(1);
    // counts {1: 2, 2: 1, 3: 1}: 2·1 / (4·3) = 1/6
    expect(simpson([1, 1, 2, 3])).toBeCloseTo(1 / 6, 12);
  });

  it("counts openers that return in the next sentence or the one after", () => {
    expect(nearRepeats([1, 2, 1, 3, 4, 4])).toBe(2);
    expect(nearRepeats([1, 2, 3, 1])).toBe(0);
  });

  it("drops dialogue and skips one leading word", () => {
    const s = stats('He sat. "He is here," she said. Then he stood. Slowly, he turned. He left. She cried.');
    // narration openers: he, (dialogue dropped), he (after Then), he (after Slowly,), he, she
    expect(s.sentences).toBe(5);
    expect(s.hhi).toBeCloseTo((4 * 3) / (5 * 4), 12);
    expect(s.repeats).toBe(3);
    expect(s.repeatRate).toBeCloseTo(3 / 4, 12);
  });

  it("treats the tag after a quoted question or exclamation as part of the dialogue", () => {
    // Without the rule "she asked", "I ask" and "he says" would be narration openers.
    const s = stats('"Really?" she asked. She left. “What? Lunch?” I ask as I pick at my salad. “Why?” he says.\n\nHe sat. I ran. It rained. We slept.');
    expect(s.sentences).toBe(5); // She left, He sat, I ran, It rained, We slept
    expect(s.repeats).toBe(0);
    // A capitalized narration sentence after a quote is still narration; so is a new paragraph.
    expect(stats('"Go!" He ran. He fell.').sentences).toBe(2);
    expect(stats('"Go!"\n\nhe ran.').sentences).toBe(1);
  });

  it("gives 0.96 to replies with fewer than five narration sentences", () => {
    expect(openerFactor(stats("He sat. He stood. He left."), cal, "seed")).toBe(0.96);
  });

  it("is free up to the human 75th percentile and floors at 0.75", () => {
    expect(openerFactor({ sentences: 10, hhi: 0.05, repeats: 1, repeatRate: 0.1 }, cal, "seed")).toBe(1);
    expect(openerFactor({ sentences: 10, hhi: 0.2, repeats: 1, repeatRate: 0.1 }, cal, "seed")).toBeCloseTo(1 - 0.25 * 0.5, 12);
    expect(openerFactor({ sentences: 10, hhi: 0.05, repeats: 5, repeatRate: 0.5 }, cal, "seed")).toBeCloseTo(1 - 0.25 * 0.5, 12);
    expect(openerFactor({ sentences: 10, hhi: 0.9, repeats: 9, repeatRate: 0.9 }, cal, "seed")).toBe(0.75);
  });

  it("does not pay for stopping early: a reply and twice its length in the same style score alike", () => {
    const para = "He sat by the fire. The wind rose outside. He listened to it. Rain struck the glass. He closed his eyes. A dog barked somewhere.";
    const once = stats(para);
    const twice = stats(`${para}\n\n${para}`);
    // Openers He The He Rain He A: "He" returns twice; doubled, once more across the paragraph break.
    expect([once.repeats, twice.repeats]).toEqual([2, 5]); // the count grows with length…
    expect(once.repeatRate).toBeCloseTo(2 / 5, 12); // …the rate barely moves
    expect(twice.repeatRate).toBeCloseTo(5 / 11, 12);
    // With the concentration measure out of play, the rate alone sets the score.
    const rateOnly = { ...cal, hhi: { humanP75: 0.5, baseP90: 0.9, humanP99: 0.95 } };
    expect(openerFactor(once, rateOnly, "seed")).toBeCloseTo(1 - 0.25 * ((2 / 5 - 0.2) / 0.6), 12);
    expect(openerFactor(once, rateOnly, "seed") - openerFactor(twice, rateOnly, "seed")).toBeLessThan(0.025);
  });
});

describe("the hardened opener guard (issue 17, mode templates)", () => {
  it("is free up to the human 99th percentile and reaches the floor only when every opener repeats", () => {
    expect(openerFactor({ sentences: 10, hhi: 0.35, repeats: 5, repeatRate: 0.55 }, cal, "templates")).toBe(1);
    // hhi 0.7 is half-way from the human p99 (0.4) to 1.
    expect(openerFactor({ sentences: 10, hhi: 0.7, repeats: 1, repeatRate: 0.1 }, cal, "templates")).toBeCloseTo(1 - 0.25 * 0.5, 12);
    expect(openerFactor({ sentences: 10, hhi: 1, repeats: 9, repeatRate: 1 }, cal, "templates")).toBe(0.75);
    // The seed rule would already charge the first of these.
    expect(openerFactor({ sentences: 10, hhi: 0.35, repeats: 5, repeatRate: 0.55 }, cal, "seed")).toBeLessThan(1);
  });

  it("does not charge replies too short to judge", () => {
    expect(openerFactor(stats("He sat. He stood. He left."), cal, "templates")).toBe(1);
  });
});
