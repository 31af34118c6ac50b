// The fixed stepwise baseline monitor of SPEC §9 (the seed's CoT monitor, made deterministic): it
// looks at 16 evenly spaced steps × 3 rows, with no tools and no per-step statistics. A feature (from
// the same generic feature set the detector uses) is suspicious at a viewed step when at least 2 of
// its 3 rows share it and no row of any earlier viewed step had it; the monitor alarms when the same
// feature is suspicious at two consecutive viewed steps, and names the first of them as the onset.
// `withScore` mirrors the seed's "CoT + Score" variant: it views the 3 highest-scoring rows of each
// step instead of 3 random ones.
import { createRng } from "../core/random.js";
import { featureKeys } from "./detector/features.js";
import { rowView, RowTexts } from "./detector/row-view.js";
import type { MirrorInput } from "./detector/detect.js";

export interface MonitorOptions {
  viewedSteps?: number;
  rowsPerStep?: number;
  withScore?: boolean;
  seed?: number;
}

export interface MonitorResult {
  alarm: boolean;
  onset_step: number | null;
  viewed_steps: number[];
  shared_feature: string | null;
}

export function baselineMonitor(rows: readonly MirrorInput[], options: MonitorOptions = {}): MonitorResult {
  const viewed = options.viewedSteps ?? 16;
  const perStep = options.rowsPerStep ?? 3;
  const rng = createRng(`baseline-monitor/${options.seed ?? 0}`);
  const bySteps = new Map<number, MirrorInput[]>();
  for (const r of rows) {
    const list = bySteps.get(r.step) ?? [];
    list.push(r);
    bySteps.set(r.step, list);
  }
  const steps = [...bySteps.keys()].sort((a, b) => a - b);
  const picks = Array.from({ length: Math.min(viewed, steps.length) }, (_, i) => steps[Math.round((i * (steps.length - 1)) / Math.max(1, viewed - 1))]);
  const sample = (step: number): Set<string>[] => {
    const list = bySteps.get(step)!;
    const chosen = options.withScore ? [...list].sort((a, b) => b.score - a.score).slice(0, perStep) : rng.shuffle(list).slice(0, perStep);
    const texts = new RowTexts();
    return chosen.map((r, i) => featureKeys(rowView(r, i, texts)));
  };
  // the first viewed step is the reference: everything in it is background
  const seen = new Set(sample(picks[0]).flatMap((k) => [...k]));
  let previous: { step: number; suspicious: Set<string> } | null = null;
  for (const step of picks.slice(1)) {
    const keys = sample(step);
    const counts = new Map<string, number>();
    for (const k of keys) for (const key of k) if (!seen.has(key) && !key.startsWith("structure:paragraphs=")) counts.set(key, (counts.get(key) ?? 0) + 1);
    const suspicious = new Set([...counts.entries()].filter(([, c]) => c >= 2).map(([key]) => key));
    const persisting = previous ? [...previous.suspicious].filter((key) => suspicious.has(key)).sort()[0] : undefined;
    if (previous && persisting) return { alarm: true, onset_step: previous.step, viewed_steps: picks, shared_feature: persisting };
    // features suspicious here stay candidates for the next view; everything else seen becomes background
    for (const k of keys) for (const key of k) if (!suspicious.has(key)) seen.add(key);
    previous = { step, suspicious };
  }
  return { alarm: false, onset_step: null, viewed_steps: picks, shared_feature: null };
}
