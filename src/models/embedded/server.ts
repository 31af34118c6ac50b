// The built-in OpenAI-compatible server for the embedded LM and embedder (SPEC §2). The same wire
// shapes as vLLM: /v1/completions (echo, logprobs top-k with text_offset, prompt_logprobs, sampling),
// /v1/chat/completions, /v1/embeddings, /v1/models, /tokenize, /detokenize, /health. Scoring is
// exactly deterministic (pure arithmetic, no batching effects); sampling is reproducible with a seed.
import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { createRng } from "../../core/random.js";
import { CHAT_STOPS, renderChat } from "./chat-template.js";
import { completionJson, completionObject, type CompletionAnswer, type CompletionChoice } from "./completion-answer.js";
import type { Embedder } from "./embedder.js";
import { generate, type Generation } from "./generation.js";
import type { EmbeddedLm } from "./lm.js";
import { chatRequest, completionRequest, describeIssue, detokenizeRequest, embeddingRequest, tokenizeRequest, type ChatBody, type CompletionBody } from "./server-schemas.js";
import { TokenIds } from "./token-ids.js";

export const EMBEDDED_LM_ID = "foolsgold-embedded-lm";
const MAX_MODEL_LEN = 1_000_000;
const DEFAULT_MAX_TOKENS = 16;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface LmServerDeps {
  /** The model, or a loader (called once, lazily). */
  lm: EmbeddedLm | (() => Promise<EmbeddedLm>);
  embedder?: () => Promise<Embedder>;
  /** The embedder's runtime ("onnx" or "tfjs"); a "tfjs" encoder lists it as its build, so its answers get their own revision. */
  embedderRuntime?: string;
  /** Extra facts for /v1/models (e.g. held-out perplexities). */
  modelInfo?: Record<string, unknown>;
}

export const EMBEDDER_ID = "use-lite-512";

/**
 * The ONNX runtime's vectors are the encoder's reference build (no revision, as before the runtime was
 * optional); TF.js's differ in their last float32 bits, so they are a build of their own.
 */
function encoderBuild(runtime: string | undefined): Record<string, unknown> {
  if (!runtime) return {};
  return runtime === "onnx" ? { runtime } : { runtime, builder_version: runtime };
}

class RequestProblem extends Error {
  constructor(
    readonly param: string,
    message: string,
    readonly status: 400 | 404 = 400,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

function errorBody(message: string, type: string, param?: string, code: string | null = null): { error: { message: string; type: string; param: string | null; code: string | null } } {
  return { error: { message, type, param: param ?? null, code } };
}

/** A request naming a model this server does not serve is refused, as OpenAI's API does. */
function checkModel(model: string | undefined, served: string[]): void {
  if (model === undefined || served.includes(model)) return;
  throw new RequestProblem("model", `model: "${model}" is not served here; this server serves ${served.map((m) => `"${m}"`).join(", ")}`, 404, "model_not_found");
}

/** Float32 little-endian bytes, base64: what OpenAI clients decode for encoding_format "base64". */
function base64Vector(vector: number[]): string {
  const bytes = new Float32Array(vector);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/**
 * A finished response as a server-sent-event stream (stream: true): one chunk per choice carrying
 * its whole text, then a chunk with the finish reason, then [DONE]. Scoring and generation here take
 * milliseconds, so the stream gains nothing from token-by-token chunks; clients read it the same way.
 */
function streamed(c: Context, response: Record<string, unknown>, kind: "chat" | "completion"): Response {
  const choices = response.choices as Record<string, unknown>[];
  const base = { id: response.id, created: response.created, model: response.model, object: kind === "chat" ? "chat.completion.chunk" : "text_completion" };
  const events: unknown[] = [];
  for (const choice of choices) {
    if (kind === "chat") {
      const message = choice.message as { role: string; content: string };
      events.push({ ...base, choices: [{ index: choice.index, delta: { role: message.role, content: message.content }, logprobs: choice.logprobs ?? null, finish_reason: null }] });
      events.push({ ...base, choices: [{ index: choice.index, delta: {}, logprobs: null, finish_reason: choice.finish_reason }] });
    } else {
      events.push({ ...base, choices: [{ ...choice, finish_reason: null }] });
      events.push({ ...base, choices: [{ index: choice.index, text: "", logprobs: null, finish_reason: choice.finish_reason }] });
    }
  }
  const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("") + "data: [DONE]\n\n";
  return c.body(text, 200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
}

async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new RequestProblem("body", "body: not valid JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const { param, message } = describeIssue(parsed.error);
    throw new RequestProblem(param, message);
  }
  return parsed.data;
}

function seedFor(seed: number | null | undefined, promptIndex: number, choice: number): string {
  return seed === null || seed === undefined ? `${randomUUID()}` : `${seed}:${promptIndex}:${choice}`;
}

export function createLmServerApp(deps: LmServerDeps): Hono {
  const app = new Hono();
  let lmPromise: Promise<EmbeddedLm> | null = null;
  let ids: TokenIds | null = null;
  const getLm = async (): Promise<EmbeddedLm> => {
    lmPromise ??= typeof deps.lm === "function" ? deps.lm() : Promise.resolve(deps.lm);
    const lm = await lmPromise;
    ids ??= new TokenIds(lm);
    return lm;
  };
  const tokenIds = async (): Promise<TokenIds> => {
    await getLm();
    return ids as TokenIds;
  };

  app.use(async (c, next) => {
    await next();
    c.header("x-foolsgold-deterministic", "scoring=exact; sampling=seeded");
  });
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody(`body: larger than ${MAX_BODY_BYTES} bytes`, "invalid_request_error", "body"), 413),
    }),
  );

  app.onError((err, c) => {
    if (err instanceof RequestProblem) return c.json(errorBody(err.message, err.status === 404 ? "not_found_error" : "invalid_request_error", err.param, err.code), err.status);
    return c.json(errorBody(`internal error: ${err instanceof Error ? err.message : String(err)}`, "server_error"), 500);
  });
  app.notFound((c) => c.json(errorBody(`no route ${c.req.method} ${c.req.path}`, "not_found_error"), 404));

  app.get("/health", (c) => c.json({ status: "ok" }));

  app.get("/v1/models", async (c) => {
    await getLm();
    const created = Math.floor(Date.now() / 1000);
    return c.json({
      object: "list",
      data: [
        {
          id: EMBEDDED_LM_ID,
          object: "model",
          created,
          owned_by: "foolsgold",
          max_model_len: MAX_MODEL_LEN,
          meta: {
            kind: "interpolated modified Kneser-Ney trigram + whole-prompt cache + laughter trigger (not a neural LM)",
            deterministic: true,
            determinism: "log-probabilities are exact and identical for identical requests, under any concurrency; sampling is reproducible with a seed",
            ...deps.modelInfo,
          },
        },
        ...(deps.embedder ? [{ id: EMBEDDER_ID, object: "model", created, owned_by: "foolsgold", meta: { kind: "Universal Sentence Encoder lite, 512-d", deterministic: true, ...encoderBuild(deps.embedderRuntime) } }] : []),
      ],
    });
  });

  app.post("/v1/completions", async (c) => {
    const body = await parseBody(c, completionRequest);
    checkModel(body.model, [EMBEDDED_LM_ID]);
    const lm = await getLm();
    const answer = completions(lm, await tokenIds(), body);
    // The text c.json would send, written without building the answer's objects (completion-answer.ts).
    return body.stream ? streamed(c, completionObject(answer), "completion") : c.body(completionJson(answer), undefined, { "Content-Type": "application/json" });
  });

  app.post("/v1/chat/completions", async (c) => {
    const body = await parseBody(c, chatRequest);
    checkModel(body.model, [EMBEDDED_LM_ID]);
    const lm = await getLm();
    const response = chat(lm, body);
    return body.stream ? streamed(c, response, "chat") : c.json(response);
  });

  app.post("/v1/embeddings", async (c) => {
    const body = await parseBody(c, embeddingRequest);
    if (!deps.embedder) throw new RequestProblem("model", "this server has no embedder", 404);
    checkModel(body.model, [EMBEDDER_ID]);
    const embedder = await deps.embedder();
    const inputs = typeof body.input === "string" ? [body.input] : body.input;
    const vectors = await embedder.embed(inputs);
    const tokens = inputs.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
    return c.json({
      object: "list",
      model: embedder.id,
      data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding: body.encoding_format === "base64" ? base64Vector(embedding) : embedding })),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  });

  for (const path of ["/tokenize", "/v1/tokenize"]) {
    app.post(path, async (c) => {
      const body = await parseBody(c, tokenizeRequest);
      checkModel(body.model, [EMBEDDED_LM_ID]);
      const lm = await getLm();
      const idMap = await tokenIds();
      const text = "prompt" in body ? body.prompt : renderChat(body.messages);
      const tokens = lm.tokenize(text);
      return c.json({ count: tokens.length, max_model_len: MAX_MODEL_LEN, tokens: tokens.map((t) => idMap.idOf(t)), token_strs: tokens });
    });
  }
  for (const path of ["/detokenize", "/v1/detokenize"]) {
    app.post(path, async (c) => {
      const body = await parseBody(c, detokenizeRequest);
      checkModel(body.model, [EMBEDDED_LM_ID]);
      const idMap = await tokenIds();
      const parts = body.tokens.map((id, i) => {
        const s = idMap.surfaceOf(id);
        if (s === null) throw new RequestProblem(`tokens.${i}`, `tokens.${i}: unknown token id ${id}`);
        return s;
      });
      return c.json({ prompt: parts.join("") });
    });
  }
  return app;
}

function completionId(): string {
  return `cmpl-${randomUUID().replace(/-/g, "")}`;
}

function completions(lm: EmbeddedLm, idMap: TokenIds, body: CompletionBody): CompletionAnswer {
  const prompts = typeof body.prompt === "string" ? [body.prompt] : body.prompt;
  const maxTokens = body.max_tokens ?? DEFAULT_MAX_TOKENS;
  const n = body.n ?? 1;
  const k = body.logprobs ?? null;
  const stops = body.stop === undefined || body.stop === null ? [] : typeof body.stop === "string" ? [body.stop] : body.stop;
  const choices: CompletionChoice[] = [];
  let promptTokensTotal = 0;
  let completionTokensTotal = 0;
  for (let p = 0; p < prompts.length; p++) {
    const prompt = prompts[p];
    if (prompt.length > MAX_MODEL_LEN) throw new RequestProblem(`prompt`, `prompt: longer than ${MAX_MODEL_LEN} characters`);
    const promptTokens = lm.tokenize(prompt);
    promptTokensTotal += promptTokens.length * n;
    const needPromptScores = body.echo === true && k !== null;
    const promptK = body.prompt_logprobs ?? null;
    const scores = needPromptScores || promptK !== null ? lm.scoreTokens(promptTokens, Math.max(k ?? 0, promptK ?? 0), promptK !== null) : null;
    for (let j = 0; j < n; j++) {
      const gen: Generation =
        maxTokens > 0
          ? generate(lm, promptTokens, { maxTokens, temperature: body.temperature ?? 1, topP: body.top_p ?? 1, stop: stops, logprobs: k ?? 0 }, createRng(seedFor(body.seed, p, j)))
          : { text: "", tokens: [], finishReason: "length" };
      completionTokensTotal += gen.tokens.length;
      const choice: CompletionChoice = {
        index: p * n + j,
        text: body.echo ? prompt + gen.text : gen.text,
        finishReason: gen.finishReason,
        logprobs: k === null ? null : { k, prompt: body.echo && scores ? { tokens: promptTokens, scores } : null, generated: gen.tokens },
      };
      if (promptK !== null && scores) {
        choice.promptLogprobs = promptTokens.map((t, i) => {
          if (i === 0) return null;
          const entry: Record<string, { logprob: number; rank: number; decoded_token: string }> = {};
          entry[String(idMap.idOf(t))] = { logprob: scores.logprobs[i], rank: scores.ranks?.[i] ?? 0, decoded_token: t };
          (scores.top?.[i] ?? []).slice(0, promptK).forEach((e, r) => {
            const id = String(idMap.idOf(e.token));
            if (!(id in entry)) entry[id] = { logprob: e.logprob, rank: r + 1, decoded_token: e.token };
          });
          return entry;
        });
      }
      choices.push(choice);
    }
  }
  return {
    id: completionId(),
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? EMBEDDED_LM_ID,
    choices,
    usage: { prompt_tokens: promptTokensTotal, completion_tokens: completionTokensTotal, total_tokens: promptTokensTotal + completionTokensTotal },
  };
}

function chat(lm: EmbeddedLm, body: ChatBody): Record<string, unknown> {
  const prompt = renderChat(body.messages);
  const promptTokens = lm.tokenize(prompt);
  const n = body.n ?? 1;
  const k = body.logprobs ? (body.top_logprobs ?? 0) : 0;
  const userStops = body.stop === undefined || body.stop === null ? [] : typeof body.stop === "string" ? [body.stop] : body.stop;
  const choices = [];
  let completionTokens = 0;
  for (let j = 0; j < n; j++) {
    const gen = generate(
      lm,
      promptTokens,
      { maxTokens: body.max_completion_tokens ?? body.max_tokens ?? 128, temperature: body.temperature ?? 1, topP: body.top_p ?? 1, stop: [...CHAT_STOPS, ...userStops], logprobs: k },
      createRng(seedFor(body.seed, 0, j)),
    );
    completionTokens += gen.tokens.length;
    const bytes = (t: string): number[] => [...Buffer.from(t, "utf8")];
    choices.push({
      index: j,
      // The model writes " Hello" after "Assistant:"; the reply is the text after that space.
      message: { role: "assistant", content: gen.text.replace(/^ /, "") },
      logprobs: body.logprobs ? { content: gen.tokens.map((t) => ({ token: t.token, logprob: t.logprob, bytes: bytes(t.token), top_logprobs: t.top.map((e) => ({ token: e.token, logprob: e.logprob, bytes: bytes(e.token) })) })) } : null,
      finish_reason: gen.finishReason,
    });
  }
  return {
    id: `chatcmpl-${randomUUID().replace(/-/g, "")}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? EMBEDDED_LM_ID,
    choices,
    usage: { prompt_tokens: promptTokens.length * n, completion_tokens: completionTokens, total_tokens: promptTokens.length * n + completionTokens },
  };
}
