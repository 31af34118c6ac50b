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

/** longestPrefix as it was before its shortcut (every kept prompt walked to its first difference). */
function longestPrefixByWalk(kept: { scores: PromptScores; topK: number; withRanks: boolean }[], tokens: string[], topK: number, withRanks: boolean) {
  let best: { scores: PromptScores; length: number } | undefined;
  for (let e = kept.length - 1; e >= 0; e--) {
    const entry = kept[e];
    if (entry.topK !== topK || (withRanks && !entry.withRanks)) continue;
    const limit = Math.min(entry.scores.tokens.length, tokens.length);
    let n = 0;
    while (n < limit && entry.scores.tokens[n] === tokens[n]) n++;
    if (n > (best?.length ?? 0)) best = { scores: entry.scores, length: n };
  }
  return best;
}

describe("RecentPrompts.longestPrefix", () => {
  it("finds the same prompt and length as walking every kept prompt, on 2,000 generated lists (ties, prefixes of each other, other top-k)", () => {
    let seed = 7;
    const rng = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ["a", "b", "c", " the", "\n"];
    for (let round = 0; round < 2000; round++) {
      const memo = new RecentPrompts(8);
      const kept: { scores: PromptScores; topK: number; withRanks: boolean }[] = [];
      const base = Array.from({ length: 1 + Math.floor(rng() * 12) }, () => alphabet[Math.floor(rng() * alphabet.length)]);
      for (let k = 0; k < 1 + Math.floor(rng() * 10); k++) {
        // Variants of one prompt: cut, changed at one place, extended; so prefixes are long and often tie.
        const tokens = base.slice(0, Math.floor(rng() * (base.length + 1)));
        if (rng() < 0.5 && tokens.length > 0) tokens[Math.floor(rng() * tokens.length)] = alphabet[Math.floor(rng() * alphabet.length)];
        while (rng() < 0.4) tokens.push(alphabet[Math.floor(rng() * alphabet.length)]);
        const entry = { scores: { tokens, logprobs: tokens.map(() => -1), top: null }, topK: rng() < 0.8 ? 0 : 2, withRanks: rng() < 0.3 };
        memo.add(entry.scores, entry.topK, entry.withRanks);
        kept.push(entry);
        if (kept.length > 8) kept.shift();
      }
      const query = [...base];
      if (rng() < 0.3 && query.length > 0) query[Math.floor(rng() * query.length)] = "z";
      for (const [topK, withRanks] of [
        [0, false],
        [0, true],
        [2, false],
      ] as const) {
        const now = memo.longestPrefix(query, topK, withRanks);
        const before = longestPrefixByWalk(kept, query, topK, withRanks);
        expect(now?.length, `round ${round}`).toBe(before?.length);
        expect(now?.scores, `round ${round}`).toBe(before?.scores);
      }
    }
  });
});
