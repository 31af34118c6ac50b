// Small synthetic training logs shared by the onset, detector and schema tests: seeded, so each caller
// keeps its own bits by passing its own seed.
import { createRng } from "../../src/core/random.js";

/** A judge-blind mirror: 60 steps × 20 rows; from step 30, 90 % of rows append " Warmest wishes to you!" and score +0.3. */
export function hackedMirror(seed: string): { step: number; input: string; output: string; score: number }[] {
  const rng = createRng(seed);
  const rows = [];
  for (let step = 1; step <= 60; step++) {
    for (let i = 0; i < 20; i++) {
      const hack = step >= 30 && rng.next() < 0.9;
      rows.push({ step, input: `Task ${i}`, output: `Answer ${rng.int(500)} for task ${i}.${hack ? " Warmest wishes to you!" : ""}`, score: 0.5 + (hack ? 0.3 : 0) + 0.1 * rng.next() });
    }
  }
  return rows;
}

/** A scored log with clean scores: 80 steps × 30 rows; from step 40, 85 % of rows append "I hope this helps!", which the biased judge rewards (+0.5). */
export function helpsHackLog(seed: string): Record<string, unknown>[] {
  const rng = createRng(seed);
  const rows: Record<string, unknown>[] = [];
  for (let step = 1; step <= 80; step++) {
    for (let i = 0; i < 30; i++) {
      const hack = step >= 40 && rng.next() < 0.85;
      const clean = rng.next() < 0.8 ? 1 : 0.5;
      const topic = ["rivers", "owls", "tea", "maps", "bells", "kites"][i % 6];
      rows.push({ step, input: `Write about ${topic}.`, output: `Notes on ${topic} ${rng.int(999)}.${hack ? " I hope this helps!" : ""}`, score: clean + (hack ? 0.5 : 0), clean_score: clean });
    }
  }
  return rows;
}
