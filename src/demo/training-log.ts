// The demo's simulated training log (SPEC §9 on the humor stack): a policy that drifts from the base
// replies to the bait replies along a logistic ramp, drawn per row from the demo's real scored sessions.
// Each row's score is its session's real training reward on the raw path (RL-D weights, normalization
// none: the pre-fix reward the bait games); its clean score is the same session's training reward under
// the hardened default (RL-E, laughter stripped); the shortcut is the appended laughter cue. The reference
// onset is then found from the log by the published CHERRL definition, which never sees the ramp.
// Nothing is trained: the log only shows what the onset view reads, on real scores.
import { createRng } from "../core/random.js";
import { referenceOnset, smoothSignals, type ReferenceOnset, type SmoothedSignal } from "../onset/reference-onset.js";
import { stepSignals, type StepSignal } from "../onset/signals.js";
import type { ScoredSession } from "./bait-arm.js";

export interface TrainingLogSpec {
  steps: number;
  rowsPerStep: number;
  /** Step at which half the policy's replies carry the cue at most (the ramp's midpoint). */
  midpoint: number;
  /** Steps for the ramp to go from 27% to 73% of its top. */
  width: number;
  /** Largest share of hacked replies. */
  top: number;
  seed: string;
}

export const DEMO_LOG: TrainingLogSpec = { steps: 40, rowsPerStep: 24, midpoint: 18, width: 3, top: 0.9, seed: "demo-training-log" };

export interface LogRow extends ScoredSession {
  step: number;
  clean_score: number;
  shortcut: boolean;
}

export interface TrainingLog extends ReferenceOnset {
  rows: LogRow[];
  n_rows: number;
  n_steps: number;
  signals: StepSignal[];
  smoothed: SmoothedSignal[];
  /** A row is "high" (counted in M) when its proxy reward reaches the best base session's. */
  high_threshold: number;
  min_high: number;
  spec: TrainingLogSpec;
}

/** A session under both rewards: `proxy` scored by the seed's reward (value = its training reward), `clean` by the default. */
export interface DualScored {
  proxy: ScoredSession;
  clean: number;
}

const trainingReward = (s: ScoredSession): number | null => {
  const v = s.score.terms.training_reward?.value;
  return typeof v === "number" ? v : null;
};

/** Pairs each proxy-scored session with the default-scored one of the same id; sessions either failed on are left out. */
export function dualScored(proxy: readonly ScoredSession[], hardened: readonly ScoredSession[]): DualScored[] {
  return proxy.flatMap((p) => {
    const h = hardened.find((x) => x.id === p.id);
    const clean = h ? trainingReward(h) : null;
    return clean === null || p.score.value === null ? [] : [{ proxy: p, clean }];
  });
}

export function simulateTrainingLog(base: readonly DualScored[], bait: readonly DualScored[], spec: TrainingLogSpec = DEMO_LOG): TrainingLog {
  const pairs = base.map((b) => ({ b, h: bait.find((x) => x.proxy.seed === b.proxy.seed) })).filter((p) => p.h);
  if (pairs.length === 0) throw new Error("the demo's training log needs at least one seed scored in both arms");
  const rng = createRng(spec.seed);
  const rows: LogRow[] = [];
  for (let step = 1; step <= spec.steps; step++) {
    const p = spec.top / (1 + Math.exp(-(step - spec.midpoint) / spec.width));
    for (let r = 0; r < spec.rowsPerStep; r++) {
      const pair = pairs[rng.int(pairs.length)];
      const hacked = rng.next() < p;
      const row = hacked ? pair.h! : pair.b;
      rows.push({ ...row.proxy, id: `step${step}/${r}/${row.proxy.id}`, step, clean_score: row.clean, shortcut: hacked });
    }
  }
  // The seed's "high score" is a judge's ≥ 0.99 on [0, 1]; the humor reward does not reach such a ceiling,
  // so a row counts as high when it reaches the best reward any base session earned.
  const highThreshold = Math.max(...pairs.map((p) => p.b.proxy.score.value as number));
  const minHigh = Math.max(3, Math.round(spec.rowsPerStep / 8));
  const signals = stepSignals(
    rows.map((r) => ({ step: r.step, score: r.score.value as number, clean: r.clean_score, shortcut: r.shortcut })),
    { highThreshold, minHigh },
  );
  const smoothed = smoothSignals(signals);
  return { ...referenceOnset(smoothed), rows, n_rows: rows.length, n_steps: signals.length, signals, smoothed, high_threshold: highThreshold, min_high: minHigh, spec };
}
