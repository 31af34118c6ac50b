// The built-in OpenAI-compatible server's wire shapes, through app.request() (no socket).
import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { createLmServerApp, EMBEDDED_LM_ID } from "../../src/models/embedded/server.js";
import { loadEmbeddedLm } from "../../src/models/embedded/store.js";
import type { EmbeddedLm } from "../../src/models/embedded/lm.js";

let app: Hono;
let lm: EmbeddedLm;
beforeAll(async () => {
  lm = (await loadEmbeddedLm()).lm;
  app = createLmServerApp({ lm });
});

interface Logprobs {
  tokens: string[];
  token_logprobs: (number | null)[];
  top_logprobs: (Record<string, number> | null)[];
  text_offset: number[];
}
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies under test

async function post(path: string, body: unknown): Promise<{ status: number; json: Json }> {
  const res = await app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Json };
}

const PROMPT = "Partner: The printer jammed again. Haha!\nPolicy: I'll fix it.\nAudience: Haha";

describe("embedded LM server", () => {
  it("echoes prompt log-probs with parallel arrays, exact offsets, null first entries and the actual token in each top map", async () => {
    const { status, json } = await post("/v1/completions", { model: EMBEDDED_LM_ID, prompt: PROMPT, echo: true, logprobs: 3, max_tokens: 0, temperature: 0 });
    expect(status).toBe(200);
    const choice = json.choices[0];
    expect(choice.text).toBe(PROMPT);
    const lp = choice.logprobs as Logprobs;
    const n = lp.tokens.length;
    expect(lp.token_logprobs).toHaveLength(n);
    expect(lp.top_logprobs).toHaveLength(n);
    expect(lp.text_offset).toHaveLength(n);
    expect(lp.token_logprobs[0]).toBeNull();
    expect(lp.top_logprobs[0]).toBeNull();
    expect(lp.tokens.join("")).toBe(PROMPT);
    lp.tokens.forEach((t, i) => expect(PROMPT.slice(lp.text_offset[i], lp.text_offset[i] + t.length)).toBe(t));
    for (let i = 1; i < n; i++) {
      const top = lp.top_logprobs[i] as Record<string, number>;
      expect(top[lp.tokens[i]]).toBe(lp.token_logprobs[i]);
      expect(Object.keys(top).length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(top).length).toBeLessThanOrEqual(4);
      const sum = Object.values(top).reduce((s, x) => s + Math.exp(x), 0);
      expect(sum).toBeLessThanOrEqual(1 + 1e-9);
    }
    expect(json.usage.prompt_tokens).toBe(n);
    expect(json.usage.completion_tokens).toBe(0);
  });

  it("answers echo with logprobs 0 as vLLM does: each token's own log-prob (the same as with 3) and no alternatives", async () => {
    const ask = async (logprobs: number) => (await post("/v1/completions", { prompt: PROMPT, echo: true, logprobs, max_tokens: 0 })).json.choices[0].logprobs as Logprobs;
    const [none, three] = [await ask(0), await ask(3)];
    expect(none.tokens).toEqual(three.tokens);
    expect(none.token_logprobs).toEqual(three.token_logprobs);
    expect(none.top_logprobs[0]).toBeNull();
    none.top_logprobs.slice(1).forEach((top, i) => expect(top).toEqual({ [none.tokens[i + 1]]: none.token_logprobs[i + 1] }));
  });

  it("serves vLLM prompt_logprobs: first null, the actual token always present with its exact rank", async () => {
    const { json } = await post("/v1/completions", { prompt: "The jury said that the", prompt_logprobs: 2, max_tokens: 0 });
    const entries = json.choices[0].prompt_logprobs as (Record<string, { logprob: number; rank: number; decoded_token: string }> | null)[];
    const tokens = lm.tokenize("The jury said that the");
    expect(entries).toHaveLength(tokens.length);
    expect(entries[0]).toBeNull();
    const scores = lm.scoreTokens(tokens, 50);
    for (let i = 1; i < tokens.length; i++) {
      const entry = entries[i] as Record<string, { logprob: number; rank: number; decoded_token: string }>;
      const actual = Object.values(entry).find((e) => e.decoded_token === tokens[i]);
      expect(actual?.logprob).toBe(scores.logprobs[i]);
      const listedRank = scores.top?.[i].findIndex((t) => t.token === tokens[i]) ?? -1;
      if (listedRank >= 0) expect(actual?.rank).toBe(listedRank + 1);
      const ranks = Object.values(entry).map((e) => e.rank);
      expect(ranks).toContain(1);
    }
  });

  it("tokenizes and detokenizes with stable ids (vLLM shapes)", async () => {
    const text = "Haha! The jury 😂 xD zzyzx";
    const tok = await post("/tokenize", { prompt: text });
    expect(tok.json.count).toBe(lm.tokenize(text).length);
    expect(tok.json.token_strs.join("")).toBe(text);
    const again = await post("/tokenize", { prompt: text });
    expect(again.json.tokens).toEqual(tok.json.tokens);
    const detok = await post("/detokenize", { tokens: tok.json.tokens });
    expect(detok.json.prompt).toBe(text);
    const bad = await post("/detokenize", { tokens: [tok.json.tokens[0], -5] });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/tokens\.1/);
  });

  it("samples reproducibly with a seed, honours stop strings, n and prompt lists", async () => {
    const body = { prompt: ["The man said", "Why did the chicken"], max_tokens: 12, temperature: 0.9, seed: 7, n: 2, logprobs: 2 };
    const a = await post("/v1/completions", body);
    const b = await post("/v1/completions", body);
    expect(a.json.choices.map((c: Json) => c.text)).toEqual(b.json.choices.map((c: Json) => c.text));
    expect(a.json.choices).toHaveLength(4);
    expect(a.json.choices.map((c: Json) => c.index)).toEqual([0, 1, 2, 3]);
    for (const c of a.json.choices) {
      expect(c.logprobs.tokens.join("")).toBe(c.text);
      expect(c.logprobs.token_logprobs.every((x: number) => Number.isFinite(x) && x <= 0)).toBe(true);
    }
    const greedy = await post("/v1/completions", { prompt: "The man said", max_tokens: 30, temperature: 0, stop: [","] });
    expect(greedy.json.choices[0].text).not.toContain(",");
    expect(greedy.json.choices[0].finish_reason).toBe("stop");
  });

  it("answers chat completions with the plain template, and logprobs when asked", async () => {
    const { status, json } = await post("/v1/chat/completions", {
      messages: [
        { role: "system", content: "You are brief." },
        { role: "user", content: "Tell me about the weather." },
      ],
      max_tokens: 8,
      seed: 1,
      logprobs: true,
      top_logprobs: 2,
    });
    expect(status).toBe(200);
    const choice = json.choices[0];
    expect(choice.message.role).toBe("assistant");
    expect(typeof choice.message.content).toBe("string");
    expect(choice.logprobs.content.length).toBeGreaterThan(0);
    expect(choice.logprobs.content[0].top_logprobs).toHaveLength(2);
  });

  it("rejects bad requests with OpenAI-style errors naming the field", async () => {
    const cases: [unknown, RegExp][] = [
      [{ prompt: 3 }, /^prompt:/],
      [{ prompt: "x", logprobs: 50 }, /^logprobs:/],
      [{ prompt: "x", temperature: -1 }, /^temperature:/],
      ["{not json", /not valid JSON/],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await post("/v1/completions", body);
      expect(status).toBe(400);
      expect(json.error.type).toBe("invalid_request_error");
      expect(json.error.message).toMatch(message);
    }
    const noEmbedder = await post("/v1/embeddings", { input: "hello" });
    expect(noEmbedder.status).toBe(404);
    const missing = await app.request("/v1/nothing");
    expect(missing.status).toBe(404);
  });

  it("describes itself as deterministic in /v1/models and headers", async () => {
    const res = await app.request("/v1/models");
    const json = (await res.json()) as Json;
    expect(json.data[0].id).toBe(EMBEDDED_LM_ID);
    expect(json.data[0].meta.deterministic).toBe(true);
    expect(res.headers.get("x-foolsgold-deterministic")).toMatch(/scoring=exact/);
    expect((await app.request("/health")).status).toBe(200);
  });
});
