import { describe, expect, it } from "vitest";
import { parseStackOptions } from "../../src/config/stack-options.js";
import { BIAS_KINDS } from "../../src/judges/bias-detectors.js";
import { cherrlRuleScore, constraintsOf } from "../../src/judges/cherrl-score.js";
import { getStack } from "../../src/stacks/registry.js";

describe("cherrl stack (offline clean verifier)", () => {
  it("scores biased = clean + α·b with clean and bias terms, and fails rows it cannot verify", async () => {
    const def = getStack("cherrl");
    const scorer = await def.create(def.options.parse({ bias: "lexical" }), {});
    const rows = [
      { id: "a", prompt: "No commas please.", output: "We empower teams", instruction_id_list: ["punctuation:no_comma", "change_case:english_lowercase"], kwargs: [{}, {}] },
      { id: "b", prompt: "x", output: "plain text", meta: { instruction_id_list: ["punctuation:no_comma"], kwargs: [{}] } },
      { id: "c", prompt: "x", output: "no constraints here" },
    ];
    const [a, b, c] = await scorer.scoreRows(rows);
    expect(a.terms.clean.value).toBe(0.5);
    expect(a.terms.bias.value).toBe(1);
    expect(a.value).toBeCloseTo(1.0, 12);
    expect(b.value).toBe(1);
    expect(b.terms.bias.value).toBe(0);
    expect(c.value).toBeNull();
    expect(c.error).toMatch(/row c: no verifiable constraints/);
    const max = await def.create(def.options.parse({ bias: "lexical", mode: "max" }), {});
    expect((await max.scoreRows([rows[0]]))[0].value).toBe(0.5);
    expect(max.instrument.hash).not.toBe(scorer.instrument.hash);
  });

  it("refuses the rubric judge without a judge model", () => {
    const def = getStack("cherrl");
    expect(() => def.create(def.options.parse({ clean: "rubric" }), {})).toThrow(/models.judge/);
  });

  // Bug fixed: the options schema stripped unknown keys, so `alpah: 2` scored silently with α = 0.5.
  it("rejects an unknown option, naming it", () => {
    const def = getStack("cherrl");
    expect(() => parseStackOptions(def.options, { alpah: 2 }, "cherrl.yaml")).toThrow(/cherrl\.yaml: options: unknown field "alpah"/);
  });

  it("gives the offline loop's rule score and the stack's score the same bits, for every bias kind", async () => {
    const def = getStack("cherrl");
    const row = { id: "a", prompt: "Write two lines. No commas.", output: "Feel free to ask.\n\nI hope this helps", instruction_id_list: ["punctuation:no_comma"], kwargs: [{}] };
    for (const bias of BIAS_KINDS) {
      const scorer = await def.create(def.options.parse({ bias, alpha: 0.3 }), {});
      const [score] = await scorer.scoreRows([row]);
      const rule = cherrlRuleScore(constraintsOf(row), row.prompt, row.output, { bias, alpha: 0.3 });
      expect([score.value, score.terms.clean.value, score.terms.bias.value]).toEqual([rule.value, rule.clean, rule.bias]);
    }
  });
});
