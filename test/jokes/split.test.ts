import { describe, expect, it } from "vitest";
import { normalizeSetup, splitJokes, splitPosition } from "../../src/envs/jokes/split.js";
import type { JokeCandidate } from "../../src/envs/jokes/joke.js";

const jokes: JokeCandidate[] = Array.from({ length: 2000 }, (_, i) => ({ setup: `Why did cow number ${i} moo?`, punchline: `Because ${i}.` }));

describe("held-out split", () => {
  it("depends only on the normalized setup, not on order or on the other jokes", () => {
    const a = splitJokes(jokes, 0.2);
    const b = splitJokes([...jokes].reverse().slice(0, 1500), 0.2);
    const heldA = new Set(a.eval.map((j) => j.setup));
    for (const j of b.eval) expect(heldA.has(j.setup)).toBe(true);
    for (const j of b.train) expect(heldA.has(j.setup)).toBe(false);
  });

  it("puts case/punctuation variants of a setup on the same side", () => {
    expect(normalizeSetup("  What's  a COW?! ")).toBe("what s a cow");
    expect(splitPosition("What's a cow?")).toBe(splitPosition("what's a cow"));
  });

  it("holds out close to the requested share (binomial 99.9% band)", () => {
    const { eval: held, train } = splitJokes(jokes, 0.2);
    expect(held.length + train.length).toBe(2000);
    // n = 2000, p = 0.2: sd = sqrt(2000 * 0.2 * 0.8) = 17.9; 3.3 sd ≈ 59
    expect(Math.abs(held.length - 400)).toBeLessThan(59);
  });

  it("gives each joke a stable id", () => {
    const [first] = splitJokes([jokes[0]], 0.5).train.concat(splitJokes([jokes[0]], 0.5).eval);
    expect(first.id).toMatch(/^[0-9a-f]{16}$/);
    const again = splitJokes([{ ...jokes[0], setup: ` ${jokes[0].setup} ` }], 0.5);
    expect([...again.train, ...again.eval][0].id).toBe(first.id);
  });

  it("rejects a fraction outside (0, 1)", () => {
    expect(() => splitJokes(jokes, 0)).toThrow(/evalFraction/);
    expect(() => splitJokes(jokes, 1)).toThrow(/evalFraction/);
  });
});
