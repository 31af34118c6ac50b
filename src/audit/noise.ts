// Noise / determinism probe (SPEC §5, seed 000 §5): score the same contexts repeatedly — sequential
// passes (one context at a time) and concurrent passes (every context in flight at once) — bypassing the
// response cache, and report the spread of pairwise differences: sd with its χ² interval, share of pairs
// bit-exact, and the worst disagreement. Records the backend's determinism settings beside the numbers.
import { InputError } from "../core/errors.js";
import type { ModelClient } from "../models/spec.js";
import { sdCi } from "../stats/sd-ci.js";
import { laughterMass, type TasteOptions } from "../terms/humor/audience-taste.js";

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
  inFlight: number;
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

export async function runNoiseProbe(options: {
  client: ModelClient;
  contexts: readonly string[];
  taste: TasteOptions;
  sequentialPasses?: number;
  concurrentPasses?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<NoiseResult> {
  const { client, contexts, taste } = options;
  const seqN = options.sequentialPasses ?? 5;
  const conN = options.concurrentPasses ?? 3;
  if (contexts.length === 0) throw new InputError("contexts", "is empty: the noise probe needs at least one context");
  if (seqN < 2) throw new InputError("sequentialPasses", `needs at least 2 passes to compare, got ${seqN}`);
  // Every call goes to the server: a cache would make the repeats identical by construction.
  const uncached: ModelClient = { ...client, continuationLogprobs: (pairs, o) => client.continuationLogprobs(pairs, { ...o, noCache: true }) };
  const total = seqN * contexts.length + conN;
  let done = 0;
  let failed = 0;
  const one = async (c: string) => {
    try {
      return (await laughterMass(uncached, [c], taste))[0].L;
    } catch {
      failed++;
      return null;
    }
  };
  const passes: (number | null)[][] = [];
  for (let p = 0; p < seqN; p++) {
    const pass: (number | null)[] = [];
    for (const c of contexts) {
      pass.push(await one(c));
      options.onProgress?.(++done, total);
    }
    passes.push(pass);
  }
  for (let p = 0; p < conN; p++) {
    passes.push(await Promise.all(contexts.map(one)));
    options.onProgress?.(++done, total);
  }
  const span = taste.L_hi - taste.L_lo;
  const seqPairs: [number, number][] = Array.from({ length: seqN - 1 }, (_, p) => [p, p + 1]);
  const cross: [number, number][] = [];
  for (let s = 0; s < seqN; s++) for (let c = 0; c < conN; c++) cross.push([s, seqN + c]);
  const conPairs: [number, number][] = [];
  for (let a = 0; a < conN; a++) for (let b = a + 1; b < conN; b++) conPairs.push([seqN + a, seqN + b]);
  const last = client.calls.at(-1)?.determinism ?? {};
  return {
    unit: "nats",
    contexts: contexts.length,
    sequentialPasses: seqN,
    concurrentPasses: conN,
    inFlight: contexts.length,
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
