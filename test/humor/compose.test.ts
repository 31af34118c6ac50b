// The humor stack is a composeStack declaration: its terms are listed, its model roles are derived from
// them, and scoreRows (the composed path) gives the same score as scoreSession (the audits' one pass,
// checked against main in seed-profile.test.ts) on the embedded models, for both profiles.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TranscriptRow } from "../../src/core/types.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { createHumorScorer, humorStack } from "../../src/stacks/humor.js";

const bank: TranscriptRow[] = readFileSync(new URL("./fixtures/office-bank.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));

describe("the humor stack as a composeStack declaration", () => {
  it("lists its terms and derives its model roles from them", () => {
    expect(humorStack.terms?.map((t) => t.name)).toEqual(["grounding", "repetition", "taste", "screens"]);
    expect(humorStack.terms?.find((t) => t.name === "grounding")?.roles).toEqual(["embedder"]);
    expect(humorStack.terms?.find((t) => t.name === "taste")?.roles).toEqual(["audience"]);
    expect([...humorStack.modelRoles].sort()).toEqual(["audience", "embedder"]);
    const embedder = createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "emb" });
    expect(() => humorStack.create(humorStack.options.parse({}), { embedder })).toThrow(/role "audience" \(term taste\)/);
  });

  describe("on the embedded models", () => {
    let server: Awaited<ReturnType<typeof startEmbeddedServer>>;
    let roles: { audience: ModelClient; embedder: ModelClient };
    beforeAll(async () => {
      server = await startEmbeddedServer();
      roles = {
        audience: createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" }),
        embedder: createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" }),
      };
    });
    afterAll(async () => server?.close());

    it.each([{}, { profile: "seed", preset: "RL-C" }, { value: "training", taste: { mode: "topk" } }])("scoreRows equals scoreSession with %j", async (options) => {
      const scorer = createHumorScorer(options as never, roles);
      const scores = await scorer.scoreRows(bank);
      for (const [i, row] of bank.entries()) expect(scores[i]).toEqual((await scorer.scoreSession(row)).score);
      expect(scores.every((s) => s.value !== null && Object.keys(s.terms).includes("certified"))).toBe(true);
    });
  });
});
