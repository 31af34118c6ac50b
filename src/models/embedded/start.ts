// Starts the built-in OpenAI-compatible server on a socket (127.0.0.1 by default; port 0 = any free
// port). The LM is loaded (or built on first use) before the server answers, so the first request
// does not pay for it.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { loadEmbedder } from "./embedder.js";
import { createLmServerApp } from "./server.js";
import { loadEmbeddedLm } from "./store.js";

export interface EmbeddedServer {
  /** e.g. "http://127.0.0.1:41234/v1" */
  baseUrl: string;
  close(): Promise<void>;
}

export interface EmbeddedServerOptions {
  port?: number;
  host?: string;
  /** Embedder worker threads (0 = in the server's thread; default $FOOLSGOLD_EMBED_WORKERS or 0). */
  embedWorkers?: number;
}

export async function startEmbeddedServer(options: EmbeddedServerOptions = {}): Promise<EmbeddedServer> {
  const host = options.host ?? "127.0.0.1";
  const loaded = await loadEmbeddedLm();
  const report = loaded.stored.report;
  const app = createLmServerApp({
    lm: loaded.lm,
    embedder: () => loadEmbedder({ workers: options.embedWorkers }),
    modelInfo: {
      builder_version: loaded.stored.meta.builderVersion,
      corpus_hash: loaded.stored.meta.corpusHash,
      train_words: report.trainWords,
      vocabulary_types: report.vocabularyTypes,
      held_out_perplexity: report.heldOut,
      mixture_weights: report.weights,
    },
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s));
    s.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    baseUrl: `http://${shownHost}:${address.port}/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        if ("closeAllConnections" in server) (server as { closeAllConnections(): void }).closeAllConnections();
      }),
  };
}
