// http://HOST:PORT/PATH: an OpenRLHF-shaped remote reward. Each batch is one POST {query, prompts, labels}
// answered by {rewards} (or {scores}), through the model client's transport: its limiter, one retry
// layer and per-attempt timeout.
import { connect } from "node:net";
import { InputError, errorMessage } from "../../core/errors.js";
import type { BankRow } from "../../core/types.js";
import { createLimiter } from "../../models/limiter.js";
import { createTransport } from "../../models/transport.js";
import type { RewardBackend } from "./black-box.js";
import { openRlhfBody } from "./rows.js";
import { failAll, readList, type RewardResult } from "./values.js";

export interface HttpRewardOptions {
  url: string;
  batchSize: number;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  fetch?: typeof globalThis.fetch;
}

export function httpBackend(options: HttpRewardOptions): RewardBackend {
  const url = new URL(options.url);
  const transport = createTransport({ baseUrl: url.origin, model: "reward", timeoutMs: options.timeoutMs, maxRetries: options.maxRetries }, { limiter: createLimiter(options.concurrency), fetch: options.fetch });
  const path = url.pathname + url.search;
  return {
    batchSize: options.batchSize,
    concurrency: options.concurrency,
    async score(rows: BankRow[], signal?: AbortSignal): Promise<RewardResult[]> {
      let json: unknown;
      try {
        ({ json } = await transport.post(path, openRlhfBody(rows), signal, true));
      } catch (err) {
        return failAll(rows.length, errorMessage(err));
      }
      const body = (json ?? {}) as { rewards?: unknown; scores?: unknown };
      const field = body.rewards !== undefined ? "rewards" : body.scores !== undefined ? "scores" : undefined;
      if (field === undefined) return failAll(rows.length, `${options.url} answered without "rewards" or "scores" (keys: ${Object.keys(body).join(", ") || "none"})`);
      return readList(body[field], rows.length, `${options.url}'s "${field}"`);
    },
    close: async () => {},
  };
}

/** Whether something accepts connections at the URL's host and port; an InputError naming it when not. */
export async function assertReachable(spec: string, url: URL, timeoutMs = 5000): Promise<void> {
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => socket.destroy(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.end();
      resolve();
    });
    socket.once("error", (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new InputError(spec, `unreachable (${err.code ?? err.message}): is the reward server running?`));
    });
  });
}
