// Parsing and protocol behaviour of the OpenAI-compatible client, on hand-written wire fixtures.
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { ModelError } from "../../src/models/errors.js";
import { createEndpointRegistry } from "../../src/models/limiter.js";
import { publicEndpoint } from "../../src/models/transport.js";
import { completionResponse, parseWire } from "../../src/models/wire.js";
import { recordCalls } from "../../src/models/call-records.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { wrapModelClient } from "../../src/models/middleware.js";
import { echoBody, freshBaseUrl, json, openAiError, recordedClient, scriptedFetch } from "./client-fixtures.js";

const model = "fixture-model";

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

describe("continuationLogprobs via echo", () => {
  it("sums the continuation's tokens and sends the portable echo request", async () => {
    const { fetch, sent } = scriptedFetch(() =>
      json(
        echoBody([
          ["The", null],
          [" cat", -2.5],
          [" sat", -1.25],
          [" down", -0.5],
        ]),
      ),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const [result] = await client.continuationLogprobs([{ context: "The cat", continuation: " sat down" }]);
    expect(result.logprob).toBe(-1.75);
    expect(result.tokens).toEqual([
      { token: " sat", logprob: -1.25, offset: 7 },
      { token: " down", logprob: -0.5, offset: 11 },
    ]);
    expect(result.contextTokenCount).toBe(2);
    expect(sent[0].url).toMatch(/\/v1\/completions$/);
    expect(sent[0].body).toMatchObject({ model, prompt: "The cat sat down", echo: true, logprobs: 1, max_tokens: 0, temperature: 0 });
  });

  it("gives a token that straddles the boundary to the continuation", async () => {
    // "Haha" tokenized as "Ha" + "ha!": context "Hah" ends inside "ha!".
    const { fetch } = scriptedFetch(() =>
      json(
        echoBody([
          ["Well", null],
          [" Ha", -3],
          ["ha!", -0.75],
        ]),
      ),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const [result] = await client.continuationLogprobs([{ context: "Well Hah", continuation: "a!" }]);
    expect(result.tokens.map((t) => t.token)).toEqual(["ha!"]);
    expect(result.logprob).toBe(-0.75);
    expect(result.contextTokenCount).toBe(2);
  });

  it("asks for logprobs 0 only where the backend declares echoLogprobs 0 (SGLang reads 0 as output tokens only)", async () => {
    const { fetch, sent } = scriptedFetch(() =>
      json(
        echoBody([
          ["A", null],
          [" b", -1],
          [" c", -2],
        ]),
      ),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, echoLogprobs: 0 }, { fetch });
    const [first] = await client.continuationLogprobs([{ context: "A", continuation: " b c" }]);
    expect(first.logprob).toBe(-3);
    expect(sent.map((s) => s.body.logprobs)).toEqual([0]);
  });

  it("falls back to max_tokens 1 when the server rejects 0, ignores the generated token, and remembers", async () => {
    const generated = echoBody([
      ["A", null],
      [" b", -1],
      [" c", -2],
      [" d", -4],
    ]);
    const { fetch, sent } = scriptedFetch(
      () => openAiError(400, "max_tokens must be at least 1"),
      () => json(generated),
    );
    const baseUrl = freshBaseUrl();
    const endpoints = createEndpointRegistry();
    const client = recordedClient({ baseUrl, model }, { fetch, endpoints });
    // The server echoed "A b c" and generated " d" (offset 5 = end of the prompt).
    const [first] = await client.continuationLogprobs([{ context: "A", continuation: " b c" }]);
    expect(first.logprob).toBe(-3);
    expect(sent.map((s) => s.body.max_tokens)).toEqual([0, 1]);
    const again = recordedClient({ baseUrl, model }, { fetch, endpoints });
    await again.continuationLogprobs([{ context: "A b", continuation: " c" }]);
    expect(sent.map((s) => s.body.max_tokens)).toEqual([0, 1, 1]);
    expect(client.calls[0].attempts).toBe(2);
  });

  it("fails explicitly on null log-probs, missing tokens, ragged arrays and servers that do not echo", async () => {
    const cases: [unknown, RegExp, ModelError["kind"]][] = [
      [
        echoBody([
          ["x", null],
          [" y", -1],
          [" z", null],
        ]),
        /token 2 \(" z"\) has a null log-probability/,
        "malformed",
      ],
      [
        echoBody([
          ["x", null],
          [" y", -1],
        ]),
        /2 tokens cover only 3 of the text's 5 characters/,
        "malformed",
      ],
      [{ choices: [{ text: "", logprobs: { tokens: ["x", " y"], token_logprobs: [null], text_offset: [0, 1] } }] }, /arrays differ in length/, "malformed"],
      [{ choices: [{ text: " z", logprobs: { tokens: [" z"], token_logprobs: [-1], text_offset: [3] } }] }, /did not echo the prompt/, "unsupported"],
      [{ choices: [{ text: "" }] }, /no choices\[0\]\.logprobs/, "unsupported"],
    ];
    for (const [body, message, kind] of cases) {
      const { fetch } = scriptedFetch(() => json(body));
      const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
      const err = await modelError(client.continuationLogprobs([{ context: "x y", continuation: " z" }]));
      expect(err.message).toMatch(message);
      expect(err.kind).toBe(kind);
      expect(client.calls[0]).toMatchObject({ status: "error", cached: false });
      expect(client.calls[0].error).toMatch(message);
    }
  });

  /** A server-style echo body: offsets added up from the decoded token strings, as vLLM does. */
  const driftedEcho = (tokens: [string, number | null][]) => {
    let at = 0;
    const text_offset = tokens.map(([t]) => ((at += t.length), at - t.length));
    return { choices: [{ text: "", logprobs: { tokens: tokens.map(([t]) => t), token_logprobs: tokens.map(([, lp]) => lp), text_offset } }] };
  };
  const continuationOf = async (body: unknown, context: string, continuation: string) => {
    const { fetch } = scriptedFetch(() => json(body));
    return (await recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch }).continuationLogprobs([{ context, continuation }]))[0];
  };

  it("aligns sentencepiece pieces whose decoded strings drop the leading space (server offsets drift)", async () => {
    // Llama-2 style: "<s>" BOS, then "The", "cat", "sat", "down" decoded without their spaces.
    const body = driftedEcho([
      ["<s>", null],
      ["The", -5],
      ["cat", -2.5],
      ["sat", -1.25],
      ["down", -0.5],
    ]);
    const result = await continuationOf(body, "The cat", " sat down");
    expect(result.tokens).toEqual([
      { token: "sat", logprob: -1.25, offset: 7 },
      { token: "down", logprob: -0.5, offset: 11 },
    ]);
    expect(result.logprob).toBe(-1.75);
    expect(result.contextTokenCount).toBe(3);
  });

  it("keeps a run of byte-fallback pieces (U+FFFD) together and gives it to the continuation when it straddles", async () => {
    // "😂" split into three byte pieces, each decoding to U+FFFD; server offsets count 1 per piece.
    const pieces: [string, number | null][] = [
      ["Audience", null],
      [":", -1],
      [" \uFFFD", -2],
      ["\uFFFD", -0.5],
      ["\uFFFD", -0.25],
      [" haha", -3],
    ];
    const after = await continuationOf(driftedEcho(pieces), "Audience:", " 😂 haha");
    expect(after.tokens.map((t) => [t.offset, t.logprob])).toEqual([
      [9, -2],
      [9, -0.5],
      [9, -0.25],
      [12, -3],
    ]);
    expect(after.logprob).toBe(-5.75);
    // Context ends inside the emoji's byte run ("Audience: \ud83d" is not a sensible context, but the
    // rule must still hold): the whole run belongs to the continuation.
    const straddling = await continuationOf(driftedEcho(pieces), "Audience: ", "😂 haha");
    expect(straddling.tokens.map((t) => t.logprob)).toEqual([-2, -0.5, -0.25, -3]);
    const onlyTail = await continuationOf(driftedEcho(pieces), "Audience: 😂", " haha");
    expect(onlyTail.tokens.map((t) => t.token)).toEqual([" haha"]);
  });

  it("lets a BOS token condition the first word, so an empty context works when the server sends one", async () => {
    const result = await continuationOf(
      driftedEcho([
        ["<|begin_of_text|>", null],
        ["Hi", -4],
        [" there", -1],
      ]),
      "",
      "Hi there",
    );
    expect(result.logprob).toBe(-5);
    expect(result.contextTokenCount).toBe(1);
  });

  it("refuses echoed tokens that do not spell the prompt", async () => {
    const { fetch } = scriptedFetch(() =>
      json(
        driftedEcho([
          ["The", null],
          [" dog", -1],
          [" sat", -1],
        ]),
      ),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const err = await modelError(client.continuationLogprobs([{ context: "The cat", continuation: " sat" }]));
    expect(err.message).toMatch(/cannot align echoed token 1 \(" dog"\) with the text at offset 3/);
  });

  it("rejects an empty context whose first token would carry the continuation", async () => {
    const { fetch } = scriptedFetch(() =>
      json(
        echoBody([
          ["Hi", null],
          [" there", -1],
        ]),
      ),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    await expect(client.continuationLogprobs([{ context: "", continuation: "Hi there" }])).rejects.toThrow(/give a non-empty context/);
  });
});

describe("continuationLogprobs via vLLM prompt_logprobs", () => {
  const entry = (id: number, token: string, logprob: number, rank = 1) => ({ [String(id)]: { logprob, rank, decoded_token: token } });

  it("reads prompt_logprobs from the choice or the top level and matches the echo answer", async () => {
    const promptLogprobs = [null, entry(11, " cat", -2.5), entry(12, " sat", -1.25), entry(13, " down", -0.5)];
    for (const placement of ["choice", "top"] as const) {
      const body = placement === "choice" ? { choices: [{ text: "!", prompt_logprobs: promptLogprobs }] } : { choices: [{ text: "!" }], prompt_logprobs: promptLogprobs };
      const { fetch, sent } = scriptedFetch(() => json(body));
      const client = recordedClient({ baseUrl: freshBaseUrl(), model, continuationMethod: "prompt_logprobs" }, { fetch });
      const [result] = await client.continuationLogprobs([{ context: "The cat", continuation: " sat down" }]);
      expect(result).toEqual({
        logprob: -1.75,
        tokens: [
          { token: " sat", logprob: -1.25, offset: 7 },
          { token: " down", logprob: -0.5, offset: 11 },
        ],
        contextTokenCount: 2,
      });
      expect(sent[0].body).toMatchObject({ prompt: "The cat sat down", prompt_logprobs: 0, temperature: 0 });
    }
  });

  it("handles a BOS token and sentencepiece pieces whose decoded string drops the leading space", async () => {
    // BOS (null), "Hello", "world" (decoded without its space), "!"
    const body = { choices: [{ text: "", prompt_logprobs: [null, entry(1, "Hello", -4), entry(2, "world", -2), entry(3, "!", -1)] }] };
    const { fetch } = scriptedFetch(() => json(body));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, continuationMethod: "prompt_logprobs" }, { fetch });
    const [result] = await client.continuationLogprobs([{ context: "Hello", continuation: " world!" }]);
    expect(result.logprob).toBe(-3);
    expect(result.tokens).toEqual([
      { token: "world", logprob: -2, offset: 5 },
      { token: "!", logprob: -1, offset: 11 },
    ]);
    expect(result.contextTokenCount).toBe(2);
  });

  it("aligns byte-fallback pieces forward when matching from the end fails", async () => {
    const pieces: [string, number][] = [
      [":", -1],
      [" \uFFFD", -2],
      ["\uFFFD", -0.5],
      ["\uFFFD", -0.25],
      [" haha", -3],
    ];
    const body = { choices: [{ text: "", prompt_logprobs: [null, ...pieces.map(([t, lp], i) => entry(100 + i, t, lp))] }] };
    const { fetch } = scriptedFetch(() => json(body));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, continuationMethod: "prompt_logprobs" }, { fetch });
    const [whole, tail] = await client.continuationLogprobs([
      { context: "Audience:", continuation: " 😂 haha" },
      { context: "Audience: 😂", continuation: " haha" },
    ]);
    expect(whole.logprob).toBe(-5.75);
    expect(whole.tokens.map((t) => t.offset)).toEqual([9, 9, 9, 12]);
    expect(tail.tokens).toEqual([{ token: " haha", logprob: -3, offset: 12 }]);
  });

  it("asks /tokenize at the server root for ids when entries carry several tokens", async () => {
    const two = (actual: [number, string, number], top: [number, string, number]) => ({
      [String(top[0])]: { logprob: top[2], rank: 1, decoded_token: top[1] },
      [String(actual[0])]: { logprob: actual[2], rank: 7, decoded_token: actual[1] },
    });
    const body = { choices: [{ text: "", prompt_logprobs: [null, two([20, " b", -3], [5, " a", -0.1]), two([30, " c", -2], [6, " d", -0.2])] }] };
    const { fetch, sent } = scriptedFetch(
      () => json(body),
      () => json({ tokens: [10, 20, 30], count: 3, max_model_len: 4096 }),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, continuationMethod: "prompt_logprobs" }, { fetch });
    const [result] = await client.continuationLogprobs([{ context: "x b", continuation: " c" }]);
    expect(result.logprob).toBe(-2);
    expect(sent[1].url).toMatch(/\.test\/tokenize$/);
    expect(client.calls[0].attempts).toBe(2);
  });

  it("says so when the server has no prompt_logprobs or the tokens cannot be aligned", async () => {
    const noLogprobs = scriptedFetch(() => json({ choices: [{ text: "x" }] }));
    const a = recordedClient({ baseUrl: freshBaseUrl(), model, continuationMethod: "prompt_logprobs" }, { fetch: noLogprobs.fetch });
    const e1 = await modelError(a.continuationLogprobs([{ context: "a", continuation: "b" }]));
    expect(e1.kind).toBe("unsupported");
    expect(e1.message).toMatch(/no prompt_logprobs/);
    const misaligned = scriptedFetch(() => json({ choices: [{ text: "", prompt_logprobs: [null, entry(1, "zzz", -1)] }] }));
    const b = recordedClient({ baseUrl: freshBaseUrl(), model, continuationMethod: "prompt_logprobs" }, { fetch: misaligned.fetch });
    const e2 = await modelError(b.continuationLogprobs([{ context: "a", continuation: "b" }]));
    expect(e2.message).toMatch(/cannot align prompt token 1 \("zzz"\)/);
  });
});

describe("topLogprobs", () => {
  it("returns the k most probable next tokens, most probable first", async () => {
    const { fetch, sent } = scriptedFetch(() =>
      json({
        choices: [{ text: " the", logprobs: { tokens: [" the"], token_logprobs: [-0.5], top_logprobs: [{ " a": -2, " the": -0.5, " an": -3, " one": -4 }], text_offset: [5] } }],
      }),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const top = await client.topLogprobs("Once upon", 3);
    expect(top.tokens).toEqual([
      { token: " the", logprob: -0.5 },
      { token: " a", logprob: -2 },
      { token: " an", logprob: -3 },
    ]);
    expect(sent[0].body).toMatchObject({ prompt: "Once upon", max_tokens: 1, temperature: 0, logprobs: 3 });
  });

  it("can use chat top_logprobs for chat-only servers", async () => {
    const { fetch, sent } = scriptedFetch(() =>
      json({
        choices: [
          {
            message: { role: "assistant", content: "Yes" },
            finish_reason: "length",
            logprobs: {
              content: [
                {
                  token: "Yes",
                  logprob: -0.1,
                  top_logprobs: [
                    { token: "No", logprob: -2.4 },
                    { token: "Yes", logprob: -0.1 },
                  ],
                },
              ],
            },
          },
        ],
      }),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, topLogprobsVia: "chat" }, { fetch });
    const top = await client.topLogprobs("Is it funny?", 2);
    expect(top.tokens.map((t) => t.token)).toEqual(["Yes", "No"]);
    expect(sent[0].url).toMatch(/\/chat\/completions$/);
    expect(sent[0].body).toMatchObject({ logprobs: true, top_logprobs: 2, max_tokens: 1 });
  });

  it("rejects a positive log-probability and a missing top_logprobs", async () => {
    const positive = scriptedFetch(() => json({ choices: [{ text: "x", logprobs: { tokens: ["x"], token_logprobs: [0.3], top_logprobs: [{ x: 0.3 }], text_offset: [0] } }] }));
    const a = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch: positive.fetch });
    expect((await modelError(a.topLogprobs("p", 1))).message).toMatch(/top log-prob of "x" is 0.3, not ≤ 0/);
    const missing = scriptedFetch(() => json({ choices: [{ text: "x", logprobs: { tokens: ["x"], token_logprobs: [-1], top_logprobs: null, text_offset: [0] } }] }));
    const b = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch: missing.fetch });
    expect((await modelError(b.topLogprobs("p", 1))).message).toMatch(/choices\.0\.logprobs\.top_logprobs\.0 is missing/);
  });
});

describe("chat, complete and embed", () => {
  it("maps chat requests and responses and records usage and determinism", async () => {
    const { fetch, sent } = scriptedFetch(() => json({ choices: [{ index: 0, message: { role: "assistant", content: "Hi!" }, finish_reason: "stop" }], usage: { prompt_tokens: 9, completion_tokens: 2 } }));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, batchInvariant: true, extraBody: { top_k: 20 } }, { fetch });
    const result = await client.chat({ messages: [{ role: "user", content: "Hello" }], temperature: 0.7, seed: 3, maxTokens: 5, n: 1 });
    expect(result).toEqual({ choices: [{ text: "Hi!", finishReason: "stop" }], usage: { promptTokens: 9, completionTokens: 2 } });
    expect(sent[0].body).toEqual({ model, messages: [{ role: "user", content: "Hello" }], temperature: 0.7, seed: 3, max_tokens: 5, n: 1, top_k: 20 });
    expect(client.calls[0]).toMatchObject({
      path: "/chat/completions",
      model,
      params: { messagesCount: 1, temperature: 0.7, seed: 3, max_tokens: 5, n: 1, top_k: 20 },
      determinism: { seed: 3, temperature: 0.7, batchInvariant: true },
      cached: false,
      attempts: 1,
      status: 200,
      promptTokens: 9,
      completionTokens: 2,
    });
    expect(client.calls[0].latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("can hand records only to onCall, keeping none in memory (long-running servers)", async () => {
    const { fetch } = scriptedFetch(() => json({ choices: [{ text: "x", finish_reason: "stop" }] }));
    const seen: string[] = [];
    const records = recordCalls({ keep: false, onCall: (r) => seen.push(r.path) });
    const client = wrapModelClient({ client: createOpenAIClient({ baseUrl: freshBaseUrl(), model }, { fetch }), middleware: records.middleware });
    await client.complete({ prompt: "a" });
    await client.complete({ prompt: "b" });
    expect(seen).toEqual(["/completions", "/completions"]);
    expect(records.calls()).toEqual([]);
  });

  it("treats a null chat message content as a malformed response, not an empty reply", async () => {
    const { fetch } = scriptedFetch(() => json({ choices: [{ message: { role: "assistant", content: null }, finish_reason: "length" }] }));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const err = await modelError(client.chat({ messages: [{ role: "user", content: "x" }] }));
    expect(err.message).toMatch(/choices\.0\.message\.content is null \(finish_reason length\)/);
  });

  it("completes prompts", async () => {
    const { fetch } = scriptedFetch(() =>
      json({
        choices: [
          { text: " punchline", finish_reason: "stop" },
          { text: " other", finish_reason: "length" },
        ],
      }),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const result = await client.complete({ prompt: "Setup:", n: 2, temperature: 1, seed: 1 });
    expect(result.choices).toEqual([
      { text: " punchline", finishReason: "stop" },
      { text: " other", finishReason: "length" },
    ]);
  });

  it("embeds in batches and puts vectors back in input order by index", async () => {
    const { fetch, sent } = scriptedFetch((req) => {
      const inputs = req.body.input as string[];
      const data = inputs.map((text, index) => ({ object: "embedding", index, embedding: [text.length, index] })).reverse();
      return json({ object: "list", data });
    });
    const client = recordedClient({ baseUrl: freshBaseUrl(), model, embedBatchSize: 2 }, { fetch });
    const vectors = await client.embed(["a", "bb", "ccc"]);
    expect(vectors).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
    expect(sent.map((s) => s.body.input)).toEqual([["a", "bb"], ["ccc"]]);
    expect(client.calls).toHaveLength(2);
  });

  it("rejects embeddings that do not match the inputs", async () => {
    const { fetch } = scriptedFetch(() => json({ data: [{ index: 0, embedding: [1, 2] }] }));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    expect((await modelError(client.embed(["a", "b"]))).message).toMatch(/data has 1 embeddings for 2 inputs/);
  });
});

describe("malformed responses and bad input", () => {
  it("names the missing field of a response that does not fit the protocol", async () => {
    const { fetch } = scriptedFetch(() => json({ choices: [{ finish_reason: "stop" }] }));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const err = await modelError(client.complete({ prompt: "x", temperature: 0 }));
    expect(err.kind).toBe("malformed");
    expect(err.message).toMatch(/\/completions: malformed response: choices\.0\.text: /);
    expect(err.isRetryable).toBe(false);
  });

  it("names the first bad entry of a completion's log-prob arrays", async () => {
    const logprobs = { tokens: ["a", "b"], token_logprobs: [null, -1], top_logprobs: [null, { b: -1 }], text_offset: [0, 1] };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ tokens: ["a", 3] }, /choices\.0\.logprobs\.tokens\.1: expected a string/],
      [{ token_logprobs: [null, "x"] }, /choices\.0\.logprobs\.token_logprobs\.1: expected a number or null/],
      [{ top_logprobs: [null, { b: "x" }] }, /choices\.0\.logprobs\.top_logprobs\.1: expected null or a map of token to number/],
    ];
    for (const [bad, message] of cases) {
      const { fetch } = scriptedFetch(() => json({ choices: [{ text: "ab", logprobs: { ...logprobs, ...bad } }] }));
      const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
      const err = await modelError(client.continuationLogprobs([{ context: "a", continuation: "b" }]));
      expect(err.kind).toBe("malformed");
      expect(err.message).toMatch(message);
    }
  });

  it("says of a bad echo answer what the whole answer says, though it reads the top-k lists lean (echo-answer.ts): the same message and body", async () => {
    const answers = [
      // A fault outside the lists, which are stood in for: the body must still be the whole answer's.
      { choices: [{ text: "ab", logprobs: { tokens: ["a", 3], token_logprobs: [null, -1], top_logprobs: [null, { b: -1 }], text_offset: [0, 1] } }] },
      // llama.cpp's content shape with number maps where {token, logprob} objects belong: stood in for, and still refused for what they are.
      {
        choices: [
          {
            text: "ab",
            logprobs: {
              content: [
                { token: "a", logprob: -1, top_logprobs: [{ a: -1 }] },
                { token: "b", logprob: -1, top_logprobs: [null] },
              ],
            },
          },
        ],
      },
    ];
    for (const answer of answers) {
      const baseUrl = freshBaseUrl();
      let expected: ModelError | undefined;
      try {
        parseWire(completionResponse, answer, { endpoint: publicEndpoint(baseUrl), path: "/completions" });
      } catch (err) {
        expected = err as ModelError;
      }
      expect(expected).toBeInstanceOf(ModelError);
      const { fetch } = scriptedFetch(() => json(answer));
      const client = recordedClient({ baseUrl, model }, { fetch });
      const err = await modelError(client.continuationLogprobs([{ context: "a", continuation: "b" }]));
      expect(err.message).toBe(expected!.message);
      expect(err.body).toBe(expected!.body);
    }
  });

  it("reports an error object sent with status 200 as the server's error", async () => {
    const { fetch } = scriptedFetch(() => json({ error: { message: "model 'x' not loaded", code: 404 } }));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const err = await modelError(client.topLogprobs("x", 2));
    expect(err.message).toMatch(/answered 2xx with an error instead of a result: model 'x' not loaded/);
  });

  it("reports a body that is not JSON or not valid UTF-8", async () => {
    const notJson = scriptedFetch(() => new Response("<html>Bad gateway</html>", { status: 200 }));
    const a = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch: notJson.fetch });
    expect((await modelError(a.complete({ prompt: "x" }))).message).toMatch(/malformed response: not JSON .*body starts "<html>Bad gateway/);
    const badUtf8 = scriptedFetch(() => new Response(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), { status: 200 }));
    const b = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch: badUtf8.fetch });
    expect((await modelError(b.complete({ prompt: "x" }))).message).toMatch(/the body is not valid UTF-8/);
  });

  it("reports an HTTP error with the server's own message and does not retry a 400", async () => {
    const { fetch, sent } = scriptedFetch(() => openAiError(400, "This model's maximum context length is 4096 tokens"));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    const err = await modelError(client.complete({ prompt: "x" }));
    expect(err).toMatchObject({ kind: "http", status: 400, isRetryable: false });
    expect(err.message).toMatch(/HTTP 400: This model's maximum context length is 4096 tokens/);
    expect(sent).toHaveLength(1);
    expect(client.calls[0]).toMatchObject({ status: 400, attempts: 1 });
  });

  it("refuses text that cannot be encoded as UTF-8, empty continuations and bad k before any request", async () => {
    const { fetch, sent } = scriptedFetch(() => json({}));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model }, { fetch });
    await expect(client.complete({ prompt: "ok \ud800 broken" })).rejects.toThrow(/prompt: is not valid Unicode \(contains a lone surrogate\)/);
    await expect(
      client.continuationLogprobs([
        { context: "a", continuation: "b" },
        { context: "a", continuation: "" },
      ]),
    ).rejects.toThrow(/pairs\[1\]\.continuation: is empty/);
    await expect(client.topLogprobs("x", 0)).rejects.toThrow(InputError);
    await expect(client.embed(["fine", "\udfff"])).rejects.toThrow(/texts\[1\]/);
    expect(sent).toHaveLength(0);
  });

  it("refuses unusable backend specs with a clear message", () => {
    expect(() => recordedClient({ baseUrl: "embedded", model })).toThrow(/"embedded" must be started first/);
    expect(() => recordedClient({ baseUrl: "localhost:8000", model })).toThrow(/expected an http\(s\) URL/);
    expect(() => recordedClient({ baseUrl: "http://x/v1", model, apiKeyEnv: "FG_TEST_MISSING_KEY" }, { env: {} })).toThrow(/environment variable FG_TEST_MISSING_KEY is not set/);
  });

  it("sends the API key as a bearer header but never records it or the URL's credentials", async () => {
    const { fetch, sent } = scriptedFetch(() => json({ choices: [{ text: "x", finish_reason: "stop" }] }));
    const client = recordedClient({ baseUrl: "http://user:pw@fixture-secret.test/v1/", model, apiKeyEnv: "FG_KEY" }, { fetch, env: { FG_KEY: "sk-secret-123" } });
    await client.complete({ prompt: "x", temperature: 0 });
    expect(sent[0].headers.authorization).toBe("Bearer sk-secret-123");
    expect(sent[0].url).toBe("http://user:pw@fixture-secret.test/v1/completions");
    const recorded = JSON.stringify(client.calls);
    expect(recorded).not.toMatch(/sk-secret|pw@|user:/);
    expect(client.calls[0].endpoint).toBe("http://fixture-secret.test/v1");
  });
});
