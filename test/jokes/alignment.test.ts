// Alignment and reward math on hand-made token lists (the same rules are checked against the real
// built-in server in vrcli-server.test.ts).
import { describe, expect, it } from "vitest";
import { AlignmentError, checkedPunchlineLogprobs, perplexity } from "../../src/terms/vrcli/alignment.js";
import { echoTokens, splitAtBoundary } from "../../src/models/continuation.js";
import { vrcliReward } from "../../src/terms/vrcli/reward.js";
import { baseContext, plusContext, punchlineContinuation } from "../../src/terms/vrcli/template.js";

// The client's boundary rule composed with the reward's check, on hand-made echo arrays.
function punchline(echo: { tokens: string[]; token_logprobs: (number | null)[]; text_offset: number[] }, context: string, text: string) {
  return checkedPunchlineLogprobs(splitAtBoundary(echoTokens(echo, text), context.length), context);
}

describe("alignment on hand-made echo tokens", () => {
  // "Answer: Beef" with context "Answer:" (boundary 7)
  const echo = { tokens: ["Answer", ":", " Beef"], token_logprobs: [null, -1, -2.5], text_offset: [0, 6, 7] };

  it("counts the first punchline token (the seed's lp[:, p_len:] slice skipped it)", () => {
    expect(punchline(echo, "Answer:", "Answer: Beef")).toEqual({ tokens: [" Beef"], logprobs: [-2.5] });
  });

  it("gives a token that straddles the boundary to the punchline", () => {
    const fused = { tokens: ["Answer", ": B", "eef"], token_logprobs: [null, -3, -0.5], text_offset: [0, 6, 9] };
    expect(punchline(fused, "Answer:", "Answer: Beef")).toEqual({ tokens: [": B", "eef"], logprobs: [-3, -0.5] });
  });
});

describe("checkedPunchlineLogprobs", () => {
  const context = "Question: Why?\nAnswer:";
  it("accepts a first token at or before the boundary and rejects a dropped first token", () => {
    const ok = { logprob: -3, contextTokenCount: 5, tokens: [{ token: " Beef", logprob: -3, offset: context.length }] };
    expect(checkedPunchlineLogprobs(ok, context).logprobs).toEqual([-3]);
    const dropped = { logprob: -1, contextTokenCount: 5, tokens: [{ token: "!", logprob: -1, offset: context.length + 5 }] };
    expect(() => checkedPunchlineLogprobs(dropped, context)).toThrow(/a token was dropped/);
    expect(() => checkedPunchlineLogprobs({ logprob: 0, contextTokenCount: 5, tokens: [] }, context)).toThrow(/no punchline tokens/);
    const nan = { logprob: NaN, contextTokenCount: 5, tokens: [{ token: " Beef", logprob: NaN, offset: context.length }] };
    expect(() => checkedPunchlineLogprobs(nan, context)).toThrow(/no finite log-prob/);
  });
});

describe("perplexity and reward", () => {
  it("is exp(−mean log-prob), defined for a single token", () => {
    expect(perplexity([-2])).toBeCloseTo(Math.exp(2), 12);
    expect(perplexity([-1, -3])).toBeCloseTo(Math.exp(2), 12);
    expect(() => perplexity([])).toThrow(AlignmentError);
  });

  it("is max(0, (base − plus) / base)", () => {
    expect(vrcliReward(20, 5)).toBeCloseTo(0.75, 12);
    expect(vrcliReward(5, 20)).toBe(0);
    expect(vrcliReward(7, 7)).toBe(0);
    expect(() => vrcliReward(0, 1)).toThrow(RangeError);
    expect(() => vrcliReward(Infinity, 1)).toThrow(RangeError);
  });
});

describe("template", () => {
  it("joins context and punchline at a plain word boundary", () => {
    expect(baseContext(" Why? ") + punchlineContinuation(" Because. ")).toBe("Question: Why?\nAnswer: Because.");
    expect(plusContext("Why?", " pun on herd ")).toBe("Question: Why?\nReasoning: pun on herd\nAnswer:");
  });
});
