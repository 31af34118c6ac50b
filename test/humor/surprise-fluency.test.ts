// The rejected surprise gate and its fluency safeguard, kept for the audits: the gate's decision rule by
// hand, and both terms against the real embedded models (word-shuffled replies read as less fluent).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import type { Turn } from "../../src/core/types.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { audiencePrompt } from "../../src/terms/humor/audience-prompt.js";
import { fluency, fluencyOptions } from "../../src/terms/humor/fluency.js";
import { surpriseDecision, surpriseGate, surpriseOptions, surprisePrompts } from "../../src/terms/humor/surprise-gate.js";

describe("surprise gate decision", () => {
  it("passes only replies far from the ordinary prediction and closer to the twist-aware one", () => {
    expect(surpriseDecision(0.7, 0.5, { min_distance: 0.6 }).pass).toBe(true);
    expect(surpriseDecision(0.5, 0.3, { min_distance: 0.6 }).pass).toBe(false); // not far enough
    expect(surpriseDecision(0.7, 0.7, { min_distance: 0.6 }).pass).toBe(false); // not closer to the twist
    expect(surpriseDecision(0.6, 0.59, { min_distance: 0.6 }).pass).toBe(true); // boundary inclusive
  });

  it("builds the ordinary and twist-aware prompts for the replying speaker", () => {
    const p = surprisePrompts([{ speaker: "partner", text: "The printer is on fire." }], "policy");
    expect(p.ordinary.endsWith("Jordan: The printer is on fire.\nSam:")).toBe(true);
    expect(p.twist.endsWith("Jordan: The printer is on fire.\n(Sam answers with an unexpected, witty twist.)\nSam:")).toBe(true);
  });
});

describe("fluency and the surprise gate on the embedded models", () => {
  let server: { baseUrl: string; close(): Promise<void> };
  let lm: ModelClient;
  let embedder: ModelClient;
  beforeAll(async () => {
    server = await startEmbeddedServer();
    lm = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" });
  });
  afterAll(async () => server?.close());

  const context: Turn[] = [{ speaker: "partner", text: "The quarterly report is due tomorrow and nothing is finished." }];
  const replies = [
    "I know, but we can still finish it if we start right now.",
    "Then we should ask the manager for one more day.",
    "I will write the summary while you check the numbers.",
    "That is the story of my life in this office.",
    "Let me get some coffee first, and then we can talk about it.",
    "We have done worse in less time, so let us get to work.",
    "I think the first part is almost done already.",
    "Maybe we could split the work and meet again after lunch.",
  ];

  it("word-shuffled replies have a higher NLL per token than the real ones (paired)", async () => {
    const rng = createRng("fluency-test");
    const shuffled = replies.map((r) => rng.shuffle(r.replace(/[.,]/g, "").split(" ")).join(" "));
    const prompt = audiencePrompt(context).replace(/Riley:$/, "Sam:");
    const options = fluencyOptions.parse({});
    const [real, fake] = await Promise.all([
      fluency(
        lm,
        replies.map((reply) => ({ context: prompt, reply })),
        options,
      ),
      fluency(
        lm,
        shuffled.map((reply) => ({ context: prompt, reply })),
        options,
      ),
    ]);
    const higher = real.filter((r, i) => fake[i].nll > r.nll).length;
    expect(higher).toBeGreaterThanOrEqual(7); // of 8 pairs
    expect(real.every((r) => r.nll > 0 && r.tokens > 0)).toBe(true);
  });

  it("the gate predicts both continuations with the LM and measures embedding distances", async () => {
    const out = await surpriseGate(lm, embedder, context, replies[3], "policy", surpriseOptions.parse({}));
    expect(out.ordinary.length).toBeGreaterThan(0);
    expect(out.twist.length).toBeGreaterThan(0);
    for (const d of [out.dOrdinary, out.dTwist]) {
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(2);
    }
    expect(out.pass).toBe(out.dOrdinary >= 0.6 && out.dTwist < out.dOrdinary);
  });

  it("reads the reply as a reader does: invisible and fullwidth edits do not change the distances", async () => {
    const options = surpriseOptions.parse({});
    const clean = await surpriseGate(lm, embedder, context, replies[3], "policy", options);
    const hidden = replies[3].replace(/(\p{L})(\p{L})/gu, "$1\u200B$2").replace(/a/g, "ａ");
    expect(hidden).not.toBe(replies[3]);
    const edited = await surpriseGate(lm, embedder, context, hidden, "policy", options);
    expect(edited.dOrdinary).toBe(clean.dOrdinary);
    expect(edited.dTwist).toBe(clean.dTwist);
  });
});
