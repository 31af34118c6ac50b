// The embedded server's in-process fetch (what the demo's embedded roles use): the answers are the
// bytes the socket gives, other origins still go out through the global fetch, and an abort rejects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedServer, inProcessFetch, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { EMBEDDED_LM_ID } from "../../src/models/embedded/server.js";
import { buildModelRoles } from "../../src/models/roles.js";

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startEmbeddedServer({ embedWorkers: 0 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The answer without the two fields that differ between any two requests (a random id, the second it was made). */
const comparable = (text: string): unknown => {
  const { id: _id, created: _created, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
};

describe("the embedded server's in-process fetch", () => {
  it("answers an echo request with the same body and status as over the socket", async () => {
    const init = () => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: EMBEDDED_LM_ID, prompt: ["The cat sat on the mat. Ha", "Knock knock. Who"], echo: true, logprobs: 0, max_tokens: 0, temperature: 0 }),
    });
    const viaSocket = await globalThis.fetch(`${server.baseUrl}/completions`, init());
    const inProcess = await server.fetch(`${server.baseUrl}/completions`, init());
    expect(inProcess.status).toBe(viaSocket.status);
    const [a, b] = [await viaSocket.text(), await inProcess.text()];
    expect((JSON.parse(b) as { choices: unknown[] }).choices).toHaveLength(2);
    expect(comparable(b)).toEqual(comparable(a));
  });

  it("sends a URL of another origin out through the global fetch", async () => {
    const seen: string[] = [];
    const fetchFn = inProcessFetch("http://127.0.0.1:9", (request) => {
      seen.push(request.url);
      return new Response("{}");
    });
    // Port 1 on loopback refuses: the error is the socket's, and the app never saw the request.
    await expect(fetchFn("http://127.0.0.1:1/v1/models")).rejects.toThrow(/fetch failed/);
    await fetchFn("http://127.0.0.1:9/v1/models");
    expect(seen).toEqual(["http://127.0.0.1:9/v1/models"]);
  });

  it("rejects with the caller's reason when the signal aborts before the answer", async () => {
    const fetchFn = inProcessFetch("http://127.0.0.1:9", () => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = fetchFn("http://127.0.0.1:9/v1/models", { signal: controller.signal });
    controller.abort(new Error("stop here"));
    await expect(pending).rejects.toThrow("stop here");
  });

  it("lets a timer-driven abort fire during a handler that is all CPU (before, the answer came first)", async () => {
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const fetchFn = inProcessFetch("http://127.0.0.1:9", () => {
      busy(100);
      return new Response("{}");
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("time limit of 5 ms")), 5);
    await expect(fetchFn("http://127.0.0.1:9/v1/models", { signal: controller.signal })).rejects.toThrow("time limit of 5 ms");
    // Without an abort the same handler answers.
    expect((await fetchFn("http://127.0.0.1:9/v1/models")).status).toBe(200);
  });

  it("is what embedded roles use: their calls never touch the global fetch (they did before: /models, /completions)", async () => {
    const global = globalThis.fetch;
    const urls: string[] = [];
    globalThis.fetch = (input, init) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return global(input, init);
    };
    try {
      const session = await buildModelRoles({}, { need: ["audience"], embeddedDefaults: true });
      try {
        const [answer] = await session.roles.audience.continuationLogprobs([{ context: "Knock knock. Who", continuation: " is there?" }]);
        expect(answer.logprob).toBeLessThan(0);
        expect(answer.tokens.length).toBeGreaterThan(0);
      } finally {
        await session.close();
      }
    } finally {
      globalThis.fetch = global;
    }
    expect(urls).toEqual([]);
  }, 60_000);
});
