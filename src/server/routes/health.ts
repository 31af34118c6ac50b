// GET /healthz (the process runs; its stacks) and GET /readyz (the journal and every model role can
// serve the calls the stack makes): open to load balancers, no token needed.
import type { Hono } from "hono";
import { errorMessage } from "../../core/errors.js";
import type { ReadyCheck, ServerContext } from "../context.js";

export function healthRoutes(api: Hono, ctx: ServerContext): void {
  const { deps } = ctx;
  api.get("/healthz", (c) =>
    c.json({
      status: "ok",
      default_stack: deps.defaultStack,
      stacks: Object.fromEntries(Object.entries(deps.scorers).map(([name, s]) => [name, { instrument: s.instrument.hash, row_kind: s.rowKind }])),
    }),
  );

  api.get("/readyz", async (c) => {
    const checks: ReadyCheck[] = [];
    try {
      await deps.journal.ping();
      checks.push({ name: `journal (${deps.journal.kind})`, ok: true });
    } catch (err) {
      checks.push({ name: `journal (${deps.journal.kind})`, ok: false, detail: errorMessage(err) });
    }
    if (deps.readiness) checks.push(...(await deps.readiness()));
    const ok = checks.every((x) => x.ok);
    if (!ok) c.header("retry-after", String(ctx.limits.retryAfterSeconds));
    return c.json({ status: ok ? "ready" : "not ready", checks }, ok ? 200 : 503);
  });
}

/** Routes that answer without a token. */
export const OPEN_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz"]);
