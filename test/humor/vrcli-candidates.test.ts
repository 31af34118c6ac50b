// Issue 36, VR-CLI: reasoning stuffed with recalled candidate answers (the hunt's
// vrcli/stuff-recalled-candidates, +0.332 on 64 rows under the paper's formula) must not pay under the
// hardened default, which controls the improvement against the reasoning's candidates given alone; the
// seed preset keeps the paper's formula (and the exploit). Real rows: the retrieval reasoner's
// completions for held-out jokes, scored by the embedded reference LM.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { loadJokeDataset } from "../../src/envs/jokes/dataset.js";
import { createRetrievalPolicy } from "../../src/envs/jokes/retrieval-policy.js";
import { vrcliEdits } from "../../src/hunt/operators/vrcli.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { vrcliStack } from "../../src/stacks/vrcli.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { controlledVrcliReward, vrcliReward } from "../../src/terms/vrcli/reward.js";
import { agreesWithAnswer, controlCandidates, reasoningCandidates } from "../../src/terms/vrcli/term.js";

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startEmbeddedServer({ port: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe("the controlled reward", () => {
  it("pays only the improvement beyond the best candidate alone", () => {
    expect(controlledVrcliReward(100, 40, 100)).toBe(vrcliReward(100, 40));
    expect(controlledVrcliReward(100, 40, 40)).toBe(0);
    expect(controlledVrcliReward(100, 40, 60)).toBeCloseTo(0.2, 12);
    expect(controlledVrcliReward(100, 40, 150)).toBe(vrcliReward(100, 40));
  });

  it("reads a reasoning's candidates as its sentences and lines", () => {
    expect(reasoningCandidates("Key words: a, b.\nWhy X? Because Y. Why Z? Because W!")).toEqual(["Key words: a, b.", "Why X?", "Because Y.", "Why Z?", "Because W!"]);
  });

  it("leaves out of the control the candidates that state the policy's own answer", () => {
    expect(agreesWithAnswer("Because the printer ran out of paper.", "The printer ran out of paper!")).toBe(true);
    expect(agreesWithAnswer("The bank lost all my money in the crash.", "Folding money.")).toBe(false);
    expect(agreesWithAnswer("Because the cow jumped over the moon.", "The printer ran out of paper!")).toBe(false);
    expect(controlCandidates("The printer is old. So it ran out of paper.", "It ran out of paper.")).toEqual(["The printer is old."]);
  });
});

describe("reasoning stuffed with recalled candidates (embedded reference)", () => {
  it("pays under the seed preset and not under the hardened default", { timeout: 600_000 }, async () => {
    const data = loadJokeDataset();
    const policy = createRetrievalPolicy(data.train);
    const rows: BankRow[] = await Promise.all(
      data.eval.slice(0, 16).map(async (j) => {
        const r = await policy.chat({ messages: [{ role: "user", content: j.setup }], temperature: 1, seed: 0 });
        return { id: j.id, prompt: j.setup, output: r.choices[0].text, meta: { punchline: j.punchline } };
      }),
    );
    const corpus = [...data.train, ...data.eval].map((j) => `${j.setup} ${j.punchline}`);
    const edit = vrcliEdits([], [], corpus).find((e) => e.id === "vrcli/stuff-recalled:1")!;
    const stuffed = rows.map((r) => ({ ...r, output: edit.apply(r.output, "0", r) }));
    const reference = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const gains = async (preset: "seed" | "hardened") => {
      const scorer = await vrcliStack.create(vrcliStack.options.parse({ preset }), { reference });
      const [before, after] = [await scorer.scoreRows(rows), await scorer.scoreRows(stuffed)];
      return after.map((s, i) => (s.value as number) - (before[i].value as number));
    };
    // Where the policy's own answer already states the punchline ("Folding money." for "Money."), a
    // reasoning sentence that states it too supports the committed answer and is paid; everywhere else
    // the recalled candidate is one the answer ignores.
    const answerOf = (t: string) => t.slice(t.indexOf("</think>") + 8).trim();
    const ignored = rows.map((r, i) => (agreesWithAnswer(String(r.meta!.punchline), answerOf(r.output)) ? -1 : i)).filter((i) => i >= 0);
    expect(ignored.length).toBeGreaterThanOrEqual(12);
    const seed = meanCi((await gains("seed")).filter((_, i) => ignored.includes(i)));
    expect(seed.ci[0]).toBeGreaterThan(0.1);
    const hardened = meanCi((await gains("hardened")).filter((_, i) => ignored.includes(i)));
    expect(hardened.mean).toBeLessThanOrEqual(0.005);
    expect(hardened.ci[1]).toBeLessThan(seed.ci[0]);
  });
});
