// What a scoring thread sends back of each score (summaryPart) gives the summary the full scores
// give: the run summary of a two-thread call is the one-thread summary.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer, type OpenedScorer } from "../../src/stacks/open.js";
import { scoredLine, summaryPart } from "../../src/stacks/scored-lines.js";
import { summarizeScores } from "../../src/stacks/summary.js";

const STORY = 'The rain had not stopped for three days. Mara counted the lanterns along the quay, one by one. "You\'re late," said the ferryman. A testament to the tapestry of fate, the city shimmered, a beacon in the dusk.';
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

describe("scoredLine", () => {
  const score: Score = { value: 0.5, terms: { slop: { value: 0.25, details: { top: [{ label: "a ~ b", weight: 1.5 }] } } }, instrument: "abc" };
  const old = (row: object): string => JSON.stringify({ ...row, score }) + "\n";

  it("writes what JSON.stringify of the row and its score writes, for strings the native replaces escape and those left to the engine", () => {
    const strings = [
      "",
      "plain",
      'a "quoted" word',
      "back\\slash \\n not a newline",
      "two\nlines\n\n",
      "curly ’quotes’ — and … “dialogue”",
      "tab\there",
      "bell\u0007",
      "nul\u0000",
      "\r\n",
      "emoji 😀 pair",
      "lone \ud800 high",
      "lone \udc00 low",
      "\u2028\u2029 separators",
      "\u007f del",
    ];
    const rows: object[] = strings.map((s, i) => ({ id: `r${i}`, prompt: s, output: s + s }));
    rows.push(
      { id: 7, nested: { a: [1, "x\ny", null], b: { c: true } }, n: -0, big: 1e21, x: NaN },
      { output: "kept", gone: undefined, fn: () => 1 },
      { "1": "integer keys first", b: "then the rest", "0": "zero", __proto__x: 1 },
      JSON.parse('{"__proto__": "own field", "output": "x"}'),
      { when: new Date(0), custom: { toJSON: (key: string) => `key was ${key}` } },
      {},
    );
    for (const row of rows) expect(scoredLine(row, score)).toBe(old(row));
  });

  it("falls back to the engine for a row with a score field, a toJSON or an array", () => {
    const rows: object[] = [{ id: "a", score: 1, output: "x" }, { toJSON: () => ({ swapped: true }) }, Object.assign(["a"], { id: "x" })];
    for (const row of rows) expect(scoredLine(row, score)).toBe(old(row));
  });

  it("writes each reply of a generated bank as the engine does (random mixes of the characters to escape)", () => {
    const alphabet = ["a", " ", "\n", '"', "\\", "’", "—", "é", "\t", "😀", "\ud83d", "\u001f", "/", "<"];
    let x = 12345;
    const next = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) % alphabet.length;
    for (let k = 0; k < 300; k++) {
      let s = "";
      const len = k % 40;
      for (let i = 0; i < len; i++) s += alphabet[next()];
      const row = { id: `g${k}`, output: s };
      expect(scoredLine(row, score)).toBe(old(row));
    }
  });
});
