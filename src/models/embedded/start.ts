// Starts the built-in OpenAI-compatible server on a socket (127.0.0.1 by default; port 0 = any free
// port). The LM is loaded (or built on first use) before the server answers, so the first request
// does not pay for it.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { embedderRuntime, loadEmbedder } from "./embedder.js";
import { createLmServerApp } from "./server.js";
import { loadEmbeddedLm } from "./store.js";

export interface EmbeddedServer {
  /** e.g. "http://127.0.0.1:41234/v1" */
  baseUrl: string;
  /**
   * fetch for this server's URLs that hands the request to its app in this process: the same request
   * and answer bytes as over the socket, without the loopback HTTP on both sides (≈ 0.6 CPU-s of a
   * cold demo's 45 MB of echo answers). Other URLs go to the global fetch.
   */
  fetch: typeof globalThis.fetch;
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
    embedderRuntime: embedderRuntime(),
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
  const origin = `http://${shownHost}:${address.port}`;
  let closed = false;
  const answer = (request: Request): Response | Promise<Response> => {
    // As the socket does once closed: the caller sees an unreachable server, not an answer.
    if (closed) throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED", message: "the embedded server is closed" } });
    return app.fetch(request);
  };
  return {
    baseUrl: `${origin}/v1`,
    fetch: inProcessFetch(origin, answer),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closed = true;
        server.close((err) => (err ? reject(err) : resolve()));
        if ("closeAllConnections" in server) (server as { closeAllConnections(): void }).closeAllConnections();
      }),
  };
}

/**
 * Requests under `origin` answered by `handle` directly. The event loop gets a turn before the
 * handler runs and after it answers, as a socket's I/O gives it: a handler that is all CPU would
 * otherwise answer before any expired timer ran, so neither the transport's timeout nor a caller's
 * timer-driven abort could fire (review, stop 28). A caller's abort rejects at once.
 */
export function inProcessFetch(origin: string, handle: (request: Request) => Response | Promise<Response>): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== new URL(origin).origin) return globalThis.fetch(request);
    const signal = request.signal;
    signal.throwIfAborted();
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([answerAfterTurns(handle, request), aborted]);
    } finally {
      signal.removeEventListener("abort", onAbort!);
    }
  };
}

async function answerAfterTurns(handle: (request: Request) => Response | Promise<Response>, request: Request): Promise<Response> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const response = await handle(request);
  // A timer, not setImmediate: timers whose time came during the handler run first, in expiry order.
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  return response;
}
