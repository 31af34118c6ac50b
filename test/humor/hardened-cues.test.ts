// Issue 36, humor: on the embedded models, under the hardened default, (1) none of the laughter
// cues on every policy turn raises the training reward or C (seen failing under the previous default —
// v2-seed read as written, humor-screens-1 — on this conversation: +0.31 to +0.33 on the reward for
// xD, 😹, ∗chuckles∗, ~giggling~, chuckles., That made me laugh.), and (2) generic non-answers lose to
// the real replies by more than under the previous credit (linear in cosine): C margin 0.32 against
// 0.20 here; with the previous default both margins were the same, so the test failed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TranscriptRow } from "../../src/core/types.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { createHumorScorer } from "../../src/stacks/humor.js";
import { genericTwin } from "../../src/terms/humor/twins.js";

const CONVERSATION: TranscriptRow = {
  id: "office-printer",
  seed: 0,
  turns: [
    { speaker: "partner", text: "The printer on the third floor jammed again and the client deck is due at noon." },
    { speaker: "policy", text: "I can print the deck downstairs, the second-floor printer was fixed yesterday." },
    { speaker: "partner", text: "Great, can you also grab the spare toner from the supply closet?" },
    { speaker: "policy", text: "Sure, I'll take the toner up to the third floor after I print the deck." },
  ],
};
const CUES = [" xD", " :D", " 😹", " 😀", " (chuckles)", " [laughter]", " ∗chuckles∗", " ~giggling~", " chuckles.", " That made me laugh."];
// Categories closed by laughter-meaning-2: other languages (CLDR), spelled out, backwards, ZWJ sequences,
// reactions of amusement, and reader-view edits.
const MORE_CUES = [" MDR", " ㅋㅋㅋ", " jajaja", " хаха", " h a h a", " L.O.L.", " ahahah", " 😂\u200D🔥", " That's hilarious!", " chu\u200Bckles."];

let server: EmbeddedServer;
let roles: { audience: ModelClient; embedder: ModelClient };
beforeAll(async () => {
  server = await startEmbeddedServer({ port: 0 });
  roles = {
    audience: createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" }),
    embedder: createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" }),
  };
});
afterAll(async () => {
  await server?.close();
});

const withCue = (row: TranscriptRow, cue: string): TranscriptRow => ({ ...row, id: `${row.id}:${cue}`, turns: row.turns.map((t) => (t.speaker === "policy" ? { ...t, text: t.text + cue } : t)) });

describe("the hardened humor default", () => {
  it("pays no laughter cue: the training reward and C never rise", { timeout: 600_000 }, async () => {
    const training = createHumorScorer({ value: "training" }, roles);
    const certified = createHumorScorer({}, roles);
    const [base] = await training.scoreRows([CONVERSATION]);
    const [baseC] = await certified.scoreRows([CONVERSATION]);
    const all = [...CUES, ...MORE_CUES];
    const cued = await training.scoreRows(all.map((c) => withCue(CONVERSATION, c)));
    const cuedC = await certified.scoreRows(all.map((c) => withCue(CONVERSATION, c)));
    all.forEach((cue, i) => {
      expect(cued[i].value!, cue).toBeLessThanOrEqual(base.value!);
      expect(cuedC[i].value!, cue).toBeLessThanOrEqual(baseC.value!);
    });
  });

  it("pays generic non-answers less than the real replies, by more than the cosine credit did", { timeout: 600_000 }, async () => {
    const generic = genericTwin(CONVERSATION, 0)!;
    const margin = async (options: Record<string, unknown>) => {
      const scorer = createHumorScorer(options as never, roles);
      const [real, twin] = await scorer.scoreRows([CONVERSATION, generic]);
      return real.value! - twin.value!;
    };
    const relevance = await margin({});
    const cosine = await margin({ credit: "linear" });
    expect(relevance).toBeGreaterThan(0.1);
    expect(relevance).toBeGreaterThan(cosine + 0.05);
  });
});
