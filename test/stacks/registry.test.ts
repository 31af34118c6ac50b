// One registry of stacks: the built-in ones load lazily and are the library's getStack definitions; a
// library user's stack registers by name and opens through openScorer; what a stack can do is a field
// of its definition.
import { describe, expect, it } from "vitest";
import { capabilitiesOf, loadStack, registerStack, stackNames } from "../../src/stacks/declarations.js";
import { openScorer } from "../../src/stacks/open.js";
import { getStack, stackDefinitions } from "../../src/stacks/registry.js";
import { composeStack } from "../../src/stacks/compose.js";
import { defineTerm } from "../../src/terms/define.js";
import { z } from "zod";
import type { BankRow } from "../../src/core/types.js";

describe("the stack registry", () => {
  it("loads the same definitions as the library's getStack", async () => {
    expect(stackNames().slice(0, stackDefinitions.length).sort()).toEqual(stackDefinitions.map((s) => s.name).sort());
    for (const def of stackDefinitions) expect(await loadStack(def.name)).toBe(getStack(def.name));
  });

  it("names the known stacks for an unknown one", async () => {
    await expect(loadStack("constructor")).rejects.toThrow(/unknown stack "constructor"; known stacks: vrcli, cherrl, humor, prose/);
    expect(() => getStack("nope")).toThrow(/known stacks: vrcli, cherrl, humor, prose/);
  });

  it("reads capabilities with defaults, from each stack's own declaration", () => {
    expect(capabilitiesOf(getStack("prose"))).toMatchObject({ huntObjective: "reward", parallel: "rows", groupBy: "group_id", auditTransforms: "prose" });
    expect(capabilitiesOf(getStack("humor"))).toMatchObject({ huntObjective: "taste.L", parallel: "none", huntReference: "humor" });
    expect(capabilitiesOf(getStack("cherrl"))).toMatchObject({ huntObjective: "reward", parallel: "none", huntReference: "cherrl" });
    expect(capabilitiesOf(getStack("vrcli")).huntFamilies).toEqual(["vrcli"]);
  });

  it("opens a stack a library user registered, by name", async () => {
    const shout = defineTerm({
      meta: { name: "shout", kind: "factor", version: "shout-1", roles: [], description: "share of upper-case letters", options: z.object({}).strict() },
      measure: (rows: readonly BankRow[]) => rows.map((r) => ({ value: (r.output.match(/[A-Z]/g)?.length ?? 0) / Math.max(1, r.output.length) })),
    });
    registerStack(composeStack({ name: "shout-test", description: "shouting", version: "1", rowKind: "bank", terms: [shout], combine: "product" }));
    expect(stackNames()).toContain("shout-test");
    const opened = await openScorer({ stack: "shout-test", cache: false });
    try {
      const [score] = await opened.scorer.scoreRows([{ id: "a", output: "HI there" }]);
      expect(score.value).toBeCloseTo(2 / 8, 12);
      expect(opened.scorer.instrument.stack).toBe("shout-test");
    } finally {
      await opened.close();
    }
    expect(() => registerStack({ name: "prose", load: async () => getStack("prose") })).toThrow(/built-in stack/);
    expect(() => registerStack({ name: "Bad Name", load: async () => getStack("prose") })).toThrow(/must be lower-case/);
  });
});
