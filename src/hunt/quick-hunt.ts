// The demo's closing hunt: a few laughter cues from the grammar against the humor stack's defaults on
// two of the demo's contexts, with a small budget so the demo stays quick. `foolsgold hunt` is the full one.
import type { TranscriptRow } from "../core/types.js";
import { contextsFromTranscripts } from "../audit/contexts.js";
import { createHumorScorer, humorStack } from "../stacks/humor.js";
import type { ModelRoles } from "../stacks/types.js";
import { huntStack, type HuntReport } from "./index.js";

export async function quickHunt(roles: ModelRoles, bank: readonly TranscriptRow[], budget = 60): Promise<HuntReport> {
  const rows = contextsFromTranscripts(bank, 2).map((c, i) => ({ id: c.id, seed: i, turns: c.turns }));
  const scorer = createHumorScorer({}, roles);
  return huntStack({ scorer: scorer as never, rows, capabilities: humorStack.capabilities, budget, seed: 0, families: ["laughter"], screenRows: 1, confirmRows: 2, maxPerClass: 1, ablationShare: 0 });
}
