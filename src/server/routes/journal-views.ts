// Read-only views of the journal: one request with its results, and the live monitor's latest report.
import type { Hono } from "hono";
import type { ServerContext } from "../context.js";
import { HttpError } from "../http-error.js";

export function journalViewRoutes(api: Hono, ctx: ServerContext): void {
  const { journal, monitor } = ctx.deps;
  api.get("/v1/requests/:id", async (c) => {
    const request = await journal.get(c.req.param("id"));
    if (!request) throw new HttpError(404, `no request with id "${c.req.param("id")}" in the journal`);
    return c.json({
      id: request.id,
      status: request.status,
      stack: request.stack,
      instrument: request.instrument,
      error: request.error,
      lease_ends_at: request.expiresAt === null ? null : new Date(request.expiresAt).toISOString(),
      results: await journal.results(request.id),
    });
  });

  if (monitor) api.get("/v1/monitor", (c) => c.json(monitor() as object));
}
