// The abnormally-short gate's group medians (stack/gates.ts rowGroupMedians, issue 20: two maps instead
// of a key string per row that joined a prefix to the whole prompt). Medians worked by hand.
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { rowGroupMedians } from "../../src/terms/prose/stack/gates.js";

const words = (n: number): string => Array.from({ length: n }, () => "w").join(n % 2 ? " \n" : "\t ");

describe("group medians", () => {
  it("groups by group id, else (scenario length) by prompt, and needs 4 rows with an output", () => {
    const rows: BankRow[] = [
      // Prompt "p": 1, 2, 3, 4, 100 words → median 3; the row with a group id is not one of them.
      ...[1, 2, 3, 4, 100].map((n, i) => ({ id: `p${i}`, prompt: "p", output: words(n) })),
      { id: "g-in-p", prompt: "p", group_id: "g", output: words(7) },
      // Group "7": 10, 20, 7, 30 → (10 + 20) / 2.
      ...[10, 20, 7, 30].map((n, i) => ({ id: `g${i}`, group_id: "7", output: words(n) })),
      // Three replies to "q": too few for a median; a chat prompt joins its messages.
      ...[5, 6, 7].map((n, i) => ({ id: `q${i}`, prompt: [{ role: "user" as const, content: "q" }], output: words(n) })),
      { id: "bad", prompt: "p", output: 5 as unknown as string },
      { id: "none", output: words(3) },
    ];
    const medians = rowGroupMedians(rows, true);
    expect(medians).toEqual([3, 3, 3, 3, 3, undefined, 15, 15, 15, 15, undefined, undefined, undefined, 3, undefined]);
    // Without scenario length only group ids group.
    expect(rowGroupMedians(rows, false)).toEqual([...Array(6).fill(undefined), 15, 15, 15, 15, ...Array(5).fill(undefined)]);
  });
});
