// The built-in LM server as the official `openai` npm client talks to it, with the client's
// defaults: embeddings come back base64 unless asked otherwise, streaming is an SSE stream, and a
// model name the server does not serve is refused (each failed before: 400, 400, silently accepted).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import OpenAI from "openai";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { EMBEDDED_LM_ID, EMBEDDER_ID } from "../../src/models/embedded/server.js";

let server: EmbeddedServer;
let client: OpenAI;
beforeAll(async () => {
  server = await startEmbeddedServer({ embedWorkers: 0 });
  client = new OpenAI({ apiKey: "unused", baseURL: server.baseUrl, maxRetries: 0 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("embedded LM server with the official openai client", () => {
  it("embeds with the client's default (base64) and gives the same vectors as float", async () => {
    const texts = ["A knock at the door.", "Who is there?"];
    const byDefault = await client.embeddings.create({ model: EMBEDDER_ID, input: texts });
    const asFloat = await client.embeddings.create({ model: EMBEDDER_ID, input: texts, encoding_format: "float" });
    expect(byDefault.data).toHaveLength(2);
    expect(byDefault.data[0].embedding).toHaveLength(512);
    // base64 carries float32: equal to the float vectors rounded to float32.
    expect(byDefault.data[1].embedding).toEqual(asFloat.data[1].embedding.map((x) => Math.fround(x)));
  });

  it("streams chat and completions as server-sent events", async () => {
    const stream = await client.chat.completions.create({ model: EMBEDDED_LM_ID, messages: [{ role: "user", content: "Tell me a joke." }], max_tokens: 8, seed: 1, stream: true });
    let text = "";
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    const whole = await client.chat.completions.create({ model: EMBEDDED_LM_ID, messages: [{ role: "user", content: "Tell me a joke." }], max_tokens: 8, seed: 1 });
    expect(text).toBe(whole.choices[0].message.content);
    expect(finish).toBe(whole.choices[0].finish_reason);

    const completion = await client.completions.create({ model: EMBEDDED_LM_ID, prompt: "Knock knock.", max_tokens: 6, seed: 3, stream: true });
    let completed = "";
    for await (const chunk of completion) completed += chunk.choices[0]?.text ?? "";
    const plain = await client.completions.create({ model: EMBEDDED_LM_ID, prompt: "Knock knock.", max_tokens: 6, seed: 3 });
    expect(completed).toBe(plain.choices[0].text);
  });

  it("refuses a model name it does not serve, naming what it serves", async () => {
    const err = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect((err as InstanceType<typeof OpenAI.NotFoundError>).message).toMatch(/model: "gpt-4o" is not served here; this server serves "foolsgold-embedded-lm"/);
    await expect(client.embeddings.create({ model: "text-embedding-3-small", input: "x" })).rejects.toThrow(/is not served here/);
  });
});
