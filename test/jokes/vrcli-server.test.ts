// The VR-CLI reward against the real built-in LM server, recomputed by hand from the per-token
// log-probs its echo returns: the three alignment cases (first token counts, no join artefact,
// one-token punchline), batching per group, and explicit errors when the reference fails.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIClient } from "../../src/models/client.js";
import { EMBEDDED_LM_ID } from "../../src/models/embedded/server.js";
import { scoreVrcli } from "../../src/terms/vrcli/term.js";
import { baseContext, plusContext, punchlineContinuation } from "../../src/terms/vrcli/template.js";
import { checkedPunchlineLogprobs } from "../../src/terms/vrcli/alignment.js";
import { echo, startEmbeddedModels, type EmbeddedModels } from "./embedded.js";

let models: EmbeddedModels;
beforeAll(async () => {
  models = await startEmbeddedModels();
});
afterAll(async () => {
  await models?.server.close();
});

/** By hand: the tokens of the echo from the boundary on, their mean log-prob, exp(−mean). */
async function handPerplexity(context: string, continuation: string): Promise<{ ppl: number; tokens: string[]; logprobs: number[]; firstOffset: number }> {
  const e = await echo(models.server.baseUrl, context + continuation);
  const tokens: string[] = [];
  const logprobs: number[] = [];
  let firstOffset = -1;
  for (let i = 0; i < e.tokens.length; i++) {
    const end = i + 1 < e.tokens.length ? e.text_offset[i + 1] : context.length + continuation.length;
    if (end <= context.length) continue;
    if (firstOffset < 0) firstOffset = e.text_offset[i];
    tokens.push(e.tokens[i]);
    logprobs.push(e.token_logprobs[i] as number);
  }
  const mean = logprobs.reduce((a, b) => a + b, 0) / logprobs.length;
  return { ppl: Math.exp(-mean), tokens, logprobs, firstOffset };
}

const setup = "What do you call a herd of cows that tell jokes?";
const punchline = "Laughing stock.";
const reasoning = "A herd of cattle is livestock; jokes make people laugh, so laughing stock.";

describe("VR-CLI reward by hand from the built-in server's per-token log-probs", () => {
  it("matches max(0, (base − plus)/base) computed from echo log-probs", async () => {
    const base = await handPerplexity(baseContext(setup), punchlineContinuation(punchline));
    const plus = await handPerplexity(plusContext(setup, reasoning), punchlineContinuation(punchline));
    const [outcome] = await scoreVrcli(models.reference, [{ setup, punchline, completion: `<think>${reasoning}</think> Laughing stock!` }]);
    expect(outcome.error).toBeUndefined();
    expect(outcome.details.base_perplexity).toBeCloseTo(base.ppl, 9);
    expect(outcome.details.plus_perplexity).toBeCloseTo(plus.ppl, 9);
    expect(outcome.value).toBeCloseTo(Math.max(0, (base.ppl - plus.ppl) / base.ppl), 12);
    // The reasoning names "laughing" and "stock": the whole-prompt cache makes the punchline likelier.
    expect(plus.ppl).toBeLessThan(base.ppl);
    expect(outcome.value).toBeGreaterThan(0);
  });

  it("gives the worked example printed in docs/vrcli.md", async () => {
    const doc = readFileSync(resolve(import.meta.dirname, "../../docs/vrcli.md"), "utf8").replace(/\s+/g, " ");
    const m = doc.match(/base perplexity ([\d.]+); with reasoning "([^"]+)" plus = ([\d.]+), reward ([\d.]+); with the unrelated reasoning "([^"]+)" plus = ([\d.]+), reward ([\d.]+)/);
    expect(m).not.toBeNull();
    const [, base, related, plusRelated, rewardRelated, unrelated, plusUnrelated, rewardUnrelated] = m!;
    const [a, b] = await scoreVrcli(models.reference, [
      { setup, punchline, completion: `<think>${related}</think>` },
      { setup, punchline, completion: `<think>${unrelated}</think>` },
    ]);
    expect(a.details.base_perplexity!.toFixed(1)).toBe(base);
    expect(a.details.plus_perplexity!.toFixed(1)).toBe(plusRelated);
    expect(a.value!.toFixed(3)).toBe(rewardRelated);
    expect(b.details.plus_perplexity!.toFixed(1)).toBe(plusUnrelated);
    expect(String(b.value)).toBe(rewardUnrelated);
  });

  it("counts the first punchline token (the seed's lp[:, p_len:] slice dropped it)", async () => {
    const context = baseContext(setup);
    const hand = await handPerplexity(context, punchlineContinuation(punchline));
    expect(hand.tokens).toEqual([" Laughing", " stock", "."]);
    expect(hand.firstOffset).toBe(context.length);
    const [outcome] = await scoreVrcli(models.reference, [{ setup, punchline, completion: `<think>${reasoning}</think>` }]);
    expect(outcome.details.punchline_tokens).toBe(3);
    const withoutFirst = Math.exp(-(hand.logprobs[1] + hand.logprobs[2]) / 2);
    expect(outcome.details.base_perplexity).toBeCloseTo(hand.ppl, 9);
    expect(Math.abs(outcome.details.base_perplexity! - withoutFirst)).toBeGreaterThan(1);
  });

  it("has no join artefact: context and punchline meet at a token boundary, unlike the seed's space-less join", async () => {
    const context = baseContext(setup);
    const ours = await echo(models.server.baseUrl, context + punchlineContinuation(punchline));
    const boundaryToken = ours.text_offset.indexOf(context.length);
    expect(boundaryToken).toBeGreaterThan(0);
    expect(ours.tokens[boundaryToken]).toBe(" Laughing");
    // The seed appended the gold with no space: "Answer:Laughing" — a token the LM rarely sees after ":".
    const seed = await handPerplexity(context, punchline);
    expect(seed.tokens[0]).toBe("Laughing");
    const ours1 = await handPerplexity(context, punchlineContinuation(punchline));
    expect(seed.logprobs[0]).toBeLessThan(ours1.logprobs[0]);
  });

  it("gives a token straddling the boundary to the punchline (context ending inside a word)", async () => {
    const client = models.client();
    const context = "Question: Why?\nAnswer: Laugh";
    const [result] = await client.continuationLogprobs([{ context, continuation: "ing stock." }]);
    const hand = await handPerplexity(context, "ing stock.");
    expect(result.tokens[0].offset).toBeLessThan(context.length);
    expect(result.tokens.map((t) => t.token)).toEqual(hand.tokens);
    expect(checkedPunchlineLogprobs(result, context).logprobs).toEqual(hand.logprobs);
  });

  it("defines the perplexity of a one-token punchline as exp(−log-prob of that token)", async () => {
    const s = "How did I escape Iraq?";
    const hand = await handPerplexity(baseContext(s), punchlineContinuation("Iran"));
    expect(hand.tokens).toEqual([" Iran"]);
    const [outcome] = await scoreVrcli(models.reference, [{ setup: s, punchline: "Iran", completion: "<think>Iraq and Iran differ by one letter.</think> Iran" }]);
    expect(outcome.details.punchline_tokens).toBe(1);
    expect(outcome.details.base_perplexity).toBeCloseTo(Math.exp(-hand.logprobs[0]), 9);
    expect(Number.isFinite(outcome.value)).toBe(true);
  });
});

describe("batching and failures", () => {
  it("scores a group of 8 with distinct reasonings in one HTTP request (base shared, prompts batched)", async () => {
    let requests = 0;
    const proxy = createServer(async (req, res) => {
      requests++;
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(models.server.baseUrl.replace(/\/v1$/, "") + req.url, { method: req.method, headers: { "content-type": "application/json" }, body: req.method === "POST" ? Buffer.concat(chunks) : undefined });
      res.writeHead(upstream.status, { "content-type": "application/json" }).end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    try {
      const port = (proxy.address() as AddressInfo).port;
      const client = createOpenAIClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: EMBEDDED_LM_ID });
      const completions = Array.from({ length: 8 }, (_, i) => `<think>${reasoning} Variant ${i}.</think> A stock.`);
      const outcomes = await scoreVrcli(
        client,
        completions.map((completion) => ({ setup, punchline, completion })),
      );
      expect(outcomes.every((o) => typeof o.value === "number" && o.value >= 0)).toBe(true);
      expect(requests).toBeLessThanOrEqual(2);
      expect(requests).toBeGreaterThan(0);
    } finally {
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });

  it("sends the base context once per joke and each distinct reasoning once", async () => {
    const client = models.client();
    const same = `<think>${reasoning}</think> A stock.`;
    const completions = [same, same, same, "<think>cows moo</think> Moo.", "<think>cows moo</think> Moo!", "<think>herds</think>", "no tags at all", "<think></think> empty"];
    const outcomes = await scoreVrcli(
      client,
      completions.map((completion) => ({ setup, punchline, completion })),
    );
    const sent = client.calls.filter((c) => !c.cached);
    expect(sent).toHaveLength(1);
    expect(sent[0].params).toMatchObject({ n: 1 + 3 });
    expect(outcomes.map((o) => o.value === -1)).toEqual([false, false, false, false, false, false, true, true]);
    expect(outcomes[6].details.reasoning_problem).toBe("missing");
    expect(outcomes[7].details.reasoning_problem).toBe("empty");
    expect(outcomes[0].value).toBe(outcomes[1].value);
    expect(outcomes[3].value).toBe(outcomes[4].value);
  });

  it("fails only the row whose request is bad (a lone surrogate in the reasoning), scoring the rest", async () => {
    const outcomes = await scoreVrcli(models.client(), [
      { setup, punchline, completion: `<think>${reasoning}</think>` },
      { setup, punchline, completion: "<think>broken \uD800 text</think>" },
    ]);
    expect(outcomes[0].value).toBeGreaterThan(0);
    expect(outcomes[1].value).toBeNull();
    expect(outcomes[1].error).toMatch(/reference \(plus context\)/);
  });

  it("reports an unreachable reference as value null with an error, never 0, and still scores broken reasoning −1", async () => {
    const dead = createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: EMBEDDED_LM_ID, maxRetries: 0, timeoutMs: 2000 });
    const outcomes = await scoreVrcli(dead, [
      { setup, punchline, completion: `<think>${reasoning}</think>` },
      { setup, punchline, completion: "no reasoning" },
    ]);
    expect(outcomes[0].value).toBeNull();
    expect(outcomes[0].error).toMatch(/reference \(base context\): .*cannot reach/);
    expect(outcomes[1]).toMatchObject({ value: -1, details: { reasoning_problem: "missing" } });
  });
});
