// The built-in OpenAI-compatible LM server and a client for it, shared by the jokes tests that need
// a real model (the embedded KN n-gram LM; built once into .foolsgold/models and then loaded).
import { EMBEDDED_LM_ID } from "../../src/models/embedded/server.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { recordedClient } from "../models/client-fixtures.js";

export interface EmbeddedModels {
  server: EmbeddedServer;
  reference: ModelClient;
  policy: ModelClient;
  /** A fresh client (its own call records) on the same server. */
  client(): ReturnType<typeof recordedClient>;
}

export async function startEmbeddedModels(): Promise<EmbeddedModels> {
  const server = await startEmbeddedServer({ port: 0 });
  const client = () => recordedClient({ baseUrl: server.baseUrl, model: EMBEDDED_LM_ID, concurrency: 8 });
  return { server, reference: client(), policy: client(), client };
}

/** Raw echo of the built-in server: the per-token log-probs a hand computation starts from. */
export async function echo(baseUrl: string, text: string): Promise<{ tokens: string[]; token_logprobs: (number | null)[]; text_offset: number[] }> {
  const response = await fetch(`${baseUrl}/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: EMBEDDED_LM_ID, prompt: text, echo: true, logprobs: 1, max_tokens: 0, temperature: 0 }),
  });
  if (!response.ok) throw new Error(`echo failed: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { choices: { logprobs: { tokens: string[]; token_logprobs: (number | null)[]; text_offset: number[] } }[] };
  return body.choices[0].logprobs;
}
