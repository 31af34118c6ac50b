// The built-in server writes a completions answer's JSON bytes directly (completionJson) instead of
// JSON.stringify of the object it used to build (completionObject: main's construction, moved, and
// what a stream still sends). These tests hold the bytes to the object's on answers made to hit every
// case where writing by hand could differ: strings JSON must escape (quotes, backslashes, controls,
// U+2028, lone surrogates), non-ASCII and astral tokens (UTF-8 lengths differ from UTF-16 ones),
// tokens an empty object already "has" (toString, __proto__), integer-like tokens that
// JSON.stringify puts first in a map, duplicate alternatives, non-finite and odd log-probs, prompts
// that share a prefix with the one before (the bytes it reuses) or differ from it at any position, in
// token, log-prob or top list, generated tokens after an echo, prompt_logprobs, and choices without
// log-probs.
import { describe, expect, it } from "vitest";
import { completionJson, completionObject, type CompletionAnswer, type CompletionChoice } from "../../src/models/embedded/completion-answer.js";
import { EMBEDDED_LM_ID } from "../../src/models/embedded/server.js";
import { loadEmbeddedLm } from "../../src/models/embedded/store.js";
import type { PromptScores, TokenScore } from "../../src/models/embedded/lm.js";
import { random } from "../helpers/mulberry32.js";

const TOKENS = [
  " the",
  "The",
  " cat",
  ".",
  " Ha",
  "ha",
  "\n",
  "\n\n",
  " ",
  "",
  '"',
  '\\"',
  "\\",
  'a"b',
  "\u0000",
  "\u001f",
  "\t",
  "\r\n",
  "\u2028",
  "\u2029",
  "\u007f",
  "\ud800",
  "\udc00",
  "x\ud83d",
  "😂",
  " 😂",
  "🇫🇷",
  "é",
  " naïve",
  "ß",
  "’",
  " don’t",
  "—",
  "…",
  "__proto__",
  "toString",
  "constructor",
  "hasOwnProperty",
  "valueOf",
  "0",
  "1",
  "42",
  "-1",
  "01",
  "1.5",
  "4294967294",
  "4294967295",
  "<|endoftext|>",
  "</s>",
  "[UNK]",
];
const LOGPROBS = [-0.1, -2.5, -13.815510557964274, -1e-7, -5e-324, -1e21, -123456789.125, -0, 0, -Infinity, Number.NaN, -0.30000000000000004, -1 / 3];

function pick<T>(rng: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)];
}

function entries(rng: () => number, n: number): TokenScore[] {
  return Array.from({ length: n }, () => ({ token: pick(rng, TOKENS), logprob: pick(rng, LOGPROBS) }));
}

/** A list of choices whose prompts often repeat the one before up to some position, and then differ in a token, a log-prob or a top list. */
function answer(seed: number): CompletionAnswer {
  const rng = random(seed);
  const k = pick(rng, [0, 0, 0, 1, 2, 5]);
  const choices: CompletionChoice[] = [];
  let before: { tokens: string[]; scores: PromptScores } | null = null;
  const count = 1 + Math.floor(rng() * 6);
  for (let c = 0; c < count; c++) {
    const length = 1 + Math.floor(rng() * 12);
    const tokens: string[] = [];
    const logprobs: number[] = [];
    const top: TokenScore[][] | null = k > 0 || rng() < 0.2 ? [] : null;
    const keep = before && rng() < 0.8 ? Math.floor(rng() * (before.tokens.length + 1)) : 0;
    for (let i = 0; i < length; i++) {
      if (before && i < keep && i < before.tokens.length) {
        // The same position as the prompt before: sometimes all the same, sometimes one part changed.
        const change = rng();
        tokens.push(change < 0.05 ? pick(rng, TOKENS) : before.tokens[i]);
        logprobs.push(change > 0.05 && change < 0.1 ? pick(rng, LOGPROBS) : before.scores.logprobs[i]);
        if (top) top.push(change > 0.1 && change < 0.15 ? entries(rng, k + 1) : (before.scores.top?.[i] ?? entries(rng, k)));
      } else {
        tokens.push(pick(rng, TOKENS));
        logprobs.push(pick(rng, LOGPROBS));
        if (top) top.push(entries(rng, Math.floor(rng() * (k + 2))));
      }
    }
    const scores: PromptScores = { tokens, logprobs, top };
    const echo = rng() < 0.85;
    const generated = rng() < 0.3 ? Array.from({ length: 1 + Math.floor(rng() * 3) }, () => ({ token: pick(rng, TOKENS), logprob: pick(rng, LOGPROBS), top: entries(rng, k + 1) })) : [];
    const text = tokens.join("") + generated.map((g) => g.token).join("");
    const promptLogprobs = rng() < 0.15 ? [null, { "17": { logprob: pick(rng, LOGPROBS), rank: 1, decoded_token: pick(rng, TOKENS) } }] : undefined;
    choices.push({
      index: c,
      text,
      finishReason: pick(rng, ["length", "stop"]),
      logprobs: rng() < 0.9 ? { k, prompt: echo ? { tokens, scores } : null, generated } : null,
      ...(promptLogprobs ? { promptLogprobs } : {}),
    });
    before = { tokens, scores };
  }
  return { id: `cmpl-${seed}`, created: 1_764_633_600 + seed, model: pick(rng, [EMBEDDED_LM_ID, 'other "model"']), choices, usage: { prompt_tokens: seed, completion_tokens: 0, total_tokens: seed } };
}

const stringified = (a: CompletionAnswer): Buffer => Buffer.from(JSON.stringify(completionObject(a)), "utf8");

describe("completionJson", () => {
  it("writes the bytes of JSON.stringify(completionObject) on 3,000 generated answers", () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const a = answer(seed);
      const written = Buffer.from(completionJson(a));
      if (!written.equals(stringified(a))) expect(written.toString("utf8"), `seed ${seed}`).toBe(stringified(a).toString("utf8"));
    }
  });

  it("writes the bytes of JSON.stringify(completionObject) for the embedded LM's echo of a context with several continuations", async () => {
    const { lm } = await loadEmbeddedLm();
    const context = "Partner: I told my cat a joke about the vacuum cleaner.\nPolicy: Did she laugh?\nPartner: She said it sucked.\nAudience:";
    for (const k of [0, 1, 3]) {
      // scoreTokens copies a shared prefix's scores (and top lists) from the prompt before: the case the writer reuses bytes for.
      const choices: CompletionChoice[] = [" Haha", " Ha ha!", " lol", " Haha", " 😂 “great”", " Ha"].map((continuation, index) => {
        const tokens = lm.tokenize(context + continuation);
        return { index, text: context + continuation, finishReason: "length", logprobs: { k, prompt: { tokens, scores: lm.scoreTokens(tokens, k) }, generated: [] } };
      });
      const a: CompletionAnswer = { id: "cmpl-x", created: 1, model: EMBEDDED_LM_ID, choices, usage: { prompt_tokens: 1, completion_tokens: 0, total_tokens: 1 } };
      expect(Buffer.from(completionJson(a)).toString("utf8")).toBe(stringified(a).toString("utf8"));
    }
  }, 60_000);
});
