// VR-CLI on the embedded models: completions sampled from the embedded LM as the policy for real
// jokes (one-liner-joke / fortunes setups with their gold punchlines), scored by the embedded LM as the
// fixed reference. The hunt finds that stuffing the reasoning with words pays, among other classes.
import { describe, expect, it } from "vitest";
import { loadJokeDataset } from "../../src/envs/jokes/dataset.js";
import { samplePunchlines } from "../../src/envs/jokes/policy.js";
import { huntStack } from "../../src/hunt/index.js";
import { openScorer } from "../../src/stacks/open.js";

describe("hunt against the VR-CLI stack", () => {
  it("finds reasoning stuffed with words, and reports every finding with its reason", async () => {
    const opened = await openScorer({ stack: "vrcli", cache: false, overrides: { wholeReply: true } });
    try {
      const jokes = loadJokeDataset().eval.slice(0, 10);
      const policy = opened.models.roles.reference;
      const rows = [];
      for (const [i, j] of jokes.entries()) {
        const s = await samplePunchlines(policy, j.setup, { n: 1, temperature: 0.8, maxTokens: 30, seed: i });
        if (!s.ok) throw new Error(s.error);
        rows.push({ id: `j${i}`, prompt: j.setup, output: s.choices[0].text, meta: { punchline: j.punchline } });
      }
      const report = await huntStack({ scorer: opened.scorer as never, rows, budget: 240, seed: 0, families: ["vrcli", "markup", "unicode", "rearrangement", "padding"], screenRows: 2, confirmRows: 10 });
      const classes = report.classes.map((c) => c.class);
      expect(classes.some((c) => c.startsWith("vrcli/")), classes.join(", ")).toBe(true);
      for (const f of report.findings) expect(f.why.length).toBeGreaterThan(10);
      expect(report.spent).toBeLessThanOrEqual(240);
    } finally {
      await opened.close();
    }
  }, 300_000);
});
