// Pairing of bank arms (src/certify/bank-arms.ts): by prompt, a prompt's several rows averaged into one
// pair; by id for rows without a prompt; arms on different prompts refused, naming them.
import { describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { compareBankArms } from "../../src/certify/bank-arms.js";
import { pairedDelta } from "../../src/certify/paired-delta.js";

const scored = (id: string, prompt: string | undefined, value: number): BankRow & { score: Score } => ({
  id,
  ...(prompt === undefined ? {} : { prompt }),
  output: `reply ${id}`,
  score: { value, terms: { length: { value: value * 2 } }, instrument: "inst" },
});

describe("compareBankArms", () => {
  it("pairs by prompt and compares the mean of each prompt's rows", () => {
    const base = [scored("a1", "p1", 0), scored("a2", "p1", 1), scored("b1", "p2", 0), scored("c1", "p3", 0.2)];
    const trained = [scored("x1", "p1", 1), scored("y1", "p2", 1), scored("y2", "p2", 0), scored("z1", "p3", 0.9)];
    const c = compareBankArms(base, trained);
    expect(c.paired_by).toBe("prompt");
    expect(c.n_pairs).toBe(3);
    expect(c.rows).toEqual({ base: 4, candidate: 4 });
    // Sorted by prompt: p1 0.5 -> 1, p2 0 -> 0.5, p3 0.2 -> 0.9.
    expect(c.reward).toEqual(pairedDelta([0.5, 0, 0.2], [1, 0.5, 0.9]));
    expect(c.terms.length.delta).toEqual(pairedDelta([1, 0, 0.4], [2, 1, 1.8]));
    expect(c.win_loss_tie).toEqual({ wins: 3, losses: 0, ties: 0 });
  });

  it("pairs rows without a prompt by id", () => {
    const c = compareBankArms([scored("a", undefined, 0), scored("b", undefined, 1)], [scored("b", undefined, 1), scored("a", undefined, 0.5)]);
    expect(c.paired_by).toBe("id");
    expect(c.reward).toEqual(pairedDelta([0, 1], [0.5, 1]));
  });

  it("refuses arms on different prompts, naming them", () => {
    expect(() => compareBankArms([scored("a", "p1", 0), scored("b", "p2", 0)], [scored("a", "p1", 0), scored("b", "p9", 0)])).toThrow(/1 prompt\(s\)\/id\(s\) only in base \("prompt:p2"\); 1 only in trained \("prompt:p9"\)/);
  });
});
