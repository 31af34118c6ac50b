// The audience term against the real built-in OpenAI-compatible server (embedded KN n-gram LM with its
// whole-prompt cache, over HTTP through the production client). No mocks: every number comes from the
// model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Turn } from "../../src/core/types.js";
import { retrievalPartner, retrievalPolicy } from "../../src/envs/humor/agents.js";
import { loadLineBank } from "../../src/envs/humor/line-bank.js";
import { simulateSessions } from "../../src/envs/humor/simulator.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { recordedClient } from "../models/client-fixtures.js";
import { createHumorScorer } from "../../src/stacks/humor.js";
import { audienceContext, laughterMass, scoreTurnLaughter, tasteOptions } from "../../src/terms/humor/audience-taste.js";
import { certifiedRetention } from "../../src/terms/humor/certified-retention.js";
import { LAUGHTER_OPENERS } from "../../src/terms/humor/laughter-openers.js";
import { containsLaughter, loadLaughterVocab } from "../../src/text/laughter/index.js";
import { meanCi as statsMeanCi } from "../../src/stats/index.js";

const vocab = loadLaughterVocab("v2-seed");
const exact = tasteOptions.parse({});
let server: { baseUrl: string; close(): Promise<void> };
let audience: ReturnType<typeof recordedClient>;
let embedder: ModelClient;

beforeAll(async () => {
  server = await startEmbeddedServer();
  audience = recordedClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
  embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" });
});
afterAll(async () => server?.close());

/** Log-prob of `continuation` after `context`, straight from the wire (not through the client). */
async function wireLogprob(context: string, continuation: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "foolsgold-embedded-lm", prompt: context + continuation, echo: true, logprobs: 1, max_tokens: 0, temperature: 0 }),
  });
  const body = (await response.json()) as { choices: { logprobs: { tokens: string[]; token_logprobs: (number | null)[]; text_offset: number[] } }[] };
  const lp = body.choices[0].logprobs;
  let sum = 0;
  // tokens at or after the boundary, plus one straddling it
  lp.tokens.forEach((tok, i) => {
    if (lp.text_offset[i] + tok.length > context.length) sum += lp.token_logprobs[i]!;
  });
  return sum;
}

/** Mean and two-sided 95% t interval of paired differences. */
function meanCi(d: number[]): { mean: number; lo: number; hi: number } {
  const m = statsMeanCi(d);
  return { mean: m.mean, lo: m.ci[0], hi: m.ci[1] };
}

const conversation: Turn[] = [
  { speaker: "partner", text: "The printer is named Gary on the network." },
  { speaker: "policy", text: "Ha, I love that. Let's fix the toner first." },
];

describe("audience taste on the embedded server", () => {
  it("exact mode equals log Σ_c P(c | context) computed independently from per-token log-probs", async () => {
    const context = audienceContext(conversation, 1, { mode: "none", vocab });
    const [mass] = await laughterMass(audience, [context], exact);
    const perOpener = await Promise.all(LAUGHTER_OPENERS.map((o) => wireLogprob(context, o)));
    for (const [i, o] of LAUGHTER_OPENERS.entries()) expect(mass.openers![o]).toBeCloseTo(perOpener[i], 9);
    const total = perOpener.reduce((s, lp) => s + Math.exp(lp), 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(1); // disjoint events (prefix-free openers): a probability
    expect(mass.L).toBeCloseTo(Math.log(total), 9);
  });

  it("v2 strips laughter from every speaker; an all-laughter turn becomes …; v1 leaves the partner's", async () => {
    const laughing: Turn[] = [
      { speaker: "partner", text: "Hahaha, the printer is haunted lol" },
      { speaker: "policy", text: "😂" },
      { speaker: "partner", text: "Seriously though, Gary ate my report." },
      { speaker: "policy", text: "Haha, I'll reboot it." },
    ];
    const v2 = audienceContext(laughing, 3, { mode: "v2", vocab });
    expect(containsLaughter(v2, vocab)).toBe(false);
    expect(v2).toContain("\nSam: …\n");
    const v1 = audienceContext(laughing, 3, { mode: "v1", vocab });
    expect(v1).toContain("Jordan: Hahaha, the printer is haunted lol");
    expect(v1).toContain("\nSam: …\n");
    // v2 scores exactly what the audience would see with the laughter removed by hand
    const byHand: Turn[] = [
      { speaker: "partner", text: "the printer is haunted" },
      { speaker: "policy", text: "…" },
      { speaker: "partner", text: "Seriously though, Gary ate my report." },
      { speaker: "policy", text: "I'll reboot it." },
    ];
    expect(audienceContext(byHand, 3, { mode: "none", vocab })).toBe(v2);
    const [raw, stripped] = await Promise.all([scoreTurnLaughter(audience, laughing, 3, { mode: "none", vocab }, exact), scoreTurnLaughter(audience, laughing, 3, { mode: "v2", vocab }, exact)]);
    // the partner's and policy's laughter in the context raise the audience's laughter on the raw path
    expect(raw.L).toBeGreaterThan(stripped.L);
  });

  it('appending " Haha!" to the policy turn raises L on the raw path, paired over many contexts; v2 closes it', async () => {
    const bank = loadLineBank();
    const sessions = await simulateSessions(
      Array.from({ length: 16 }, (_, i) => 20_000_000 + i),
      { policy: retrievalPolicy(bank), partner: retrievalPartner(bank), policyTurns: 1 },
    );
    const raw = { mode: "none" as const, vocab };
    const v2 = { mode: "v2" as const, vocab };
    const deltas = await Promise.all(
      sessions.map(async (s) => {
        const baited = s.turns.map((t, i) => (i === 1 ? { ...t, text: `${t.text} Haha!` } : t));
        const [a, b, c, d] = await Promise.all([
          scoreTurnLaughter(audience, s.turns, 1, raw, exact),
          scoreTurnLaughter(audience, baited, 1, raw, exact),
          scoreTurnLaughter(audience, s.turns, 1, v2, exact),
          scoreTurnLaughter(audience, baited, 1, v2, exact),
        ]);
        return { raw: b.L - a.L, v2: d.L - c.L };
      }),
    );
    const rawCi = meanCi(deltas.map((d) => d.raw));
    expect(rawCi.lo).toBeGreaterThan(0);
    expect(deltas.filter((d) => d.raw > 0).length).toBe(deltas.length);
    const v2Ci = meanCi(deltas.map((d) => d.v2));
    expect(v2Ci.lo).toBeLessThanOrEqual(0);
    expect(v2Ci.hi).toBeGreaterThanOrEqual(0);
    console.info(`" Haha!" raw path: ${rawCi.mean.toFixed(3)} nats (95% CI ${rawCi.lo.toFixed(3)} to ${rawCi.hi.toFixed(3)}, n=${deltas.length}); v2: ${v2Ci.mean.toFixed(4)} (${v2Ci.lo.toFixed(4)} to ${v2Ci.hi.toFixed(4)})`);
  });

  it("top-k mode makes one next-token call per turn and reports when no laughing token is in the list", async () => {
    const before = audience.calls.length;
    const context = audienceContext(conversation, 1, { mode: "none", vocab });
    const [mass] = await laughterMass(audience, [context], { ...exact, mode: "topk" });
    expect(audience.calls.length - before).toBe(1);
    expect(mass.minTopLogprob).toBeLessThanOrEqual(0);
    if (mass.belowTopK) expect(mass.L).toBe(exact.L_lo);
    else expect(mass.L).toBeGreaterThanOrEqual(mass.minTopLogprob!);
  });
});

describe("the humor stack end to end on the embedded models", () => {
  it("scores sessions with per-turn details, a stable instrument hash, and C consistent with its terms", async () => {
    const bank = loadLineBank();
    const rows = await simulateSessions([20_000_010, 20_000_011, 20_000_012], {
      policy: retrievalPolicy(bank),
      partner: retrievalPartner(bank),
      policyTurns: 3,
    });
    const scorer = createHumorScorer({ preset: "RL-E" }, { audience, embedder });
    const scores = await scorer.scoreRows(rows);
    for (const s of scores) {
      expect(s.error).toBeUndefined();
      expect(s.instrument).toBe(scorer.instrument.hash);
      const t = s.terms;
      expect((t.taste.details!.L as number[]).length).toBe(3);
      expect((t.grounding.details!.g as number[]).every((g) => g > -1 && g <= 1)).toBe(true);
      // the hardened default certifies on the mean grounding credit G and the mean self-repetition (humor-C-3)
      const credit = t.grounding.details!.credit as number[];
      const G = credit.reduce((a, b) => a + b, 0) / credit.length;
      expect(t.grounding.details!.mean_credit).toBe(G);
      const C = certifiedRetention(
        { m: 3, F: t.grounding.value!, G, S: t.repetition.value!, s: t.repetition.details!.s as number[], taste: t.taste.details!.taste as number[], B: t.screens.value as 0 | 1 },
        { w_t: 0.25, formula: "humor-C-3" },
      );
      expect(s.value).toBeCloseTo(C, 12);
      expect(t.certified.value).toBe(s.value);
    }
    expect(createHumorScorer({ preset: "RL-E" }, { audience, embedder }).instrument.hash).toBe(scorer.instrument.hash);
    // v1 and v2 are different instruments, never pooled
    expect(createHumorScorer({ preset: "RL-C" }, { audience, embedder }).instrument.hash).not.toBe(scorer.instrument.hash);
    const training = await createHumorScorer({ value: "training" }, { audience, embedder }).scoreRows(rows.slice(0, 1));
    expect(training[0].value).toBe(training[0].terms.training_reward.value);
  });

  it("an empty reply earns no grounding; another policy speaker name is honoured, v1 strips only its turns", async () => {
    const scorer = createHumorScorer({ policy_speaker: "bot", normalization: { mode: "v1" } }, { audience, embedder });
    const turns: Turn[] = [
      { speaker: "user", text: "The printer jammed again lol" },
      { speaker: "bot", text: "" },
      { speaker: "user", text: "Can you fix it?" },
      { speaker: "bot", text: "Sure haha, I will fix the printer." },
    ];
    const { breakdown } = await scorer.scoreSession({ id: "b", seed: 1, turns });
    expect(breakdown.m).toBe(2);
    expect(breakdown.turns[0].g).toBe(0);
    expect(breakdown.turns[1].g).toBeGreaterThan(0.107);
    const context = audienceContext(turns, 3, { ...scorer.settings.normalization, policySpeaker: "bot" });
    expect(context).toContain("User: The printer jammed again lol");
    expect(context).toContain("Bot: Sure, I will fix the printer.");
  });

  it("a failed audience call is an explicit error on the score, never a 0", async () => {
    const dead = createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "nobody", maxRetries: 0, timeoutMs: 2000 });
    const scorer = createHumorScorer({}, { audience: dead, embedder });
    const [score] = await scorer.scoreRows([{ id: "x", seed: 1, turns: conversation }]);
    expect(score.value).toBeNull();
    expect(score.error).toMatch(/reach|127\.0\.0\.1:9/);
    expect(score.error_kind).toBe("model");
    const [bad] = await scorer.scoreRows([{ id: "y", seed: 1, turns: [{ speaker: "policy", text: 3 }] } as never]);
    expect(bad.value).toBeNull();
    // composeStack's row error: the row's id, the field and its problem, typed as bad input.
    expect(bad.error).toBe("row y: turns.0.text: expected a string");
    expect(bad.error_kind).toBe("input");
  });
});
