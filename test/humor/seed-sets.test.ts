// The seed-set registry: refuses evaluations on training seeds, warns on undeclared reuse of decision
// sets, allows declared overlaps (eval5 ⊃ eval4), keeps replications disjoint.
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { assertEvaluationAllowed, checkEvaluationSeeds, findSeedSet, loadSeedRegistry, overlapOf, parseSeedRegistry, replicationsOf, seedRegistryJsonSchema, seedsOf } from "../../src/envs/humor/seed-sets.js";

const registry = loadSeedRegistry();

describe("seed-set registry", () => {
  it("ships the seed's sets: eval6 at 12,000,000 (n = 1,000) and replications at 14M and 16M", () => {
    const eval6 = findSeedSet(registry, "eval6");
    expect([eval6.offset, eval6.size]).toEqual([12_000_000, 1000]);
    expect(seedsOf(eval6, 3)).toEqual([12_000_000, 12_000_001, 12_000_002]);
    expect(replicationsOf(registry, "eval6").map((s) => s.offset)).toEqual([14_000_000, 16_000_000]);
  });

  it("computes half-open overlaps", () => {
    expect(overlapOf({ offset: 0, size: 10 }, { offset: 5, size: 10 })).toEqual([5, 10]);
    expect(overlapOf({ offset: 0, size: 10 }, { offset: 10, size: 10 })).toBeNull();
  });

  it("allows a fresh evaluation with no warnings", () => {
    expect(checkEvaluationSeeds(registry, findSeedSet(registry, "eval6"))).toEqual({ refused: [], warnings: [], declared: [] });
  });

  it("allows eval5's declared overlap with eval4 and says so", () => {
    const check = assertEvaluationAllowed(registry, findSeedSet(registry, "eval5"));
    expect(check.warnings).toEqual([]);
    expect(check.declared).toEqual(['declared overlap with "eval4" on seeds 10000000–10000499 (500)']);
  });

  it("warns on an undeclared overlap with sets already used for decisions", () => {
    const check = checkEvaluationSeeds(registry, { offset: 10_000_400, size: 200 });
    expect(check.refused).toEqual([]);
    expect(check.warnings).toHaveLength(2); // eval4 (400–499) and eval5 (400–599)
    expect(check.warnings[0]).toContain('"eval4"');
    expect(check.warnings[0]).toContain("(100)");
  });

  it("refuses an evaluation that reuses training seeds, naming each split", () => {
    const target = { offset: 999_990, size: 20 };
    expect(checkEvaluationSeeds(registry, target).refused).toEqual(['overlaps training split "train-rl-c" on seeds 999990–999999 (10)', 'overlaps training split "train-rl-d" on seeds 1000000–1000009 (10)']);
    expect(() => assertEvaluationAllowed(registry, target)).toThrow(InputError);
    // declaring the overlap does not make training seeds usable
    expect(() => assertEvaluationAllowed(registry, { ...target, declared_overlaps: ["train-rl-c", "train-rl-d"] })).toThrow(/refused/);
  });

  it("rejects malformed registries with the field named", () => {
    const ok = { format: "foolsgold-seed-sets/1", sets: [{ name: "a", offset: 0, size: 5, purpose: "training" }] };
    expect(() => parseSeedRegistry({ ...ok, sets: [...ok.sets, ok.sets[0]] }, "r.json")).toThrow(/sets.1.name: duplicate seed set name "a"/);
    expect(() => parseSeedRegistry({ ...ok, sets: [{ ...ok.sets[0], size: 0 }] }, "r.json")).toThrow(/r.json: sets.0.size/);
    expect(() => parseSeedRegistry({ ...ok, sets: [{ ...ok.sets[0], purpose: "fun" }] }, "r.json")).toThrow(/sets.0.purpose/);
    expect(() => parseSeedRegistry({ ...ok, sets: [{ name: "e", offset: 9, size: 1, purpose: "evaluation", declared_overlaps: ["nope"] }] }, "r.json")).toThrow(/unknown seed set "nope"/);
  });

  it("refuses replications that share seeds", () => {
    const bad = parseSeedRegistry(
      {
        format: "foolsgold-seed-sets/1",
        sets: [
          { name: "e", offset: 100, size: 10, purpose: "evaluation" },
          { name: "r", offset: 105, size: 10, purpose: "replication", replicates: "e" },
        ],
      },
      "r.json",
    );
    expect(() => replicationsOf(bad, "e")).toThrow(/replication overlaps "e"/);
  });

  it("publishes a JSON Schema of the registry file", () => {
    const schema = seedRegistryJsonSchema() as { properties: { sets: { items: { required: string[] } } } };
    expect(schema.properties.sets.items.required).toEqual(expect.arrayContaining(["name", "offset", "size", "purpose"]));
  });
});
