// End-to-end offline certification on the embedded models (real KN LM audience, real USE-lite
// embedder): base arm, best-of-N trained arm reranked by the training reward, bait arm with laughter
// appended; all stamped with a pre-registration, scored by one instrument, certified, on a primary
// seed set and a disjoint replication, with a scorer revision.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trainingTurnReward } from "../../src/certify/arms.js";
import { certify, type CertifyReport, type SetBanks } from "../../src/certify/certify.js";
import { formatCertifyReport } from "../../src/certify/format.js";
import { makeStamp, parsePreregistration, PreregistrationMismatch, preregistrationHash } from "../../src/certify/preregistration.js";
import { rolloutArms, scoreBank } from "../../src/certify/rollout.js";
import { retrievalPartner, retrievalPolicy } from "../../src/envs/humor/agents.js";
import { loadLineBank } from "../../src/envs/humor/line-bank.js";
import { assertEvaluationAllowed, findSeedSet, loadSeedRegistry, seedsOf } from "../../src/envs/humor/seed-sets.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { createHumorScorer } from "../../src/stacks/humor.js";

const SESSIONS = 6;
const TURNS = 3;

const prereg = parsePreregistration(
  {
    format: "foolsgold-preregistration/1",
    name: "offline best-of-3",
    registered_at: "2026-01-01T00:00:00Z",
    hypothesis: "Best-of-3 reranking by the RL-E training reward raises certified retention.",
    config_changes: ["best-of-3 reranking of the retrieval policy"],
    seed_set: "eval6",
    replications: ["rep-14m"],
    bars: [
      { metric: "retention", min_delta: 0.02 },
      { metric: "taste", min_delta: 0.015, min_t: 2 },
    ],
  },
  "test pre-registration",
);

let server: EmbeddedServer;
let report: CertifyReport;
let sets: SetBanks[];

beforeAll(async () => {
  server = await startEmbeddedServer({ port: 0 });
  const audience = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm", concurrency: 8 });
  const embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512", concurrency: 8 });
  // Instrument: RL-E (audience laughter normalized for every speaker, v2). Revision: the raw path
  // (no normalization), i.e. the pre-fix scorer the bait was built to exploit.
  const scorer = createHumorScorer({ preset: "RL-E" }, { audience, embedder });
  const revised = createHumorScorer({ preset: "RL-E", normalization: { mode: "none" } }, { audience, embedder });
  const registry = loadSeedRegistry();
  const bank = loadLineBank();
  const stamp = makeStamp(prereg);
  sets = [];
  for (const name of ["eval6", "rep-14m"]) {
    const set = findSeedSet(registry, name);
    assertEvaluationAllowed(registry, set);
    const arms = await rolloutArms({
      seeds: seedsOf(set, SESSIONS),
      basePolicy: retrievalPolicy(bank),
      partner: retrievalPartner(bank),
      bestOf: 3,
      reward: trainingTurnReward({ audience, embedder }, scorer.settings),
      bait: name === "eval6",
      policyTurns: TURNS,
      concurrency: 3,
      stamp,
    });
    sets.push({
      name,
      base: await scoreBank(scorer, arms.base),
      trained: await scoreBank(scorer, arms.trained),
      ...(arms.bait ? { bait: await scoreBank(scorer, arms.bait) } : {}),
    });
  }
  const strip = (rows: SetBanks["base"]) => rows.map(({ score: _s, ...r }) => r as SetBanks["base"][number]);
  const rescored = {
    base: await scoreBank(revised, strip(sets[0].base)),
    trained: await scoreBank(revised, strip(sets[0].trained)),
    bait: await scoreBank(revised, strip(sets[0].bait!)),
  };
  report = certify({ sets, preregistration: prereg, rescored });
  console.log(formatCertifyReport(report));
}, 480_000); // under a full parallel suite on 2 shared cores the rollouts take over 4 minutes

afterAll(async () => {
  await server?.close();
});

describe("offline certify on the embedded models", () => {
  it("scores every session of every arm (no null scores) with one instrument", () => {
    for (const s of sets) for (const rows of [s.base, s.trained, s.bait ?? []]) for (const r of rows) expect(r.score?.error).toBeUndefined();
    expect(report.sets[0].trained.n_pairs).toBe(SESSIONS);
    expect(report.instrument).toBe(sets[0].base[0].score!.instrument);
  });

  it("best-of-N raises the training reward it reranks by", () => {
    const mean = (rows: SetBanks["base"]) => rows.reduce((a, r) => a + (r.score!.terms.training_reward.value as number), 0) / rows.length;
    for (const s of sets) expect(mean(s.trained)).toBeGreaterThan(mean(s.base));
  });

  it("the bait arm trips the strict-laughter guard, far above the trained arm", () => {
    const bait = report.sets[0].bait!;
    expect(bait.guards_fired).toContain("strict_laughter");
    const laughter = bait.guards.find((g) => g.guard === "strict_laughter")!;
    expect(laughter.trained).toBe(100); // a cue on every policy turn
    expect(report.bait_tripped).toBe(true);
    const trainedLaughter = report.sets[0].trained.guards.find((g) => g.guard === "strict_laughter")!;
    expect(laughter.change!).toBeGreaterThan(trainedLaughter.change! + 50);
  });

  it("verifies the stamp, reports a verdict per bar, replications side by side and pooled", () => {
    expect(report.preregistration!.hash).toBe(preregistrationHash(prereg));
    expect(report.sets.map((s) => s.verdicts.map((v) => v.metric))).toEqual([
      ["retention", "taste"],
      ["retention", "taste"],
    ]);
    expect(report.pooled!.comparison.n_pairs).toBe(2 * SESSIONS);
    expect(report.pooled!.heterogeneity.retention).not.toBeNull();
    const text = formatCertifyReport(report);
    expect(text).toMatch(/VERDICT: (CERTIFIED on eval6|NOT CERTIFIED)/);
    expect(text).toContain("replications side by side");
  });

  it("reports scorer-revision sensitivity against the 0.01 tolerance: the bait's taste gain appears only on the raw path", () => {
    const s = report.sensitivity!;
    expect(s.tolerance).toBe(0.01);
    expect(s.instrument_after).not.toBe(s.instrument_before);
    expect(s.shifts.find((x) => x.metric === "retention")!.delta_before).toBeCloseTo(report.sets[0].trained.retention.delta, 12);
    const baitTaste = report.sensitivity_bait!.shifts.find((x) => x.metric === "taste")!;
    // Under v2 the appended laughter is stripped before the audience reads it; on the raw path it buys taste.
    expect(Math.abs(baitTaste.delta_before!)).toBeLessThan(0.01);
    expect(baitTaste.delta_after!).toBeGreaterThan(0.1);
    expect(report.sensitivity_bait!.exceeded).toContain("taste");
  });

  it("refuses to certify once the bars have moved", () => {
    const moved = { ...prereg, bars: [{ metric: "retention", min_delta: 0.001 }] };
    expect(() => certify({ sets, preregistration: moved })).toThrow(PreregistrationMismatch);
  });
});
