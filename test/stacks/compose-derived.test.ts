// A combine function that needs more than one number per term: it reads each term's details and
// publishes derived entries in score.terms (what humor's certified retention and training reward do).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { BankRow } from "../../src/core/types.js";
import { composeStack } from "../../src/stacks/compose.js";
import { defineTerm } from "../../src/terms/define.js";

const words = defineTerm({
  meta: { name: "words", kind: "factor", roles: [], version: "words-1", description: "word lengths", options: z.object({}).strict() },
  measure: (rows: readonly BankRow[]) => rows.map((r) => ({ value: 1, details: { lengths: r.output.split(" ").map((w) => w.length) } })),
});

const stack = composeStack<Record<string, unknown>, BankRow>({
  name: "derived",
  description: "",
  version: "1",
  rowKind: "bank",
  terms: [words],
  combine: (values, { terms }) => {
    const lengths = (terms.words.details as { lengths: number[] }).lengths;
    const longest = Math.max(...lengths);
    return { value: values.words * longest, terms: { longest: { value: longest, details: { of: lengths.length } } } };
  },
});

describe("composeStack combine with details", () => {
  it("sees every term's details and merges the derived entries it returns into score.terms", async () => {
    const scorer = await stack.create(stack.options.parse({}), {});
    const [score] = await scorer.scoreRows([{ id: "a", prompt: "p", output: "ab abcd a" }]);
    expect(score.value).toBe(4);
    expect(score.terms).toEqual({ words: { value: 1, details: { lengths: [2, 4, 1] } }, longest: { value: 4, details: { of: 3 } } });
  });
});
