// Filter counts on the shared joke sets (measured once, pinned here so a change to a rule shows up
// as a changed count). The files are read from ../shared/data, never copied into the repository.
import { describe, expect, it } from "vitest";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";
import { loadJokeCandidates } from "../../src/envs/jokes/load.js";
import { filterJokes } from "../../src/envs/jokes/filters.js";
import { splitJokes } from "../../src/envs/jokes/split.js";

const cases = [
  { file: "jokes/jokes_reddit_qa.jsonl", input: 38269, kept: 29652, duplicates: 0, held: 5892 },
  { file: "jokes/jokes_reddit_dadjokes.jsonl", input: 5905, kept: 1854, duplicates: 0, held: 357 },
  { file: "jokes/jokes_clean_setup_punchline.jsonl", input: 673, kept: 467, duplicates: 9, held: 89 },
  { file: "jokes/jokes_oneliners_npm.jsonl", input: 2633, kept: 458, duplicates: 0, held: 97 },
  { file: "jokes/fortunes_en.jsonl.gz", input: 15671, kept: 136, duplicates: 0, held: 22 },
];

describe.skipIf(!hasSharedData)(`filter counts on the shared joke sets (${hasSharedData ? "present" : sharedDataSkipReason})`, () => {
  it.each(cases)("$file: $kept of $input survive, $held held out", ({ file, input, kept, duplicates, held }) => {
    const { counts, kept: jokes } = filterJokes(loadJokeCandidates(sharedPath(file)));
    expect(counts).toMatchObject({ input, kept, duplicates });
    const removed = Object.values(counts.removedFirstBy).reduce((a, b) => a + b, 0);
    expect(removed + duplicates + kept).toBe(input);
    expect(splitJokes(jokes, 0.2).eval).toHaveLength(held);
  });

  it("the r/Jokes question/answer set loses most records to the What/Why/How rule", () => {
    const { counts } = filterJokes(loadJokeCandidates(sharedPath("jokes/jokes_reddit_qa.jsonl")));
    expect(counts.removedFirstBy).toEqual({
      setup_is_question: 8,
      setup_opens_what_why_how: 8499,
      setup_no_brackets: 41,
      punchline_present: 44,
      punchline_one_line: 0,
      punchline_no_semicolon: 25,
      min_score: 0,
    });
  });

  it("rJokes with a minimum log-upvote score of 5 keeps 1,118 of 86,492", () => {
    const { counts } = filterJokes(loadJokeCandidates(sharedPath("jokes/jokes_rjokes_scored.jsonl.gz")), { minScore: 5 });
    expect(counts).toMatchObject({ input: 86492, kept: 1118, duplicates: 9 });
    expect(counts.removedFirstBy.min_score).toBe(22992);
  });
});
