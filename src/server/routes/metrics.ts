// GET /metrics: Prometheus text, with the admission gauges read at scrape time.
import type { Hono } from "hono";
import type { ServerContext } from "../context.js";

export function metricsRoute(api: Hono, ctx: ServerContext): void {
  const { metrics, admission } = ctx;
  api.get("/metrics", async (c) => {
    metrics.queueDepth.set(admission.queued);
    metrics.inFlight.set(admission.inFlight);
    return c.text(await metrics.registry.metrics(), 200, { "content-type": metrics.registry.contentType });
  });
}
