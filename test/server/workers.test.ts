// The scoring worker pool: a batch aborted mid-scoring stops the thread scoring it (lexical scoring
// cannot be interrupted otherwise), the dead thread is replaced, and the pool keeps serving the same
// instrument with the same scores. Before, a dead worker stayed in the pool and an aborted batch kept
// its CPU until it finished.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openScorer, type OpenedScorer } from "../../src/stacks/open.js";
import { createWorkerPoolScorer, type WorkerPoolScorer } from "../../src/server/workers/pool.js";
import type { BankRow, Score } from "../../src/core/types.js";

// Served scores are compared as the bits the server writes: the JSON text of each score, and beside it
// the value, error and error kind the server reads from the score itself (journal columns, the answer's
// errors, /get_reward's rewards), which a pool score keeps apart from its text.
const bits = (scores: readonly (Score | readonly Score[])[]): string => JSON.stringify((scores as Score[][]).flat().map((s) => [JSON.stringify(s), s.value, s.error, s.error_kind]));

const text = (i: number) => `The garden was quiet at dawn, and the old gardener walked between the rows of beans number ${i}. ` + "He counted the leaves and listened to the birds before the heat of the day. ".repeat(6);
const rows = (n: number, from = 0): BankRow[] => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, output: text(from + i) }));

let opened: OpenedScorer;
let pool: WorkerPoolScorer;
beforeAll(async () => {
  opened = await openScorer({ stack: "cherrl", cache: false } as never);
  pool = await createWorkerPoolScorer(opened.scorer, { stack: "cherrl", cache: false } as never, 1);
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await opened?.close();
});

describe("worker pool", () => {
  it("replaces a worker stopped by an abort and scores the next batch identically", async () => {
    const before = await pool.scoreRows(rows(4));
    // These cherrl rows carry no gold fields: each is an input error, so errors are compared too.
    expect(before.map((s) => [s.value, s.error_kind])).toEqual(Array(4).fill([null, "input"]));
    const [threadBefore] = pool.threadIds();
    const controller = new AbortController();
    const big = pool.scoreRows(rows(20_000, 100), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("request time limit of 50 ms")), 50);
    await expect(big).rejects.toThrow(/scoring aborted \(request time limit of 50 ms\); its worker was stopped and replaced/);
    const after = await pool.scoreRows(rows(4));
    expect(bits(after)).toBe(bits(before));
    expect(pool.started).toBe(2);
    expect(pool.threadIds()).toHaveLength(1);
    expect(pool.threadIds()[0]).not.toBe(threadBefore);
  }, 120_000);

  it("fails a queued batch whose caller gave up without touching the running one", async () => {
    const running = pool.scoreRows(rows(2000, 1));
    const controller = new AbortController();
    const queued = pool.scoreRows(rows(2), { signal: controller.signal });
    controller.abort(new Error("client went away"));
    await expect(queued).rejects.toThrow(/scoring aborted \(client went away\)$/);
    expect((await running).length).toBe(2000);
    expect(pool.started).toBe(2);
  }, 120_000);

  it("scores one-row requests queued together as one batch, each getting exactly its own scores", async () => {
    const alone = await Promise.all(rows(40, 500).map((r) => opened.scorer.scoreRows([r])));
    const sentBefore = pool.batches;
    // Queued behind a running batch, 40 one-row requests reach the worker together.
    const blocker = pool.scoreRows(rows(200, 900));
    const served = await Promise.all(rows(40, 500).map((r) => pool.scoreRows([r])));
    await blocker;
    expect(bits(served)).toBe(bits(alone));
    expect(pool.batches - sentBefore).toBeLessThanOrEqual(3);
    // One request aborted inside a shared batch fails alone; the others are scored.
    const controller = new AbortController();
    const blocker2 = pool.scoreRows(rows(200, 900));
    const calls = rows(10, 700).map((r, i) => pool.scoreRows([r], i === 3 ? { signal: controller.signal } : undefined));
    while (pool.batches === sentBefore + 2) await new Promise((r) => setTimeout(r, 1));
    controller.abort(new Error("client went away"));
    const settled = await Promise.allSettled(calls);
    await blocker2;
    expect(settled.map((x) => x.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", ...Array(6).fill("fulfilled")]);
    expect(pool.threadIds()).toHaveLength(1);
  }, 120_000);
});

describe("worker pool of two", () => {
  it("sends a batch of a stack that declares no row key whole to one worker, even with both idle", async () => {
    const two = await createWorkerPoolScorer(opened.scorer, { stack: "cherrl", cache: false } as never, 2);
    try {
      const batch = rows(64, 3000);
      const expected = await opened.scorer.scoreRows(batch);
      const before = two.batches;
      expect(bits(await two.scoreRows(batch))).toBe(bits(expected));
      expect(two.batches - before).toBe(1);
      // A batch smaller than two parts' worth goes whole to one worker.
      const small = rows(20, 4000);
      const sent = two.batches;
      expect(bits(await two.scoreRows(small))).toBe(bits(await opened.scorer.scoreRows(small)));
      expect(two.batches - sent).toBe(1);
    } finally {
      await two.close();
    }
  }, 120_000);
});

// The prose gates compare a reply with the other rows of its call that share its group (or prompt):
// a split that cut a group, or a merge that put two requests' rows in one call, changed the scores
// with the traffic (a 15-word reply in a group of 5 was 0 scored whole and 1 once split).
describe("worker pool of two on the prose stack", () => {
  it("scores a group as one call whether the batch is split or merged with other requests", async () => {
    const prose = await openScorer({ stack: "prose", cache: false } as never);
    const two = await createWorkerPoolScorer(prose.scorer, { stack: "prose", cache: false } as never, 2);
    try {
      const batch = rows(32, 5000);
      for (const i of [13, 14, 15, 16, 17]) batch[i].group_id = "g";
      batch[17].output = "The gardener counted the beans at dawn and then he listened to the birds singing.";
      const whole = await prose.scorer.scoreRows(batch);
      expect(whole[17].value).toBe(0);
      const before = two.batches;
      expect(bits(await two.scoreRows(batch))).toBe(bits(whole));
      expect(two.batches - before).toBe(2);
      // One-row requests that share a prompt, queued behind a running batch and sent together: each is
      // scored as if alone (no group of 4 forms across requests).
      const alone = batch.slice(13, 18).map(({ group_id: _g, ...r }) => ({ ...r, prompt: "Tend the garden." }));
      const expected = await Promise.all(alone.map((r) => prose.scorer.scoreRows([r])));
      const blocker = two.scoreRows(rows(400, 6000));
      const blocker2 = two.scoreRows(rows(400, 7000));
      const got = await Promise.all(alone.map((r) => two.scoreRows([r])));
      await Promise.all([blocker, blocker2]);
      expect(bits(got)).toBe(bits(expected));
      expect(expected[4][0].value).toBeGreaterThan(0);
    } finally {
      await two.close();
      await prose.close();
    }
  }, 120_000);
});
