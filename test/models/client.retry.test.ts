// The retry layer, timeouts, aborts, unreachable endpoints and the per-endpoint limiter.
import { createServer as createHttpServer, type ServerResponse } from "node:http";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ModelError } from "../../src/models/errors.js";
import { createEndpointRegistry, createLimiter } from "../../src/models/limiter.js";
import { DEFAULT_RETRY, retryAfterMs, retryDelayMs, type RetryPolicy } from "../../src/models/retry.js";
import { freshBaseUrl, instantRetry, json, openAiError, recordedClient, scriptedFetch } from "./client-fixtures.js";

const model = "fixture-model";
const ok = () => json({ choices: [{ text: "fine", finish_reason: "stop" }] });

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

describe("retry", () => {
  it("retries a 500 and succeeds, recording two attempts", async () => {
    const { retry, slept } = instantRetry();
    const { fetch, sent } = scriptedFetch(() => openAiError(500, "engine overloaded"), ok);
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch, retry });
    const result = await client.complete({ prompt: "x" });
    expect(result.choices[0].text).toBe("fine");
    expect(sent).toHaveLength(2);
    expect(slept).toHaveLength(1);
    expect(client.calls).toHaveLength(1);
    expect(client.calls[0]).toMatchObject({ attempts: 2, status: 200 });
  });

  it("honours retry-after in seconds, retry-after-ms and an HTTP date on a 429", async () => {
    const now = Date.now();
    const later = new Date(Math.ceil((now + 30_000) / 1000) * 1000).toUTCString();
    for (const [headers, expected] of [
      [{ "retry-after": "2" }, [2000, 2000]],
      [{ "retry-after-ms": "150", "retry-after": "9" }, [150, 150]],
    ] as [Record<string, string>, number[]][]) {
      const { retry, slept } = instantRetry();
      const { fetch } = scriptedFetch(
        () => openAiError(429, "slow down", headers),
        () => openAiError(429, "slow down", headers),
        ok,
      );
      const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch, retry });
      await client.complete({ prompt: "x" });
      expect(slept).toEqual(expected);
    }
    const fromDate = retryAfterMs(new Headers({ "retry-after": later }), now);
    expect(fromDate).toBeGreaterThan(29_000);
    expect(fromDate).toBeLessThanOrEqual(31_000);
  });

  it("gives up after maxRetries with the last status and the attempt count", async () => {
    const { retry, slept } = instantRetry();
    const { fetch, sent } = scriptedFetch(() => openAiError(503, "unavailable"));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, maxRetries: 3 }, { fetch, retry });
    const err = await failure(client.complete({ prompt: "x" }));
    expect(err).toMatchObject({ kind: "http", status: 503, attempts: 4, isRetryable: true });
    expect(sent).toHaveLength(4);
    expect(slept).toHaveLength(3);
    expect(client.calls[0]).toMatchObject({ status: 503, attempts: 4 });
  });

  it("retries 408 and 409 but not 400, 401, 404 or 422", async () => {
    for (const status of [408, 409]) {
      const { fetch, sent } = scriptedFetch(() => openAiError(status, "try again"), ok);
      await recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch, retry: instantRetry().retry }).complete({ prompt: "x" });
      expect(sent).toHaveLength(2);
    }
    for (const status of [400, 401, 404, 422]) {
      const { fetch, sent } = scriptedFetch(() => openAiError(status, "no"));
      const err = await failure(recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch, retry: instantRetry().retry }).complete({ prompt: "x" }));
      expect(err.status).toBe(status);
      expect(sent).toHaveLength(1);
    }
  });

  it("follows the server's x-should-retry header over the status", async () => {
    const told = scriptedFetch(() => openAiError(400, "transient", { "x-should-retry": "true" }), ok);
    await recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch: told.fetch, retry: instantRetry().retry }).complete({ prompt: "x" });
    expect(told.sent).toHaveLength(2);
    const forbidden = scriptedFetch(() => openAiError(503, "do not retry", { "x-should-retry": "false" }));
    const err = await failure(recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch: forbidden.fetch, retry: instantRetry().retry }).complete({ prompt: "x" }));
    expect(err).toMatchObject({ status: 503, attempts: 1, isRetryable: false });
  });

  it("uses exponential backoff with full jitter when the server names no wait", () => {
    const policy: RetryPolicy = { ...DEFAULT_RETRY, random: () => 0.999 };
    expect([0, 1, 2, 3, 4, 5].map((i) => Math.round(retryDelayMs(i, policy)))).toEqual([500, 999, 1998, 3996, 7992, 7992]);
    expect(retryDelayMs(3, { ...policy, random: () => 0 })).toBe(0);
    // A wait beyond a minute is not honoured (openai-node's rule): backoff applies instead.
    expect(retryDelayMs(0, policy, new Headers({ "retry-after": "3600" }))).toBeCloseTo(499.5, 6);
  });

  it("retries connection failures and reports an unreachable endpoint (real closed port)", async () => {
    const port = await closedPort();
    const { retry, slept } = instantRetry();
    const client = recordedClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model, maxRetries: 1 }, { retry });
    const err = await failure(client.complete({ prompt: "x" }));
    expect(err.kind).toBe("unreachable");
    expect(err.message).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}/v1/completions: cannot reach the server \\(ECONNREFUSED\\)`));
    expect(err.attempts).toBe(2);
    expect(slept).toHaveLength(1);
  });
});

describe("timeouts and aborts", () => {
  const hang = (_req: unknown, signal?: AbortSignal) => new Promise<Response>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));

  it("times each attempt out and retries it", async () => {
    const { retry } = instantRetry();
    const { fetch, sent } = scriptedFetch(hang, ok);
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, timeoutMs: 40 }, { fetch, retry });
    await client.complete({ prompt: "x" });
    expect(sent).toHaveLength(2);
    const always = scriptedFetch(hang);
    const err = await failure(recordedClient({ baseUrl: freshBaseUrl(), model, timeoutMs: 30, maxRetries: 1 }, { fetch: always.fetch, retry }).complete({ prompt: "x" }));
    expect(err).toMatchObject({ kind: "timeout", attempts: 2 });
    expect(err.message).toMatch(/no response within 30 ms/);
  });

  it("stops at once on the caller's abort and never retries it", async () => {
    const { retry } = instantRetry();
    const { fetch, sent } = scriptedFetch(hang);
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch, retry });
    const controller = new AbortController();
    const pending = client.complete({ prompt: "x" }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user pressed ctrl-c")), 20);
    const err = await failure(pending);
    expect(err).toMatchObject({ kind: "abort", isRetryable: false });
    expect(err.message).toMatch(/aborted by the caller: user pressed ctrl-c/);
    expect(sent).toHaveLength(1);
  });

  it("aborts during the backoff wait", async () => {
    const { fetch, sent } = scriptedFetch(() => openAiError(503, "busy"));
    const controller = new AbortController();
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, maxRetries: 5 }, { fetch, retry: { random: () => 1, initialDelayMs: 10_000 } });
    const pending = client.complete({ prompt: "x" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const err = await failure(pending);
    expect(err.kind).toBe("abort");
    expect(sent).toHaveLength(1);
  });
});

describe("per-endpoint concurrency", () => {
  it("never runs more than the limit at once and starts queued work first come, first served", async () => {
    const limiter = createLimiter(2);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const task = (id: number) => async () => {
      started.push(id);
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return id;
    };
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((id) => limiter.run(task(id))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it("shares one limiter per endpoint between clients of a registry, keeping the smallest limit", async () => {
    const baseUrl = freshBaseUrl();
    const endpoints = createEndpointRegistry();
    let inFlight = 0;
    let peak = 0;
    const { fetch } = scriptedFetch(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return ok();
    });
    const a = recordedClient({ baseUrl, model, concurrency: 3 }, { fetch, endpoints });
    const b = recordedClient({ baseUrl, model: "other", concurrency: 2 }, { fetch, endpoints });
    await Promise.all([...Array(6)].flatMap(() => [a.complete({ prompt: "x" }), b.complete({ prompt: "y" })]));
    expect(peak).toBe(2);
    expect(endpoints.limiter(baseUrl).limit).toBe(2);
  });

  it("applies the default only until a client asks, and never lets a client without a limit lower one", () => {
    const quiet = freshBaseUrl();
    const limiterFor = createEndpointRegistry().limiter;
    expect(limiterFor(quiet).limit).toBe(8);
    expect(limiterFor(quiet, 24).limit).toBe(24);
    expect(limiterFor(quiet).limit).toBe(24);
    expect(limiterFor(quiet, 32).limit).toBe(24);
    expect(limiterFor(quiet, 4).limit).toBe(4);
  });

  it("lets an aborted caller leave the queue without taking a slot", async () => {
    const limiter = createLimiter(1);
    let release!: () => void;
    const first = limiter.run(() => new Promise<void>((r) => (release = r)));
    const controller = new AbortController();
    const queued = limiter.run(async () => "ran", controller.signal);
    expect(limiter.queued).toBe(1);
    controller.abort(new Error("gone"));
    await expect(queued).rejects.toThrow("gone");
    expect(limiter.queued).toBe(0);
    release();
    await first;
    expect(await limiter.run(async () => "next")).toBe("next");
  });
});

describe("over real HTTP (a scripted node:http server)", () => {
  it("retries a 503 carrying retry-after, times out a hung response, and reports a non-UTF-8 body", async () => {
    const script: ((res: ServerResponse) => void)[] = [
      (res) => res.writeHead(503, { "retry-after": "0", "content-type": "application/json" }).end('{"error":{"message":"warming up"}}'),
      (res) => res.writeHead(200, { "content-type": "application/json" }).end('{"choices":[{"text":"ok","finish_reason":"stop"}]}'),
      () => undefined,
      (res) => res.writeHead(200, { "content-type": "application/json" }).end(Buffer.from([0x7b, 0xc3, 0x28, 0x7d])),
    ];
    let served = 0;
    const server = createHttpServer((req, res) => {
      req.resume();
      req.on("end", () => script[served++](res));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
    try {
      const client = recordedClient({ baseUrl, model, timeoutMs: 300, maxRetries: 1 });
      expect((await client.complete({ prompt: "x" })).choices[0].text).toBe("ok");
      expect(client.calls[0]).toMatchObject({ attempts: 2, status: 200 });
      const hung = recordedClient({ baseUrl, model, timeoutMs: 300, maxRetries: 0 });
      expect(await failure(hung.complete({ prompt: "x" }))).toMatchObject({ kind: "timeout", attempts: 1 });
      const garbled = await failure(hung.complete({ prompt: "x" }));
      expect(garbled.kind).toBe("malformed");
      expect(garbled.message).toMatch(/the body is not valid UTF-8/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
