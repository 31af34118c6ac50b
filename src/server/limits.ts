// The server's limits and their defaults: what a request may send, how long it may take, and how many
// are scored or wait at once.

export interface ServerLimits {
  maxBodyBytes: number;
  maxBatch: number;
  requestTimeoutMs: number;
  maxInFlight: number;
  maxQueue: number;
  retryAfterSeconds: number;
  /** A client must have sent its request line and headers within this time (then 408 and closed). */
  headerTimeoutMs: number;
  /** A client must have sent its whole body within this time; a stalled upload is closed, slot-free. */
  bodyTimeoutMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  // Older OpenRLHF versions send a whole rollout (thousands of samples) in one POST.
  maxBodyBytes: 64 * 1024 * 1024,
  maxBatch: 8192,
  // With its lease (2 × this + 1 s = 121 s) inside OpenRLHF's 180 s client timeout, a retry after a
  // timeout takes the request over instead of waiting on it.
  requestTimeoutMs: 60_000,
  // Trainers that POST one sample at a time (OpenRLHF, verl's per-sample loop) keep 64–128 requests
  // open: each must find a slot or a queue place, not a 429 (bench/speed/serve-one-sample.ts).
  maxInFlight: 64,
  maxQueue: 256,
  retryAfterSeconds: 1,
  headerTimeoutMs: 10_000,
  bodyTimeoutMs: 20_000,
};

/**
 * A pending journal entry stays leased to the call scoring it for twice the request time limit: the
 * call has by then either finished or been aborted, so a retry after that takes over a request whose
 * server died, and never one that is still being scored.
 */
export function leaseMsFor(requestTimeoutMs: number): number {
  return 2 * requestTimeoutMs + 1_000;
}
