// Call records as a removable layer: every operation, cached or not, failed or not, leaves one
// CallRecord (settings, determinism, latency, attempts, status, tokens), kept on the client and/or
// handed to onCall (journals, metrics).
import { errorMessage } from "../core/errors.js";
import { ModelError } from "./errors.js";
import type { OperationLayer } from "./operation.js";
import type { CallRecord, Determinism } from "./spec.js";

export interface CallLog {
  readonly calls: CallRecord[];
  record(r: Omit<CallRecord, "endpoint" | "model">): void;
}

export function createCallLog(id: { endpoint: string; model: string }, options: { keepCalls?: boolean; onCall?: (record: CallRecord) => void }): CallLog {
  const calls: CallRecord[] = [];
  return {
    calls,
    record(r) {
      const full: CallRecord = { endpoint: id.endpoint, model: id.model, ...r };
      if (options.keepCalls !== false) calls.push(full);
      options.onCall?.(full);
    },
  };
}

export function callRecordLayer(log: CallLog, baseDeterminism: Determinism): OperationLayer {
  return (next) =>
    async function recorded(op) {
      const started = performance.now();
      const params = recordedParams(op.params);
      const determinism = { ...baseDeterminism, ...op.determinism };
      try {
        const out = await next(op);
        log.record({
          path: op.path,
          params,
          determinism,
          latencyMs: performance.now() - started,
          cached: out.cached === true,
          attempts: out.attempts,
          status: out.status,
          ...(out.usage ? { promptTokens: out.usage.promptTokens, completionTokens: out.usage.completionTokens } : {}),
        });
        return out;
      } catch (err) {
        log.record({
          path: op.path,
          params,
          determinism,
          latencyMs: performance.now() - started,
          cached: false,
          attempts: err instanceof ModelError ? err.attempts : 1,
          status: err instanceof ModelError && err.status !== undefined ? err.status : "error",
          error: errorMessage(err),
        });
        throw err;
      }
    };
}

const TEXT_FIELDS = ["prompt", "messages", "context", "continuation", "input"];

/** Call records carry the request's settings, not its text: texts are replaced by their length. */
export function recordedParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!TEXT_FIELDS.includes(name)) out[name] = value;
    else if (typeof value === "string") out[`${name}Chars`] = value.length;
    else if (Array.isArray(value)) out[`${name}Count`] = value.length;
  }
  return out;
}
