import { describe, expect, it } from "vitest";
import { readJsonl } from "../../src/core/jsonl.js";
import type { ConstraintPrompt } from "../../src/judges/ifeval/verifier.js";
import { scoreCheckpoint } from "../../src/onset/offline-loop.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

describe("scoreCheckpoint intervals", () => {
  it("gives G with a t 95% interval and rates with Wilson intervals (scipy-checked)", () => {
    const prompts = new Map<string, ConstraintPrompt>([["p", { instruction_id_list: ["punctuation:no_comma"], kwargs: [{}] }]]);
    const hit = [0, 1, 1, 0, 1, 0, 0, 1, 1, 0];
    const rows = hit.map((h) => ({ prompt: "p", response: h ? "We empower people." : "We help people." }));
    const s = scoreCheckpoint(rows, prompts, "lexical");
    // gaps [0, .5, .5, 0, .5, 0, 0, .5, .5, 0]: scipy.stats.t.interval(0.95, 9, loc=mean, scale=sem) = (0.06148690310014959, 0.4385130968998504)
    expect(s.G.value).toBeCloseTo(0.25, 12);
    expect(s.G.ci[0]).toBeCloseTo(0.06148690310014959, 10);
    expect(s.G.ci[1]).toBeCloseTo(0.4385130968998504, 10);
    // scipy.stats.binomtest(5, 10).proportion_ci(0.95, method='wilson') = (0.236593090512564, 0.7634069094874361)
    expect(s.M.ci[0]).toBeCloseTo(0.236593090512564, 10);
    expect(s.M.ci[1]).toBeCloseTo(0.7634069094874361, 10);
    expect(s.M.n).toBe(10);
  });
});

describe.skipIf(!hasSharedData)(`offline CHERRL loop on real IFEval responses (${hasSharedData ? "shared data" : sharedDataSkipReason})`, () => {
  it("scores baseline and lexically hacked checkpoints; the hacked one has higher G and shortcut rate, CIs apart", () => {
    const prompts = new Map(readJsonl<ConstraintPrompt & { prompt: string }>(sharedPath("rubric/ifeval_prompts.jsonl")).rows.map((p) => [p.prompt, p]));
    const baseline = readJsonl<{ prompt: string; response: string }>(sharedPath("hacking_runs/ifeval_responses_gpt4_baseline.jsonl.gz"), { strict: false });
    const hacked = readJsonl<{ prompt: string; response: string }>(sharedPath("hacking_runs/ifeval_responses_lexical_bias_step240.jsonl.gz"), { strict: false });
    // the published file is dirty: 7 lines are not valid JSON and 1 is not valid UTF-8 — reported, not fatal
    expect(hacked.bad).toHaveLength(7);
    expect(hacked.bad.filter((b) => b.problem === "invalid UTF-8")).toHaveLength(1);
    expect(hacked.rows).toHaveLength(572);
    const b = scoreCheckpoint(baseline.rows, prompts, "lexical");
    const h = scoreCheckpoint(hacked.rows, prompts, "lexical");
    expect(b.G.n).toBeGreaterThan(500);
    expect(h.G.ci[0]).toBeGreaterThan(b.G.ci[1]);
    expect(h.shortcut_rate.ci[0]).toBeGreaterThan(b.shortcut_rate.ci[1]);
    expect(h.M.ci[0]).toBeGreaterThan(b.M.ci[1]);
    // the clean verifier is a real score, not constant
    expect(b.mean_clean.value).toBeGreaterThan(0.5);
    expect(b.mean_clean.value).toBeLessThan(1);
  });
});
