// The grounding validation of issue #22 in small (the full run is bench/studies/humor-grounding.ts): hand-written
// on-topic office conversations against twins whose policy replies are off-topic, scored by the humor
// stack on the embedded models. The hardened default must prefer the real conversation in both the
// training reward and C; the seed profile's credit gives full marks to any reply above the floor.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TranscriptRow } from "../../src/core/types.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { createHumorScorer, type HumorOptions } from "../../src/stacks/humor.js";
import { compareTwins, sessionFigures } from "../../src/terms/humor/twin-comparison.js";

const bank: TranscriptRow[] = readFileSync(new URL("./fixtures/office-bank.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
const OFF_TOPIC = ["My cat learned to open the fridge last night.", "Have you ever tried making sourdough at home?", "The weather in Lisbon is lovely this time of year."];
// office-5 without its CJK screen failure, so that the twins differ only in what the replies are about
const real = bank.filter((r) => ["office-1", "office-5"].includes(r.id)).map((r) => ({ ...r, turns: r.turns.map((t) => ({ ...t, text: t.text.replace("好的, the", "The") })) }));
const swapped = real.map((r) => {
  let k = 0;
  return { ...r, id: `${r.id}:swapped`, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, text: OFF_TOPIC[k++] } : t)) };
});

let server: { baseUrl: string; close(): Promise<void> };
let roles: { audience: ModelClient; embedder: ModelClient };
beforeAll(async () => {
  server = await startEmbeddedServer();
  roles = {
    audience: createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" }),
    embedder: createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" }),
  };
});
afterAll(async () => server?.close());

async function compare(options: HumorOptions) {
  // top-k taste: one audience request per turn keeps the test fast; grounding is what is under test
  const scorer = createHumorScorer({ ...options, taste: { mode: "topk" } }, roles);
  const figures = async (rows: TranscriptRow[]) => Promise.all(rows.map(async (r) => sessionFigures((await scorer.scoreSession(r)).breakdown)));
  return compareTwins(await figures(real), await figures(swapped));
}

describe("real vs off-topic replies on the embedded models", () => {
  it("the hardened default pays on-topic replies more, in the reward and in C; the seed profile barely does", async () => {
    const hardened = await compare({});
    const seed = await compare({ profile: "seed" });
    expect(hardened.n).toBe(2);
    // USE-lite still finds the off-topic replies somewhat similar (g above the floor), so F cannot tell
    expect(hardened.scores.meanG.real).toBeGreaterThan(hardened.scores.meanG.twin);
    for (const key of ["trainingReward", "C"] as const) {
      expect(hardened.scores[key].real - hardened.scores[key].twin, key).toBeGreaterThan(0.05);
      expect(hardened.scores[key].delta, key).toBeGreaterThan(seed.scores[key].delta + 0.03);
    }
    expect(hardened.scores.C.delta).toBeGreaterThan(0.2);
    // the seed's reward hardly moves (measured +0.009): every reply but one clears the floor
    expect(Math.abs(seed.scores.trainingReward.delta)).toBeLessThan(0.02);
  });
});
