// Noise / determinism probe (SPEC §5, seed 000 §5): score the same contexts repeatedly — sequential
// passes (one request at a time, end to end, every opener of every context in turn) and concurrent
// passes (an exact, measured number of requests in flight) — bypassing the response cache, and report
// the spread of pairwise differences: sd with its χ² interval, share of pairs bit-exact, and the worst
// disagreement. Records the backend's determinism settings and the measured in-flight peaks.
import { InputError } from "../core/errors.js";
import { recordCalls } from "../models/call-records.js";
import { createOpenAIClient } from "../models/client.js";
import { wrapModelClient } from "../models/middleware.js";
import { createLimiter } from "../models/limiter.js";
import type { ModelClient } from "../models/spec.js";
import { sdCi } from "../stats/sd-ci.js";
import { laughterMass, logSumExp, type TasteOptions } from "../terms/humor/audience-taste.js";
import { LAUGHTER_OPENERS } from "../terms/humor/laughter-openers.js";

export interface PairSpread {
  /** Pairs compared (context × pass pair). */
  pairs: number;
  /** sd of the differences (nats) with its 95% interval; null with fewer than 2 pairs. */
  sd: number | null;
  ci: [number, number] | null;
  /** In taste units (sd / (L_hi − L_lo)), ignoring the clip. */
  sdTaste: number | null;
  bitExact: { k: number; share: number };
  maxAbs: number;
}

export interface NoiseResult {
  unit: "nats";
  contexts: number;
  sequentialPasses: number;
  concurrentPasses: number;
  /** Requests per pass (contexts × laughter openers in exact mode; contexts in top-k mode). */
  requestsPerPass: number;
  /**
   * Requests in flight: `requested` is what the probe asked for (its own limit, raised past the
   * endpoint's for the probe); `sequentialPeak` and `concurrentPeak` are what was measured at the
   * HTTP layer, end to end (1 on a truly sequential pass).
   */
  inFlight: { requested: number; endpointLimit: number; sequentialPeak: number; concurrentPeak: number[] };
  sequential: PairSpread;
  sequentialVsConcurrent: PairSpread | null;
  concurrentVsConcurrent: PairSpread | null;
  failed: number;
  determinism: { backend: string; model: string; batchInvariant: boolean | null; temperature: number | null; seed: number | null };
}

export function pairSpread(diffs: readonly number[], span: number): PairSpread {
  const k = diffs.filter((d) => d === 0).length;
  const ci = diffs.length >= 2 ? sdCi(diffs) : null;
  return {
    pairs: diffs.length,
    sd: ci ? ci.sd : null,
    ci: ci ? ci.ci : null,
    sdTaste: ci ? ci.sd / span : null,
    bitExact: { k, share: diffs.length ? k / diffs.length : 0 },
    maxAbs: diffs.reduce((m, d) => Math.max(m, Math.abs(d)), 0),
  };
}

/** All pairwise differences between passes a and b, context by context, skipping failures. */
function diffsBetween(passes: readonly (number | null)[][], pairsOf: [number, number][]): number[] {
  const out: number[] = [];
  for (const [a, b] of pairsOf) passes[a].forEach((x, i) => x !== null && passes[b][i] !== null && out.push(x - passes[b][i]!));
  return out;
}

/** A fetch that counts requests in flight end to end (the body is read before the slot is released). */
function countingFetch(base: typeof globalThis.fetch) {
  let active = 0;
  let peak = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    peak = Math.max(peak, ++active);
    try {
      const res = await base(input, init);
      const body = await res.arrayBuffer();
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    } finally {
      active--;
    }
  };
  return {
    fetch,
    /** The peak since the last call, then reset. */
    takePeak() {
      const p = peak;
      peak = 0;
      return p;
    },
  };
}

interface Unit {
  context: number;
  continuation?: string;
}

export async function runNoiseProbe(options: {
  client: ModelClient;
  contexts: readonly string[];
  taste: TasteOptions;
  sequentialPasses?: number;
  concurrentPasses?: number;
  /** Requests in flight on a concurrent pass (default: the whole pass at once). */
  inFlight?: number;
  /** The transport under the probe's own client (default: the global fetch). */
  fetch?: typeof globalThis.fetch;
  onProgress?: (done: number, total: number) => void;
}): Promise<NoiseResult> {
  const { client, contexts, taste } = options;
  const seqN = options.sequentialPasses ?? 5;
  const conN = options.concurrentPasses ?? 3;
  if (contexts.length === 0) throw new InputError("contexts", "is empty: the noise probe needs at least one context");
  if (seqN < 2) throw new InputError("sequentialPasses", `needs at least 2 passes to compare, got ${seqN}`);
  const units: Unit[] = contexts.flatMap((_, context) => (taste.mode === "exact" ? LAUGHTER_OPENERS.map((continuation) => ({ context, continuation })) : [{ context }]));
  const inFlight = options.inFlight ?? units.length;
  if (!Number.isInteger(inFlight) || inFlight < 1) throw new InputError("inFlight", `expected an integer >= 1, got ${inFlight}`);
  // The probe's own client: no cache (repeats must reach the server), and a limiter of its own so the
  // number in flight is the one asked for, not the endpoint's everyday limit.
  const meter = countingFetch(options.fetch ?? globalThis.fetch);
  const records = recordCalls();
  const probe = wrapModelClient({ client: createOpenAIClient({ ...client.spec, concurrency: inFlight }, { fetch: meter.fetch, limiter: createLimiter(inFlight) }), middleware: records.middleware });
  const call = async (u: Unit): Promise<number> => {
    if (u.continuation === undefined) return (await laughterMass(probe, [contexts[u.context]], taste))[0].L;
    return (await probe.continuationLogprobs([{ context: contexts[u.context], continuation: u.continuation }], { noCache: true }))[0].logprob;
  };
  const total = (seqN + conN) * units.length;
  let done = 0;
  let failed = 0;
  const settle = async (u: Unit): Promise<number | null> => {
    try {
      return await call(u);
    } catch {
      failed++;
      return null;
    } finally {
      options.onProgress?.(++done, total);
    }
  };
  /** One value per context: L, the log-sum-exp over its openers (null when any request failed). */
  const perContext = (values: (number | null)[]): (number | null)[] =>
    contexts.map((_, c) => {
      const mine = units.flatMap((u, i) => (u.context === c ? [values[i]] : []));
      return mine.some((v) => v === null) ? null : logSumExp(mine as number[]);
    });
  const passes: (number | null)[][] = [];
  meter.takePeak();
  for (let p = 0; p < seqN; p++) {
    const values: (number | null)[] = [];
    for (const u of units) values.push(await settle(u));
    passes.push(perContext(values));
  }
  const sequentialPeak = meter.takePeak();
  const concurrentPeak: number[] = [];
  for (let p = 0; p < conN; p++) {
    const values: (number | null)[] = new Array(units.length);
    let next = 0;
    const worker = async () => {
      while (next < units.length) {
        const i = next++;
        values[i] = await settle(units[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, units.length) }, worker));
    concurrentPeak.push(meter.takePeak());
    passes.push(perContext(values));
  }
  const span = taste.L_hi - taste.L_lo;
  const seqPairs: [number, number][] = Array.from({ length: seqN - 1 }, (_, p) => [p, p + 1]);
  const cross: [number, number][] = [];
  for (let s = 0; s < seqN; s++) for (let c = 0; c < conN; c++) cross.push([s, seqN + c]);
  const conPairs: [number, number][] = [];
  for (let a = 0; a < conN; a++) for (let b = a + 1; b < conN; b++) conPairs.push([seqN + a, seqN + b]);
  const last = records.calls().at(-1)?.determinism ?? {};
  return {
    unit: "nats",
    contexts: contexts.length,
    sequentialPasses: seqN,
    concurrentPasses: conN,
    requestsPerPass: units.length,
    inFlight: { requested: inFlight, endpointLimit: client.spec.concurrency ?? 8, sequentialPeak, concurrentPeak },
    sequential: pairSpread(diffsBetween(passes, seqPairs), span),
    sequentialVsConcurrent: conN > 0 ? pairSpread(diffsBetween(passes, cross), span) : null,
    concurrentVsConcurrent: conN > 1 ? pairSpread(diffsBetween(passes, conPairs), span) : null,
    failed,
    determinism: {
      backend: client.spec.endpointId ?? client.spec.baseUrl,
      model: client.spec.model,
      batchInvariant: last.batchInvariant ?? client.spec.batchInvariant ?? null,
      temperature: last.temperature ?? null,
      seed: last.seed ?? null,
    },
  };
}
