// The embedded LM's prefix memo holds a bounded number of scores whatever clients send: before, 16
// prompts of 20,000 tokens with 20 alternatives each (about 6.4 M objects) were kept for good.
import { describe, expect, it } from "vitest";
import { RecentPrompts } from "../../src/models/embedded/recent-prompts.js";
import type { PromptScores } from "../../src/models/embedded/lm.js";

const prompt = (n: number, tag: string): PromptScores => ({ tokens: Array.from({ length: n }, (_, i) => `${tag}${i}`), logprobs: new Array(n).fill(-1), top: null });

describe("RecentPrompts", () => {
  it("keeps at most 200,000 scores (positions × (1 + top-k)), dropping the oldest", () => {
    const memo = new RecentPrompts(16);
    for (let k = 0; k < 16; k++) memo.add(prompt(9_000, `p${k}-`), 20, false);
    expect(memo.size).toBeLessThanOrEqual(200_000);
    expect(memo.size).toBe(9_000 * 21);
    // The newest is kept and found; the oldest was dropped.
    expect(memo.longestPrefix(prompt(10, "p15-").tokens, 20, false)?.length).toBe(10);
    expect(memo.longestPrefix(prompt(10, "p0-").tokens, 20, false)).toBeUndefined();
  });

  it("does not keep a prompt heavier than the bound, and still keeps 16 short ones", () => {
    const memo = new RecentPrompts(16);
    memo.add(prompt(20_000, "big"), 20, false);
    expect(memo.size).toBe(0);
    for (let k = 0; k < 20; k++) memo.add(prompt(100, `s${k}-`), 5, false);
    expect(memo.size).toBe(16 * 100 * 6);
  });
});
