// What a scoring thread sends back of each score (summaryPart) gives the summary the full scores
// give: the run summary of a two-thread call is the one-thread summary.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer, type OpenedScorer } from "../../src/stacks/open.js";
import { scoredLine, summaryPart } from "../../src/stacks/scored-lines.js";
import { summarizeScores } from "../../src/stacks/summary.js";

const STORY = "The rain had not stopped for three days. Mara counted the lanterns along the quay, one by one. \"You're late,\" said the ferryman. A testament to the tapestry of fate, the city shimmered, a beacon in the dusk.";
const run = { seconds: 2, modelCalls: 0, cacheHits: 0 };

let opened: OpenedScorer;
beforeAll(async () => {
  opened = await openScorer({ stack: "prose", cache: false });
});
afterAll(async () => {
  await opened?.close();
});

describe("summaryPart", () => {
  it("gives the same summary as the full scores, failed and gated rows included", async () => {
    const rows: BankRow[] = [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `r${i}`, prompt: "Write about a river town.", output: STORY.repeat(1 + (i % 3)) })),
      { id: "short", prompt: "Write about a river town.", output: "Rain." },
      { id: "bad", prompt: "Write about a river town.", output: 42 as unknown as string },
    ];
    const scores = await opened.scorer.scoreRows(rows);
    const bare: Score = { value: null, terms: {}, instrument: scores[0].instrument, error: "row x: no kind" };
    const all = [...scores, bare];
    const full = summarizeScores(all, run);
    // Not vacuous: the bank has scored rows with term values, an input error and one without a kind.
    expect(full.scored).toBeGreaterThan(0);
    expect(Object.keys(full.terms).length).toBeGreaterThan(2);
    expect(full.errorsByKind).toMatchObject({ input: 1, internal: 1 });
    expect(summarizeScores(all.map(summaryPart), run)).toEqual(full);
  });

  it("keeps no term details (what makes it smaller than the score)", async () => {
    const [score] = await opened.scorer.scoreRows([{ id: "a", prompt: "p", output: STORY }]);
    const part = summaryPart(score);
    expect(Object.values(part.terms).every((t) => Object.keys(t).join() === "value")).toBe(true);
    expect(JSON.stringify(part).length).toBeLessThan(JSON.stringify(score).length / 2);
    expect(scoredLine({ id: "a" }, score)).toBe(JSON.stringify({ id: "a", score }) + "\n");
  });
});
