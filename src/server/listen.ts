// Binding rules (SPEC §10): loopback by default; any other address requires a bearer token, because
// a reward server that anyone on the network can call can be used to poison a training run.
import { serve, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import { InputError } from "../core/errors.js";
import { DEFAULT_LIMITS } from "./limits.js";

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function checkBinding(host: string, token: string | undefined): void {
  if (!isLoopback(host) && !token) {
    throw new InputError("--host", `binding to ${host} exposes the reward server beyond this machine; set a bearer token (--token or FOOLSGOLD_TOKEN)`);
  }
}

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ListenTimeouts {
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
}

/**
 * Node's own limits are for browsers (a stalled upload is kept ≈ 330 s: a 300 s request timeout checked
 * every 30 s); a trainer's client gives up long before that (OpenRLHF: 180 s). Stalled sockets are
 * closed (408) once the header or body time has passed, checked every second.
 */
function serverOptions(timeouts: ListenTimeouts) {
  return {
    headersTimeout: timeouts.headerTimeoutMs,
    requestTimeout: Math.max(timeouts.bodyTimeoutMs, timeouts.headerTimeoutMs),
    connectionsCheckingInterval: Math.min(1_000, timeouts.headerTimeoutMs),
  };
}

export function listen(app: Hono, options: { host?: string; port?: number; token?: string; timeouts?: ListenTimeouts }): Promise<Listening> {
  const host = options.host ?? "127.0.0.1";
  checkBinding(host, options.token);
  return new Promise((resolve, reject) => {
    let server: ServerType;
    try {
      server = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0, serverOptions: serverOptions(options.timeouts ?? DEFAULT_LIMITS) }, (info) => {
        const shownHost = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
        resolve({
          url: `http://${shownHost}:${info.port}`,
          port: info.port,
          close: () => new Promise<void>((done) => server.close(() => done())),
        });
      });
      server.once("error", reject);
    } catch (err) {
      reject(err);
    }
  });
}
