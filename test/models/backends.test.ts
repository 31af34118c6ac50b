// Model servers other than vLLM, on hand-written protocol fixtures of their documented shapes:
// SGLang (text_offset -1), llama.cpp (log-probs as {content: [...]}, echo refused with HTTP 500), and
// servers that send impossible log-probs.
import { describe, expect, it } from "vitest";
import { createOpenAIClient } from "../../src/models/client.js";
import { ModelError } from "../../src/models/errors.js";
import { completionResponse, parseWire } from "../../src/models/wire.js";
import { echoBody, freshBaseUrl, instantRetry, json, scriptedFetch } from "./client-fixtures.js";

const model = "fixture-model";

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

/** SGLang's completions echo: the same parallel arrays, every text_offset -1. */
function sglangEcho(tokens: [string, number | null][]) {
  const body = echoBody(tokens);
  body.choices[0].logprobs.text_offset = tokens.map(() => -1);
  return body;
}

describe("SGLang", () => {
  it("aligns an echo by tokens when every text_offset is -1", async () => {
    const { fetch } = scriptedFetch(() =>
      json(
        sglangEcho([
          ["The", null],
          [" cat", -2.5],
          [" sat", -1.25],
          [" down", -0.5],
        ]),
      ),
    );
    const client = createOpenAIClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const [result] = await client.continuationLogprobs([{ context: "The cat", continuation: " sat down" }]);
    expect(result.logprob).toBe(-1.75);
    expect(result.tokens.map((t) => t.offset)).toEqual([7, 11]);
  });

  it("reads next-token top-k with text_offset -1", async () => {
    const { fetch } = scriptedFetch(() => json({ choices: [{ text: " a", logprobs: { tokens: [" a"], token_logprobs: [-0.1], top_logprobs: [{ " a": -0.1, " b": -2.4 }], text_offset: [-1] } }] }));
    const client = createOpenAIClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const top = await client.topLogprobs("x", 2);
    expect(top.tokens.map((t) => t.token)).toEqual([" a", " b"]);
  });
});

describe("llama.cpp", () => {
  it("reads completion log-probs in its {content: [...]} shape", async () => {
    const { fetch } = scriptedFetch(() =>
      json({
        choices: [
          {
            text: " a",
            logprobs: {
              content: [
                {
                  id: 264,
                  token: " a",
                  bytes: [32, 97],
                  logprob: -0.1,
                  top_logprobs: [
                    { id: 264, token: " a", logprob: -0.1 },
                    { id: 293, token: " b", logprob: -2.4 },
                  ],
                },
              ],
            },
          },
        ],
      }),
    );
    const client = createOpenAIClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const top = await client.topLogprobs("x", 2);
    expect(top.tokens).toEqual([
      { token: " a", logprob: -0.1 },
      { token: " b", logprob: -2.4 },
    ]);
  });

  it("fails an echo at once, not retried, naming what to use instead", async () => {
    const { retry, slept } = instantRetry();
    // llama.cpp's exact refusal: HTTP 500 with an OpenAI-style error body.
    const { fetch, sent } = scriptedFetch(() => json({ error: { code: 500, message: "Only no echo is supported", type: "server_error" } }, 500));
    const client = createOpenAIClient({ baseUrl: freshBaseUrl(), model }, { fetch, retry });
    const err = await modelError(client.continuationLogprobs([{ context: "The cat", continuation: " sat" }]));
    expect(err.kind).toBe("unsupported");
    expect(err.isRetryable).toBe(false);
    expect(err.message).toMatch(/Only no echo is supported — this server \(llama\.cpp\) cannot echo the prompt.*vLLM or SGLang/);
    expect(sent).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it("still retries an ordinary HTTP 500", async () => {
    const err = new ModelError({ kind: "http", endpoint: "http://x/v1", path: "/completions", status: 500, body: '{"error":{"message":"CUDA out of memory"}}' }, "HTTP 500");
    expect(err.kind).toBe("http");
    expect(err.isRetryable).toBe(true);
  });
});

describe("impossible log-probs", () => {
  const where = { endpoint: "http://x/v1", path: "/completions" };
  it("refuses a positive echo log-prob, naming the token", async () => {
    const { fetch } = scriptedFetch(() =>
      json(
        echoBody([
          ["a", null],
          [" b", 0.5],
        ]),
      ),
    );
    const client = createOpenAIClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const err = await modelError(client.continuationLogprobs([{ context: "a", continuation: " b" }]));
    expect(err.kind).toBe("malformed");
    expect(err.message).toMatch(/token 1 \(" b"\) has log-probability 0\.5; a log-probability must be ≤ 0/);
  });

  it("refuses a positive vLLM prompt log-prob, naming the field", () => {
    const body = { choices: [{ text: "", prompt_logprobs: [null, { "7": { logprob: 0.25, rank: 1, decoded_token: " b" } }] }] };
    expect(() => parseWire(completionResponse, body, where)).toThrow(/prompt_logprobs\.1\.7\.logprob: a log-probability must be ≤ 0/);
  });

  it("refuses a positive top-k log-prob from any server", async () => {
    const { fetch } = scriptedFetch(() => json({ choices: [{ text: " a", logprobs: { tokens: [" a"], token_logprobs: [-0.1], top_logprobs: [{ " a": 0.3 }], text_offset: [0] } }] }));
    const client = createOpenAIClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const err = await modelError(client.topLogprobs("x", 1));
    expect(err.kind).toBe("malformed");
  });

  it("refuses NaN (a Python server's bare NaN is not JSON) as malformed, never as a score", async () => {
    const body = JSON.stringify(
      echoBody([
        ["a", null],
        [" b", -1],
      ]),
    ).replace("-1", "NaN");
    const { fetch } = scriptedFetch(() => new Response(body, { status: 200, headers: { "content-type": "application/json" } }));
    const client = createOpenAIClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const err = await modelError(client.continuationLogprobs([{ context: "a", continuation: " b" }]));
    expect(err.kind).toBe("malformed");
  });
});
