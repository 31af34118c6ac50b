// Prometheus metrics for the reward server. A registry per app (no module singletons) so tests and
// several servers in one process don't share counters.
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { CallRecord } from "../models/spec.js";

export interface ServerMetrics {
  registry: Registry;
  requests: Counter<"route" | "status">;
  latency: Histogram<"route">;
  rowsScored: Counter<"stack">;
  rowErrors: Counter<"stack" | "kind">;
  modelCalls: Counter<"endpoint" | "cached">;
  queueDepth: Gauge;
  inFlight: Gauge;
  recordModelCall(record: CallRecord): void;
}

export function createMetrics(): ServerMetrics {
  const registry = new Registry();
  const requests = new Counter({ name: "foolsgold_requests_total", help: "HTTP requests by route and status", labelNames: ["route", "status"] as const, registers: [registry] });
  const latency = new Histogram({
    name: "foolsgold_request_duration_seconds",
    help: "Request latency in seconds",
    labelNames: ["route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const rowsScored = new Counter({ name: "foolsgold_rows_scored_total", help: "Rows scored by stack", labelNames: ["stack"] as const, registers: [registry] });
  const rowErrors = new Counter({ name: "foolsgold_row_errors_total", help: "Rows that could not be scored, by kind", labelNames: ["stack", "kind"] as const, registers: [registry] });
  const modelCalls = new Counter({ name: "foolsgold_model_calls_total", help: "Model calls by endpoint and cache hit", labelNames: ["endpoint", "cached"] as const, registers: [registry] });
  const queueDepth = new Gauge({ name: "foolsgold_queue_depth", help: "Batches waiting to be scored", registers: [registry] });
  const inFlight = new Gauge({ name: "foolsgold_in_flight", help: "Batches being scored", registers: [registry] });
  return {
    registry,
    requests,
    latency,
    rowsScored,
    rowErrors,
    modelCalls,
    queueDepth,
    inFlight,
    recordModelCall(record) {
      modelCalls.inc({ endpoint: record.endpoint, cached: String(record.cached) });
    },
  };
}
