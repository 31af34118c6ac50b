// STYLE.md's Term/Stack example is the code's shape: a stack declared exactly as it shows (rowKind
// "reply", `combine: product`, capabilities, no description or version) composes, scores a reply and
// carries what it declared.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { composeStack } from "../../src/stacks/compose.js";
import { product } from "../../src/stacks/combine.js";
import { proseEcho as echo } from "../../src/terms/prose/stack/echo.js";
import { proseGates as gates } from "../../src/terms/prose/stack/gates.js";
import { proseSlop as slop } from "../../src/terms/prose/stack/slop.js";

const STYLE = resolve(import.meta.dirname, "../../../shared/STYLE.md");

describe("STYLE.md's stack example", () => {
  it.skipIf(!existsSync(STYLE))("still declares the fields this test composes", () => {
    const text = readFileSync(STYLE, "utf8");
    expect(text).toContain('composeStack({ name: "prose", rowKind: "reply", terms: [gates, slop, echo], combine: product,');
    expect(text).toContain('capabilities: { huntObjective: "reward", groupBy: "group_id", parallel: "rows" } });');
  });

  it("composes as written and scores a reply row", async () => {
    const prose = composeStack({ name: "prose", rowKind: "reply", terms: [gates, slop, echo], combine: product, capabilities: { huntObjective: "reward", groupBy: "group_id", parallel: "rows" } });
    expect(prose.rowKind).toBe("bank");
    expect(prose.capabilities).toEqual({ huntObjective: "reward", groupBy: "group_id", parallel: "rows" });
    expect(prose.description).toBe("product of gates, slop, echo");
    const scorer = await prose.create(prose.options.parse({}), {});
    const output =
      "The rain had stopped by the time Mara reached the ferry. She counted her coins twice, paid the man, and stood at the rail while the town slid away behind the fog. Nobody on deck spoke; a boy fed crusts to the gulls until his mother told him to stop.";
    const [score] = await scorer.scoreRows([{ id: "r1", prompt: "Write the opening of a story about leaving home.", output }]);
    expect(score.value).toBeGreaterThan(0);
    expect(Object.keys(score.terms).sort()).toEqual(["echo", "gates", "slop"]);
    expect(scorer.instrument.version).toMatch(/^terms-[0-9a-f]{16}$/);
  });

  it("the default version changes with a term's version", () => {
    const a = composeStack({ name: "s", rowKind: "reply", terms: [gates, slop], combine: product });
    const b = composeStack({ name: "s", rowKind: "reply", terms: [gates, { ...slop, meta: { ...slop.meta, version: "prose-slop-x" } }], combine: product });
    expect(a.description).toBe(b.description);
    return Promise.all([a.create(a.options.parse({}), {}), b.create(b.options.parse({}), {})]).then(([sa, sb]) => expect(sa.instrument.version).not.toBe(sb.instrument.version));
  });
});
