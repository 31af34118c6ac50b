import { describe, expect, it } from "vitest";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";
import { loadBrown, loadHannaHuman, loadModelProse } from "../../bench/prose-data.js";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { auc } from "../../src/stats/auc.js";

// In-sample sanity check of the SHIPPED default dictionary on real text (it was mined from these
// corpora; the held-out validation is bench/prose-validation.ts). Skips without ../shared/data.
describe.skipIf(!hasSharedData)(`shipped default dictionary on real prose (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  it("scores Brown fiction passages above current models' creative writing", async () => {
    const human = loadBrown(sharedPath("human_prose/fiction_brown_1961.jsonl")).slice(0, 60);
    const model = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz"))
      .filter((r) => r.meta.kind === "creative")
      .filter((_, i) => i % 25 === 0)
      .slice(0, 60);
    const scorer = await getStack("prose").create(proseOptions.parse({}), {});
    const h = await scorer.scoreRows(human);
    const m = await scorer.scoreRows(model);
    expect(h.every((s) => s.value !== null) && m.every((s) => s.value !== null)).toBe(true);
    const result = auc(h.map((s) => s.value!), m.map((s) => s.value!));
    expect(result.ci[0]).toBeGreaterThan(0.75);
  });

  it("zeroes none of the 96 HANNA human stories (a one-line '#' story and text faces once were)", async () => {
    const stories = loadHannaHuman(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl"));
    expect(stories).toHaveLength(96);
    const scorer = await getStack("prose").create(proseOptions.parse({}), {});
    const gated = (await scorer.scoreRows(stories)).flatMap((s, i) => (s.terms.gates?.value === 0 ? [`${stories[i].id}: ${JSON.stringify(s.terms.gates.details)}`] : []));
    expect(gated).toEqual([]);
  });
});
