// Cancellation as middleware: every call of the wrapped client also stops when `signal` aborts. How a
// stack hands its scoring call's AbortSignal to every term's backend requests, including terms that
// never pass one.
import type { ModelMiddleware } from "./middleware.js";

export function withSignal(signal: AbortSignal): ModelMiddleware {
  return {
    wrapCall: ({ call, next }) => next({ ...call, options: { ...call.options, signal: call.options.signal ? AbortSignal.any([signal, call.options.signal]) : signal } }),
  };
}
