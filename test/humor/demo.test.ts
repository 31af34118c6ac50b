// The offline humor pipeline pieces the README and `demo` use: simulate → score → summarize → table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Score } from "../../src/core/types.js";
import { chatPartner, chatPolicy } from "../../src/envs/humor/agents.js";
import { runHumorDemo } from "../../src/demo/humor-sessions.js";
import { simulateSession } from "../../src/envs/humor/simulator.js";
import { formatHumorTable, meanInterval, summarizeHumorScores } from "../../src/envs/humor/score-summary.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";

describe("score summary", () => {
  it("mean and 95% t interval match scipy", () => {
    // scipy.stats.t.interval(0.95, 3, loc=0.4, scale=scipy.stats.sem([0.2, 0.5, 0.0, 0.9]))
    //   → (-0.2230879862672155, 1.0230879862672155)
    const m = meanInterval([0.2, 0.5, 0.0, 0.9]);
    expect(m.mean).toBeCloseTo(0.4, 12);
    expect(m.ci95![0]).toBeCloseTo(-0.2230879862672155, 9);
    expect(m.ci95![1]).toBeCloseTo(1.0230879862672155, 9);
    // A quantity in [0, 1] keeps its interval inside [0, 1].
    expect(meanInterval([0.2, 0.5, 0.0, 0.9], [0, 1]).ci95).toEqual([0, 1]);
    const high = meanInterval([1, 0.95, 1, 0.9, 1], [0, 1]);
    expect(high.ci95![1]).toBe(1);
    expect(high.ci95![0]).toBeCloseTo(meanInterval([1, 0.95, 1, 0.9, 1]).ci95![0], 12);
    expect(meanInterval([1])).toEqual({ n: 1, mean: 1, ci95: null });
    expect(meanInterval([])).toEqual({ n: 0, mean: null, ci95: null });
  });

  it("never pools scores of different instruments, and counts failures apart", () => {
    const score = (instrument: string, value: number | null): Score => ({ value, instrument, terms: value === null ? {} : { certified: { value } } });
    expect(() => summarizeHumorScores([score("a", 0.5), score("b", 0.5)])).toThrow(/never pooled/);
    const s = summarizeHumorScores([score("a", 0.5), score("a", 0), score("a", null)]);
    expect([s.scored, s.failed, s.zero_certification, s.certified.mean]).toEqual([2, 1, 1, 0.25]);
  });
});

describe("runHumorDemo on the embedded models", () => {
  let server: { baseUrl: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await startEmbeddedServer();
  });
  afterAll(async () => server?.close());

  it("simulates, scores and tabulates a small bank", async () => {
    const audience = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" });
    const demo = await runHumorDemo({ audience, embedder }, { sessions: 2, policyTurns: 2 });
    expect(demo.rows.map((r) => r.seed)).toEqual([20_000_000, 20_000_001]);
    expect(demo.scores.every((s) => s.value !== null && s.instrument === demo.instrument.hash)).toBe(true);
    expect(demo.summary.scored).toBe(2);
    const table = formatHumorTable(demo.rows, demo.scores, demo.summary);
    expect(table).toContain("humor-20000000");
    expect(table).toMatch(/certified retention C: (\d\.\d{3,4}|\d\.\d{3}e[+-]\d+) \(95% CI .* n=2\)/);
  });

  it("model agents on the embedded LM produce non-empty one-line turns, reproducibly for a seed", async () => {
    const lm = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const agents = { policy: chatPolicy(lm), partner: chatPartner(lm), policyTurns: 2 };
    const a = await simulateSession(20_000_005, agents);
    const b = await simulateSession(20_000_005, agents);
    expect(a.turns).toHaveLength(4);
    expect(a.turns.every((t) => t.text.length > 0 && !t.text.includes("\n"))).toBe(true);
    expect(b.turns).toEqual(a.turns);
    expect(a.meta?.policy).toMatch(/^chat-policy\(foolsgold-embedded-lm@/);
  });
});
