// The humor pipeline end to end, offline (the README's main job): simulate sessions on the demo seed
// set with the line-bank agents, score them with the humor stack on the given models, and summarize.
// `foolsgold demo` (the lead's command) calls runHumorDemo and prints formatHumorTable.
import type { Score, TranscriptRow } from "../core/types.js";
import { createHumorScorer, type HumorOptions } from "../stacks/humor.js";
import type { Instrument, ModelRoles } from "../stacks/types.js";
import { retrievalPartner, retrievalPolicy } from "../envs/humor/agents.js";
import { loadLineBank } from "../envs/humor/line-bank.js";
import { DEFAULT_RATES, type ProvocationKind } from "../envs/humor/provocations.js";
import { assertEvaluationAllowed, findSeedSet, loadSeedRegistry, seedsOf, type SeedRegistry } from "../envs/humor/seed-sets.js";
import { simulateSessions } from "../envs/humor/simulator.js";
import { summarizeHumorScores, type HumorScoreSummary } from "../envs/humor/score-summary.js";

export interface HumorDemoOptions {
  /** Sessions to simulate (default 12). */
  sessions?: number;
  /** Seed set to draw them from (default "demo"). */
  seedSet?: string;
  registry?: SeedRegistry;
  policyTurns?: number;
  rates?: Record<ProvocationKind, number>;
  stack?: HumorOptions;
  onProgress?: (phase: "simulate" | "score", done: number, total: number) => void;
}

export interface HumorDemoResult {
  rows: TranscriptRow[];
  scores: Score[];
  instrument: Instrument;
  summary: HumorScoreSummary;
  seconds: { simulate: number; score: number };
}

/** Needs models for roles "audience" and "embedder" (the embedded defaults offline). */
export async function runHumorDemo(models: ModelRoles, options: HumorDemoOptions = {}): Promise<HumorDemoResult> {
  const registry = options.registry ?? loadSeedRegistry();
  const set = findSeedSet(registry, options.seedSet ?? "demo");
  assertEvaluationAllowed(registry, set);
  const bank = loadLineBank();
  const t0 = performance.now();
  const rows = await simulateSessions(seedsOf(set, options.sessions ?? 12), {
    policy: retrievalPolicy(bank),
    partner: retrievalPartner(bank),
    policyTurns: options.policyTurns ?? 10,
    rates: options.rates ?? DEFAULT_RATES,
    onProgress: options.onProgress && ((d, t) => options.onProgress!("simulate", d, t)),
  });
  const t1 = performance.now();
  const scorer = createHumorScorer(options.stack ?? {}, models);
  const scores = await scorer.scoreRows(rows, { onProgress: options.onProgress && ((d, t) => options.onProgress!("score", d, t)) });
  const t2 = performance.now();
  return {
    rows,
    scores,
    instrument: scorer.instrument,
    summary: summarizeHumorScores(scores),
    seconds: { simulate: (t1 - t0) / 1000, score: (t2 - t1) / 1000 },
  };
}
