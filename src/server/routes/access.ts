// What happens to every request around its route: counted and timed for /metrics, checked for the
// bearer token (or the token as the first path segment), and any error answered as JSON.
import { timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import { InputError, errorMessage } from "../../core/errors.js";
import type { ServerContext } from "../context.js";
import { HttpError } from "../http-error.js";
import { OPEN_PATHS } from "./health.js";

/** Set in the env of requests that authenticated with the token in their path (never from the client). */
const PATH_AUTHENTICATED = Symbol("path-authenticated");

// Paths with the token in them (/t/<token>/…) are routed again without it: counted there, once.
// Exactly the paths the /t/:token/* route takes; anything else under /t/ faces the bearer check.
const tokenPath = (path: string) => /^\/t\/[^/]+\//.test(path);

export function countRequests(api: Hono, ctx: ServerContext): void {
  api.use("*", async (c, next) => {
    if (tokenPath(c.req.path)) return next();
    const started = performance.now();
    await next();
    const route = c.req.routePath || c.req.path;
    ctx.metrics.requests.inc({ route, status: String(c.res.status) });
    ctx.metrics.latency.observe({ route }, (performance.now() - started) / 1000);
  });
}

export function requireToken(api: Hono, ctx: ServerContext): void {
  const token = ctx.deps.token;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  api.use("*", async (c, next) => {
    if (OPEN_PATHS.has(c.req.path) || tokenPath(c.req.path) || (c.env as Record<symbol, unknown> | undefined)?.[PATH_AUTHENTICATED]) return next();
    const given = Buffer.from(c.req.header("authorization") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.json({ error: "missing or wrong bearer token (send Authorization: Bearer <token>, or put the token in the path: /t/<token>/get_reward)" }, 401);
    }
    return next();
  });
}

export function answerErrorsAsJson(api: Hono, ctx: ServerContext): void {
  api.onError((err, c) => {
    if (err instanceof HttpError) {
      const retry = err.retryAfter ?? (err.status === 429 || err.status === 503 ? ctx.limits.retryAfterSeconds : undefined);
      if (retry !== undefined) c.header("retry-after", String(retry));
      return c.json({ error: err.message, ...err.extra }, err.status);
    }
    if (err instanceof InputError) return c.json({ error: err.message }, 400);
    ctx.metrics.rowErrors.inc({ stack: "-", kind: "internal" });
    return c.json({ error: `internal error: ${errorMessage(err)}` }, 500);
  });
  api.notFound((c) => c.json({ error: `no route ${c.req.method} ${c.req.path}; routes: GET /healthz, GET /readyz, POST /v1/score, POST /get_reward, GET /v1/requests/:id, GET /v1/monitor, GET /metrics` }, 404));
}

/** GET and the like on the scoring routes: 405 naming POST. */
export function postOnly(api: Hono, paths: readonly string[]): void {
  for (const path of paths) {
    api.on(["GET", "PUT", "DELETE", "PATCH"], path, (c) => c.json({ error: `${c.req.method} ${path} is not supported; send POST with a JSON body` }, 405, { allow: "POST" }));
  }
}

/**
 * Clients that cannot send headers (OpenRLHF) authenticate with the token as the first path segment;
 * the rest of the path is routed as usual. Tokens in URLs reach access logs: see docs. Every other
 * request is routed once (before, every request went through a second Hono app).
 */
export function tokenInPath(api: Hono, ctx: ServerContext): void {
  const token = ctx.deps.token;
  api.all("/t/:token/*", async (c) => {
    const given = Buffer.from(c.req.param("token"));
    const expected = Buffer.from(token ?? "");
    if (!token || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.json({ error: token ? "wrong token in the path (/t/<token>/…)" : "this server has no token; call the route without /t/<token>" }, 401);
    }
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(`/t/${c.req.param("token")}`.length) || "/";
    return api.fetch(new Request(url, c.req.raw), { ...(c.env as object), [PATH_AUTHENTICATED]: true });
  });
}
