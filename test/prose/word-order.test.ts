// The opt-in word-order guard on the real embedded LM: fluent paragraphs keep a clear NLL gap to their
// own shuffle, word salad has none, and with the guard on the prose reward stops paying for shuffled
// words (the hole `audit --stack prose` found). Failures of the reference LM are errors, never zeros.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStackTransformAudit } from "../../src/audit/stack-transforms.js";
import { wordShuffle } from "../../src/audit/transforms.js";
import type { BankRow } from "../../src/core/types.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { getStack } from "../../src/stacks/registry.js";
import { measureWordOrder, wordOrderFactor } from "../../src/terms/prose/word-order.js";
import { PARAGRAPHS } from "./paragraphs.js";

const rows: BankRow[] = PARAGRAPHS.map((output, i) => ({ id: `p${i}`, output }));

describe("word-order guard on the embedded LM", () => {
  let server: EmbeddedServer;
  let lm: ModelClient;
  beforeAll(async () => {
    server = await startEmbeddedServer();
    lm = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
  });
  afterAll(async () => server?.close());

  it("finds a clear gap for fluent paragraphs and none for word salad", async () => {
    const real = await measureWordOrder(
      lm,
      PARAGRAPHS,
      rows.map((r) => r.id),
    );
    const salad = PARAGRAPHS.map((p, i) => wordShuffle(p, `salad-${i}`));
    const shuffled = await measureWordOrder(
      lm,
      salad,
      rows.map((r) => r.id),
    );
    console.info(`gaps real ${real.map((m) => m.gap.toFixed(2)).join(", ")}; salad ${shuffled.map((m) => m.gap.toFixed(2)).join(", ")}`);
    for (const m of real) expect(m.gap).toBeGreaterThan(0.5);
    for (const m of shuffled) expect(Math.abs(m.gap)).toBeLessThan(0.25);
    expect(real.every((m) => m.shuffledNll > m.nll)).toBe(true);
    expect(wordOrderFactor(0.25, 0.5)).toBe(0.5);
    expect([wordOrderFactor(-0.1, 0.5), wordOrderFactor(2, 0.5)]).toEqual([0, 1]);
  });

  it("closes the word-shuffle hole of the prose reward, and costs real prose nothing", async () => {
    const stack = getStack("prose");
    // The lexical stack without the hardened function-word guard (which closes the hole on its own: hardening.test.ts).
    const lexical = await stack.create(proseOptions.parse({ functionOrder: { enabled: false, free: 0.1, full: 0.25, minArticles: 8 } }), {});
    const guarded = await stack.create(proseOptions.parse({ wordOrder: { enabled: true } }), { reference: lm });
    expect(stack.rolesFor?.(proseOptions.parse({ wordOrder: { enabled: true } }))).toEqual(["reference"]);
    expect(guarded.instrument.models.reference.model).toBe("foolsgold-embedded-lm");
    const [plain, safe] = await Promise.all([runStackTransformAudit(lexical, rows, ["word-shuffle"]), runStackTransformAudit(guarded, rows, ["word-shuffle"])]);
    const change = (a: typeof plain) => a.results.find((r) => r.quantity === "reward")!.change!;
    console.info(`word shuffle, reward change: lexical ${change(plain).mean.toFixed(3)}, guarded ${change(safe).mean.toFixed(3)}`);
    expect(change(safe).ci95[1]).toBeLessThan(0);
    expect(change(safe).mean).toBeLessThan(change(plain).mean - 0.2);
    // On the real paragraphs the guard's factor is 1, so the reward is the lexical one.
    const [a, b] = [await lexical.scoreRows(rows), await guarded.scoreRows(rows)];
    b.forEach((s, i) => {
      expect(s.terms.word_order.value).toBe(1);
      expect(s.value).toBeCloseTo(a[i].value as number, 12);
    });
  });

  it("needs a reference model, and reports a failed call as an error, not a score", async () => {
    const stack = getStack("prose");
    expect(() => stack.create(proseOptions.parse({ wordOrder: { enabled: true } }), {})).toThrow(/models\.reference: the prose stack needs a model for role "reference" \(term word_order\)/);
    const broken = { ...lm, continuationLogprobs: async () => Promise.reject(new Error("connection refused")) } as ModelClient;
    const scorer = await stack.create(proseOptions.parse({ wordOrder: { enabled: true } }), { reference: broken });
    const scores = await scorer.scoreRows(rows.slice(0, 2));
    for (const s of scores) {
      expect(s.value).toBeNull();
      expect(s.error).toMatch(/^row p\d: word_order: connection refused/);
    }
  });
});
