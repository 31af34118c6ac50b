// Generation difficulty through the built-in embedded LM (a real n-gram LM): the share is computed
// from the model's real outputs by the rule detector, with a Wilson interval; failures are reported.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIClient } from "../../src/models/client.js";
import { recordedClient } from "../models/client-fixtures.js";
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
    const client = recordedClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const r = await generationDifficulty(client, "tone", ["Write a note to a colleague.", "Describe your morning."], { n: 6, maxTokens: 40 });
    expect(r.satisfied.n + r.failed.length).toBe(6);
    expect(r.satisfied.value).toBeGreaterThanOrEqual(0);
    expect(r.satisfied.value).toBeLessThanOrEqual(1);
    expect(r.satisfied.ci[0]).toBeLessThanOrEqual(r.satisfied.value);
    expect(r.satisfied.ci[1]).toBeGreaterThanOrEqual(r.satisfied.value);
    expect(client.calls.length).toBe(6);
  });

  it("counts a policy that obeys every third request as 1/3 satisfied, with 8 requests in flight at most (protocol fixture)", async () => {
    let inFlight = 0;
    let peak = 0;
    let served = 0;
    const fixture = createServer(async (req, res) => {
      for await (const _ of req);
      inFlight++;
      peak = Math.max(peak, inFlight);
      const k = served++;
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      const text = k % 3 === 0 ? "Here is the note. Feel free to adapt it." : "Here is the note.";
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }] }));
    });
    await new Promise<void>((r) => fixture.listen(0, "127.0.0.1", r));
    try {
      const client = createOpenAIClient({ baseUrl: `http://127.0.0.1:${(fixture.address() as AddressInfo).port}/v1`, model: "fixture", concurrency: 64 });
      const r = await generationDifficulty(client, "lexical", ["Write a note."], { n: 30 });
      expect(r.failed).toEqual([]);
      expect(r.satisfied.value).toBeCloseTo(10 / 30, 12);
      // Wilson 95 % for 10/30, from the textbook score formula computed independently in Python: 0.1923–0.5122
      expect(r.satisfied.ci[0]).toBeCloseTo(0.1923, 3);
      expect(r.satisfied.ci[1]).toBeCloseTo(0.5122, 3);
      expect(peak).toBeGreaterThan(1);
      expect(peak).toBeLessThanOrEqual(8);
    } finally {
      await new Promise<void>((r) => fixture.close(() => r()));
    }
  });

  it("fails loudly when every generation fails", async () => {
    const dead = createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "none", maxRetries: 0, timeoutMs: 2000 });
    await expect(generationDifficulty(dead, "lexical", ["x"], { n: 2 })).rejects.toThrow(/all 2 generations failed/);
  });
});
