import { describe, expect, it } from "vitest";
import { JudgementParseError, parseJudgement, parseYesNo } from "../../src/judges/judgement-parse.js";

// Protocol fixtures: reply shapes seen from real judges.
describe("parseJudgement", () => {
  it("reads JSON, labelled, fraction and bare forms on the requested scale", () => {
    expect(parseJudgement('{"score": 7}').value).toBeCloseTo(0.7, 12);
    expect(parseJudgement('Reasoning... {"score": "8.5", "why": "ok"}').value).toBeCloseTo(0.85, 12);
    expect(parseJudgement("The answer is fine.\nScore: **9**/10").value).toBeCloseTo(0.9, 12);
    expect(parseJudgement("I'd give it 3 out of 5").value).toBeCloseTo(0.6, 12);
    expect(parseJudgement("<think>score: 1</think>\n6").value).toBeCloseTo(0.6, 12);
    expect(parseJudgement("0.75", 1).value).toBe(0.75);
  });

  it("fails explicitly on unparseable or out-of-range replies, never returning 0", () => {
    expect(() => parseJudgement("")).toThrow(JudgementParseError);
    expect(() => parseJudgement("It is a decent answer overall.")).toThrow(/no score found/);
    expect(() => parseJudgement("Score: 14")).toThrow(/outside \[0, 10\]/);
  });
});

describe("parseYesNo", () => {
  it("accepts YES/NO answers and rejects anything else", () => {
    expect(parseYesNo("YES")).toBe(true);
    expect(parseYesNo("no.")).toBe(false);
    expect(parseYesNo("Verdict: yes")).toBe(true);
    expect(() => parseYesNo("maybe")).toThrow(JudgementParseError);
  });

  it("refuses a reply that answers both ways, but not a yes that mentions 'no' in passing", () => {
    expect(() => parseYesNo("yes, but no")).toThrow(/ambiguous/);
    expect(() => parseYesNo("Yes/No")).toThrow(/ambiguous/);
    expect(parseYesNo("Yes, there are no errors.")).toBe(true);
  });
});
