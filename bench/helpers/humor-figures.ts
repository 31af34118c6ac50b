// Each session's humor figures under one option set, scored `concurrency` sessions at a time (the
// humor studies compare real sessions with their twins this way).
import type { TranscriptRow } from "../../src/core/types.js";
import type { ModelClient } from "../../src/models/spec.js";
import { createHumorScorer, type HumorOptions } from "../../src/stacks/humor.js";
import { sessionFigures, type SessionFigures } from "../../src/terms/humor/twin-comparison.js";

export async function scoreAll(rows: readonly TranscriptRow[], options: HumorOptions, models: { audience: ModelClient; embedder: ModelClient }, concurrency = 4): Promise<SessionFigures[]> {
  const scorer = createHumorScorer(options, models);
  const out: SessionFigures[] = new Array(rows.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rows.length) {
        const i = next++;
        out[i] = sessionFigures((await scorer.scoreSession(rows[i])).breakdown);
      }
    }),
  );
  return out;
}
