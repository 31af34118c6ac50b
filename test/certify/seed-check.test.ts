import { describe, expect, it } from "vitest";
import { checkBankSeeds } from "../../src/certify/seed-check.js";
import { loadSeedRegistry } from "../../src/envs/humor/seed-sets.js";

describe("checkBankSeeds against the built-in registry", () => {
  const registry = loadSeedRegistry();
  it("refuses seeds of a training split, naming the split", () => {
    expect(() => checkBankSeeds(registry, [20_000_000, 1_000_005], "set x")).toThrow(/set x: evaluation refused: 1 seed\(s\) of "train-rl-d" \(e\.g\. 1000005\)/);
  });
  it("warns about undeclared overlap with sets used for decisions, not about fresh ones", () => {
    const eval4 = checkBankSeeds(registry, [10_000_000, 10_000_001], "set y");
    // eval4 and eval5 both cover these seeds and both were used for decisions
    expect(eval4.warnings).toHaveLength(2);
    expect(eval4.warnings[0]).toMatch(/2 seed\(s\) of "eval4"/);
    expect(checkBankSeeds(registry, [10_000_000], "set y", ["eval4", "eval5"]).warnings).toEqual([]);
    expect(checkBankSeeds(registry, [20_000_000], "set z")).toEqual({ warnings: [], declared: [] });
  });
});
