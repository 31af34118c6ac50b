import { describe, expect, it } from "vitest";
import { FILTER_RULES, filterJokes } from "../../src/envs/jokes/filters.js";
import type { JokeCandidate } from "../../src/envs/jokes/joke.js";

const good: JokeCandidate = { setup: "Why did the cow cross the road?", punchline: "To get to the udder side." };

describe("filterJokes", () => {
  it("applies each seed rule and counts rejections per rule and by first broken rule", () => {
    const candidates: JokeCandidate[] = [
      good,
      { setup: "Why did the cow cross the road", punchline: "x" }, // no "?"
      { setup: "Did you hear about the cow?", punchline: "x" }, // not What/Why/How
      { setup: "Whatever happened to cows?", punchline: "x" }, // "What" not as a word
      { setup: "What is a cow (asking for a friend)?", punchline: "x" }, // bracket
      { setup: "How does a cow [sic] moo?", punchline: "x" }, // bracket
      { setup: "What's a cow's favourite film?", punchline: "[removed]" },
      { setup: "What's a cow's favourite song?", punchline: "   " },
      { setup: "What's a cow's favourite game?", punchline: "Moo-nopoly\nEdit: thanks for the gold" },
      { setup: "What's a cow's favourite meal?", punchline: "Grass; obviously" },
      { setup: "What's a cow's favourite dance?", punchline: "The moo-nwalk", score: 10 },
      { setup: "What's a cow's favourite city?", punchline: "Moo York", score: 80 },
      { setup: "  Why did the cow cross the road?  ", punchline: " To get to the udder side. " }, // duplicate after trim
      { setup: "Did you see that (", punchline: "" }, // breaks four rules
    ];
    const { kept, counts } = filterJokes(candidates, { minScore: 75 });
    expect(kept.map((j) => j.punchline)).toEqual(["To get to the udder side.", "Moo York"]);
    expect(counts.input).toBe(14);
    expect(counts.kept).toBe(2);
    expect(counts.duplicates).toBe(1);
    expect(counts.removedFirstBy).toEqual({
      setup_is_question: 2,
      setup_opens_what_why_how: 2,
      setup_no_brackets: 2,
      punchline_present: 2,
      punchline_one_line: 1,
      punchline_no_semicolon: 1,
      min_score: 1,
    });
    const removed = Object.values(counts.removedFirstBy).reduce((a, b) => a + b, 0);
    expect(removed + counts.duplicates + counts.kept).toBe(counts.input);
    expect(counts.rejectedBy.setup_is_question).toBe(2);
    expect(counts.rejectedBy.setup_opens_what_why_how).toBe(3);
    expect(counts.rejectedBy.setup_no_brackets).toBe(3);
    expect(counts.rejectedBy.punchline_present).toBe(3);
  });

  it("lets records without a score pass the minimum-score rule", () => {
    expect(filterJokes([good], { minScore: 1000 }).counts.kept).toBe(1);
    expect(filterJokes([{ ...good, score: 999 }], { minScore: 1000 }).counts.kept).toBe(0);
  });

  it("has one uniquely named rule per seed condition", () => {
    expect(new Set(FILTER_RULES.map((r) => r.name)).size).toBe(FILTER_RULES.length);
  });
});
