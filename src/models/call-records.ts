// Call records as middleware: every call, cached or not, failed or not, leaves CallRecords (settings,
// determinism, latency, attempts, status, tokens), one per request the client reports sending and
// one per set of answers the cache serves, all heard through CallOptions.report (a client that
// reports nothing is reported as one request per call by wrapModelClient). Records are read from
// the recorder, or handed to onCall as they are made (journals, metrics).
import { endpointIdentity, type ModelMiddleware } from "./middleware.js";
import type { CallRecord, CallReport } from "./spec.js";

export interface CallRecorder {
  middleware: ModelMiddleware;
  /** Every record made so far, in completion order. */
  calls(): readonly CallRecord[];
}

export interface RecordOptions {
  /** Keep records for calls() (default true); long-running servers pass false and use onCall. */
  keep?: boolean;
  onCall?: (record: CallRecord) => void;
}

export function recordCalls(options: RecordOptions = {}): CallRecorder {
  const kept: CallRecord[] = [];
  const middleware: ModelMiddleware = {
    wrapCall({ call, next, spec }) {
      const identity = { endpoint: endpointIdentity(spec), model: spec.model };
      const baseDeterminism = spec.batchInvariant === undefined ? {} : { batchInvariant: spec.batchInvariant };
      const record = (r: CallReport) => {
        const full: CallRecord = { ...identity, ...r, params: recordedParams(r.params), determinism: { ...baseDeterminism, ...r.determinism } };
        if (options.keep !== false) kept.push(full);
        options.onCall?.(full);
      };
      const outer = call.options.report;
      const report = (r: CallReport) => {
        record(r);
        outer?.(r);
      };
      return next({ ...call, options: { ...call.options, report } });
    },
  };
  return { middleware, calls: () => kept };
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
