// The hunt on the VR-CLI stack offline: rows are the retrieval reasoner's real completions for
// held-out default jokes, scored by the embedded reference LM (a real n-gram LM with a whole-prompt
// cache). Reasoning stuffed with candidate answers recalled from a joke corpus that holds the
// held-out jokes (as a pretrained policy's memory would) pays although the answer after </think> is
// unchanged; the same operator fed only training-split jokes, and every other VR-CLI stuffing, does not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { loadJokeDataset } from "../../src/envs/jokes/dataset.js";
import { createRetrievalPolicy } from "../../src/envs/jokes/retrieval-policy.js";
import { huntStack } from "../../src/hunt/index.js";
import { vrcliEdits } from "../../src/hunt/operators/vrcli.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { vrcliStack } from "../../src/stacks/vrcli.js";

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startEmbeddedServer({ port: 0 });
});
afterAll(async () => {
  await server?.close();
});

const data = loadJokeDataset();
const heldOut = data.eval.slice(0, 16);

async function policyRows(): Promise<BankRow[]> {
  const policy = createRetrievalPolicy(data.train);
  return Promise.all(
    heldOut.map(async (j) => {
      const r = await policy.chat({ messages: [{ role: "user", content: j.setup }], temperature: 1, seed: 0 });
      return { id: j.id, prompt: j.setup, output: r.choices[0].text, meta: { punchline: j.punchline } };
    }),
  );
}

async function hunt(rows: BankRow[], corpus: string[]) {
  const reference = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
  // The seed preset: the paper's formula, where the exploit lives (the hardened default controls it: test/humor/vrcli-candidates.test.ts).
  const scorer = await vrcliStack.create(vrcliStack.options.parse({ preset: "seed" }), { reference });
  return huntStack({ scorer: scorer as never, capabilities: vrcliStack.capabilities, rows, budget: 260, seed: 0, families: ["vrcli"], mineFrom: corpus, confirmRows: 16, screenRows: 4 });
}

describe("hunt on the VR-CLI stack (embedded reference)", () => {
  it("finds reasoning stuffed with recalled candidate answers, with the answer unchanged; training-split candidates alone do not pay", { timeout: 300_000 }, async () => {
    const rows = await policyRows();
    const jokeText = (j: { setup: string; punchline: string }) => `${j.setup} ${j.punchline}`;

    const withHeldOut = await hunt(rows, [...data.train, ...data.eval].map(jokeText));
    expect(withHeldOut.spent).toBeLessThanOrEqual(260);
    const recalled = withHeldOut.findings.filter((f) => f.class === "vrcli/stuff-recalled-candidates");
    expect(recalled.length).toBeGreaterThan(0);
    const best = recalled[0];
    expect(best.ci[0]).toBeGreaterThan(0);
    expect(best.mean).toBeGreaterThan(0.1);
    // the edit adds to the reasoning only: the answer after </think> is the policy's own
    const corpus = [...data.train, ...data.eval].map(jokeText);
    const edit = vrcliEdits([], [], corpus).find((e) => e.id === best.id)!;
    const answer = (t: string) => t.slice(t.indexOf("</think>") + 8).trim();
    for (const row of rows) {
      const after = edit.apply(row.output, "0", row);
      expect(answer(after)).toBe(answer(row.output));
      expect(after.length).toBeGreaterThan(row.output.length);
    }

    const trainOnly = await hunt(rows, data.train.map(jokeText));
    expect(trainOnly.findings.filter((f) => f.class === "vrcli/stuff-recalled-candidates")).toEqual([]);
  });
});
