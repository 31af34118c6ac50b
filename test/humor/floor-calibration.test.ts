// Floor calibration (issue #22): percentiles of g with bootstrap intervals, and embedding in a bounded
// stream of requests. Expected percentiles are numpy.percentile's (default linear method = type 7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { cosine } from "../../src/stats/cosine.js";
import { calibrateFloor, embedInBatches, groundingPairs, humanGroundingScores, pairGroundingScores } from "../../src/terms/humor/floor-calibration.js";

const g = [0.42, 0.05, 0.31, 0.77, 0.12, 0.58, 0.26, 0.09, 0.66, 0.38, 0.21, 0.47, 0.15, 0.53, 0.34, 0.71, 0.02, 0.29, 0.44, 0.61];

describe("calibrateFloor", () => {
  it("reports numpy's percentiles with bootstrap intervals around them", () => {
    const c = calibrateFloor(g, { resamples: 500 });
    expect(c.n).toBe(20);
    // numpy.percentile(g, [5, 10, 25, 50, 75, 90, 95]) = 0.0485, 0.086, 0.195, 0.36, 0.5425, 0.665, 0.713
    expect(c.floor.estimate).toBeCloseTo(0.0485, 12);
    expect(c.ceiling.estimate).toBeCloseTo(0.665, 12);
    expect(c.quantiles).toEqual({
      p5: expect.closeTo(0.0485, 12),
      p10: expect.closeTo(0.086, 12),
      p25: expect.closeTo(0.195, 12),
      p50: expect.closeTo(0.36, 12),
      p75: expect.closeTo(0.5425, 12),
      p90: expect.closeTo(0.665, 12),
      p95: expect.closeTo(0.713, 12),
    });
    expect(c.mean).toBeCloseTo(0.3705, 12); // numpy.mean
    for (const q of [c.floor, c.ceiling]) {
      expect(q.ci[0]).toBeLessThanOrEqual(q.estimate);
      expect(q.ci[1]).toBeGreaterThanOrEqual(q.estimate);
      expect(q.ci[1]).toBeGreaterThan(q.ci[0]);
    }
    // the 5th percentile of 20 values resamples to at most min..p15 of the data
    expect(c.floor.ci[0]).toBeGreaterThanOrEqual(0.02);
    expect(calibrateFloor(g, { resamples: 500 })).toEqual(c); // seeded: the same call, the same bits
  });

  it("takes other percentiles and refuses an inverted pair", () => {
    expect(calibrateFloor(g, { floorP: 0.1, ceilingP: 0.95, resamples: 200 }).ceiling.estimate).toBeCloseTo(0.713, 12);
    expect(() => calibrateFloor(g, { floorP: 0.5, ceilingP: 0.4 })).toThrow(/percentiles/);
  });

  it("pairs each reply with the window before it, skipping replies without a full window", () => {
    const turns = ["a", "b", "c", "d"].map((text) => ({ speaker: "x", text }));
    expect(groundingPairs([{ id: "c1", turns }], 2)).toEqual([
      { conversation: "c1", index: 2, reply: "c", context: "a\nb" },
      { conversation: "c1", index: 3, reply: "d", context: "b\nc" },
    ]);
  });
});

describe("embedding in a bounded stream (embedded USE-lite)", () => {
  let server: { baseUrl: string; close(): Promise<void> };
  let embedder: ModelClient;
  beforeAll(async () => {
    server = await startEmbeddedServer();
    embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" });
  });
  afterAll(async () => server?.close());

  /** Counts calls in flight and texts per call. */
  function counting(inner: ModelClient) {
    const seen = { inFlight: 0, maxInFlight: 0, sizes: [] as number[] };
    const client: ModelClient = {
      ...inner,
      async embed(texts, o) {
        seen.sizes.push(texts.length);
        seen.maxInFlight = Math.max(seen.maxInFlight, ++seen.inFlight);
        try {
          return await inner.embed(texts, o);
        } finally {
          seen.inFlight--;
        }
      },
    };
    return { client, seen };
  }

  it("never has more than `concurrency` requests of at most `batch` texts in flight, and reports progress", async () => {
    const texts = Array.from({ length: 23 }, (_, i) => `The budget review number ${i} moved to Friday.`);
    const { client, seen } = counting(embedder);
    const progress: number[] = [];
    const vectors = await embedInBatches(client, texts, { batch: 5, concurrency: 2, onProgress: (done) => progress.push(done) });
    expect(seen.sizes).toEqual([5, 5, 5, 5, 3]);
    expect(seen.maxInFlight).toBe(2);
    expect(progress.sort((a, b) => a - b)).toEqual([5, 10, 15, 20, 23]);
    const direct = await embedder.embed([texts[0], texts[22]]);
    expect(cosine(vectors[0], direct[0])).toBeCloseTo(1, 6);
    expect(cosine(vectors[22], direct[1])).toBeCloseTo(1, 6);
  });

  it("humanGroundingScores no longer hands every text to one embed call", async () => {
    // Before the fix it made a single call with all 3 distinct replies and 2 contexts.
    const { client, seen } = counting(embedder);
    const dialogues = [["Is the printer fixed?", "Not yet, it jams on every page.", "Then call the repair desk.", "I will, right after lunch."]];
    const scores = await humanGroundingScores(dialogues, client, 2, { batch: 2, concurrency: 1 });
    expect(scores).toHaveLength(2);
    expect(seen.maxInFlight).toBe(1);
    expect(Math.max(...seen.sizes)).toBe(2);
    const pairs = groundingPairs([{ id: "d", turns: dialogues[0].map((text) => ({ speaker: "h", text })) }], 2);
    expect(await pairGroundingScores(pairs, embedder, { batch: 64, concurrency: 1 })).toEqual(scores.map((s) => expect.closeTo(s, 6)));
  });
});
