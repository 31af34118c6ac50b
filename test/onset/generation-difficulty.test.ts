// Generation difficulty through the built-in embedded LM (a real n-gram LM): the share is computed
// from the model's real outputs by the rule detector, with a Wilson interval; failures are reported.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { generationDifficulty } from "../../src/onset/generation-difficulty.js";

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startEmbeddedServer({ port: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe("generation difficulty", () => {
  it("asks the policy n times and reports the satisfied share with a Wilson interval", async () => {
    const client = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const r = await generationDifficulty(client, "tone", ["Write a note to a colleague.", "Describe your morning."], { n: 6, maxTokens: 40 });
    expect(r.satisfied.n + r.failed.length).toBe(6);
    expect(r.satisfied.value).toBeGreaterThanOrEqual(0);
    expect(r.satisfied.value).toBeLessThanOrEqual(1);
    expect(r.satisfied.ci[0]).toBeLessThanOrEqual(r.satisfied.value);
    expect(r.satisfied.ci[1]).toBeGreaterThanOrEqual(r.satisfied.value);
    expect(client.calls.length).toBe(6);
  });

  it("fails loudly when every generation fails", async () => {
    const dead = createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "none", maxRetries: 0, timeoutMs: 2000 });
    await expect(generationDifficulty(dead, "lexical", ["x"], { n: 2 })).rejects.toThrow(/all 2 generations failed/);
  });
});
