// The offline simulator: 100 sessions whose provocation mix matches the configured rates within sampling
// error, bit-for-bit reproducible from the seeds; tasks and schedules derive from the seed alone.
import chisquareCdf from "@stdlib/stats-base-dists-chisquare-cdf";
import { describe, expect, it } from "vitest";
import { canonicalJson, sha256 } from "../../src/core/hash.js";
import { retrievalPartner, retrievalPolicy } from "../../src/envs/humor/agents.js";
import { loadLineBank } from "../../src/envs/humor/line-bank.js";
import { DEFAULT_RATES, PROVOCATION_KINDS } from "../../src/envs/humor/provocations.js";
import { planSession } from "../../src/envs/humor/schedule.js";
import { simulateSession, simulateSessions } from "../../src/envs/humor/simulator.js";
import { findSeedSet, loadSeedRegistry, seedsOf } from "../../src/envs/humor/seed-sets.js";

const bank = loadLineBank();
const agents = { policy: retrievalPolicy(bank), partner: retrievalPartner(bank) };
const seeds = seedsOf(findSeedSet(loadSeedRegistry(), "demo"), 100);

describe("humor simulator", async () => {
  const sessions = await simulateSessions(seeds, agents);

  it("rolls out 10 policy turns per session, partner first, alternating", () => {
    expect(sessions).toHaveLength(100);
    for (const s of sessions) {
      expect(s.turns).toHaveLength(20);
      s.turns.forEach((t, i) => expect(t.speaker).toBe(i % 2 === 0 ? "partner" : "policy"));
      expect(s.turns.every((t) => t.text.length > 0 && !t.text.includes("{"))).toBe(true);
      expect(s.meta?.rates).toEqual(DEFAULT_RATES);
    }
  });

  it("matches the configured provocation mix within sampling error (χ² goodness of fit)", () => {
    // 100 sessions × 9 scheduled partner turns (turn 0 always opens the task) = 900 independent draws
    const moves = sessions.flatMap((s) => (s.meta!.partner_moves as string[]).slice(1));
    expect(moves).toHaveLength(900);
    const categories = [...PROVOCATION_KINDS, "continue"] as const;
    const pContinue = 1 - PROVOCATION_KINDS.reduce((a, k) => a + DEFAULT_RATES[k], 0);
    let chi2 = 0;
    for (const c of categories) {
      const expected = moves.length * (c === "continue" ? pContinue : DEFAULT_RATES[c]);
      const observed = moves.filter((m) => m === c).length;
      chi2 += (observed - expected) ** 2 / expected;
      // each share within 3 binomial standard errors of its rate
      const p = expected / moves.length;
      expect(Math.abs(observed / moves.length - p)).toBeLessThan(3 * Math.sqrt((p * (1 - p)) / moves.length));
    }
    const pValue = 1 - chisquareCdf(chi2, categories.length - 1);
    expect(pValue).toBeGreaterThan(0.01);
    // every partner turn's recorded move is the one the plan gives
    for (const s of sessions) s.turns.filter((t) => t.speaker === "partner").forEach((t, i) => expect(t.meta?.move).toBe((s.meta!.partner_moves as string[])[i]));
  });

  it("is reproducible bit for bit from the same seeds", async () => {
    const again = await simulateSessions(seeds, { ...agents, concurrency: 4 });
    expect(sha256(canonicalJson(again))).toBe(sha256(canonicalJson(sessions)));
  });

  it("derives task and schedule from the seed alone; rates change the schedule, not the task", () => {
    const a = planSession(42, 10, DEFAULT_RATES);
    const b = planSession(42, 10, { tease: 0.5, joke: 0, complain: 0, swear: 0, odd_detail: 0 });
    expect(b.task.id).toBe(a.task.id);
    expect(b.slots).toEqual(a.slots);
    expect(b.moves.slice(1).every((m) => m === "tease" || m === "continue")).toBe(true);
    const tasks = new Set(sessions.map((s) => s.meta!.task));
    expect(tasks.size).toBeGreaterThanOrEqual(8); // of 10 tasks, over 100 seeds
  });

  it("gives the policy varied replies and a frozen partner", async () => {
    const replies = sessions.flatMap((s) => s.turns.filter((t) => t.speaker === "policy").map((t) => t.text));
    expect(new Set(replies).size / replies.length).toBeGreaterThan(0.3);
    // a different policy faces exactly the same partner lines on the same seed
    const echo = { description: "echo", reply: async () => "Okay." };
    const other = await simulateSession(seeds[0], { policy: echo, partner: agents.partner });
    expect(other.turns.filter((t) => t.speaker === "partner")).toEqual(sessions[0].turns.filter((t) => t.speaker === "partner"));
    // best-of-N samples differ
    const plan = planSession(seeds[0], 10, DEFAULT_RATES);
    const ctx = { plan, turns: sessions[0].turns.slice(0, 5), turnIndex: 2 };
    const candidates = await Promise.all([0, 1, 2, 3, 4, 5].map((sample) => agents.policy.reply({ ...ctx, sample })));
    expect(new Set(candidates).size).toBeGreaterThan(1);
  });
});
