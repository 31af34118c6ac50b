// The echo path reads an answer with its top_logprobs lists stood in for by [null] (echo-answer.ts).
// These tests hold it to JSON.parse on generated answers and on texts made to trip it: the key inside
// strings, written with escapes, or followed by lists that are not null/number maps, whitespace,
// every number form, keys JSON must escape; and they check the property the client relies on: the
// wire schema accepts the lean value exactly where it accepts the whole one, and then reads the same
// tokens, log-probs, offsets and usage.
import { describe, expect, it } from "vitest";
import { readEchoAnswer } from "../../src/models/echo-answer.js";
import { completionResponse } from "../../src/models/wire.js";
import { random } from "../helpers/mulberry32.js";

const TOKENS = [" the", "a", "", '"', "\\", '"top_logprobs":[null]', "top_logprobs", "\u0000", "\u001f", "\u2028", "\ud800", "😂", "é", "__proto__", "0", "1", "]", "[", "{", "}", ":", ","];
const NUMBERS = [-0.5, -2, 0, -0, -1e-7, -1e21, -5e-324, -123.456, 1.5, 3];

const isNumberMap = (v: unknown): boolean => v !== null && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "number");

/** What readEchoAnswer should give for a text JSON.stringify wrote: every non-empty top_logprobs list of null or number maps stood in for. */
function expected(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (key === "top_logprobs" && Array.isArray(value) && value.length > 0 && value.every((e) => e === null || isNumberMap(e))) return [null];
    return value;
  });
}

function pick<T>(rng: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)];
}

function topEntry(rng: () => number): unknown {
  const r = rng();
  if (r < 0.2) return null;
  if (r < 0.9) return Object.fromEntries(Array.from({ length: Math.floor(rng() * 3) }, () => [pick(rng, TOKENS), pick(rng, NUMBERS)]));
  // Not a number map: the list must stay as it is.
  return pick(rng, [{ token: "a", logprob: -1 }, "x", 3, [null], { a: null }]);
}

/** An echo answer in the parallel or the content shape, sometimes with stray top_logprobs keys elsewhere. */
function answer(seed: number): unknown {
  const rng = random(seed);
  const choices = Array.from({ length: 1 + Math.floor(rng() * 3) }, (_, index) => {
    const n = 1 + Math.floor(rng() * 5);
    const tokens = Array.from({ length: n }, () => pick(rng, TOKENS));
    const top = rng() < 0.1 ? [] : Array.from({ length: n }, (_, i) => (i === 0 ? null : topEntry(rng)));
    const logprobs =
      rng() < 0.8
        ? { tokens, token_logprobs: tokens.map((_, i) => (i === 0 ? null : pick(rng, NUMBERS))), top_logprobs: rng() < 0.1 ? null : top, text_offset: tokens.map((_, i) => i) }
        : { content: tokens.map((token) => ({ token, logprob: pick(rng, NUMBERS), ...(rng() < 0.7 ? { top_logprobs: rng() < 0.5 ? [{ token, logprob: -1 }] : [topEntry(rng)] } : {}) })) };
    return { index, text: tokens.join(""), logprobs, finish_reason: "length", ...(rng() < 0.2 ? { extra: { top_logprobs: [null, { a: -1 }] } } : {}) };
  });
  return { id: `cmpl-${seed}`, object: "text_completion", choices, usage: { prompt_tokens: 3 }, ...(rng() < 0.1 ? { top_logprobs: [{ x: 1 }] } : {}) };
}

const readPart = (v: unknown) => {
  const parsed = completionResponse.safeParse(v);
  if (!parsed.success) return { ok: false };
  return { ok: true, usage: parsed.data.usage, choices: parsed.data.choices.map((c) => ({ index: c.index, text: c.text, tokens: c.logprobs?.tokens, token_logprobs: c.logprobs?.token_logprobs, text_offset: c.logprobs?.text_offset })) };
};

describe("readEchoAnswer", () => {
  it("parses 3,000 generated answers as JSON.parse does, but for their top_logprobs lists of null or number maps", () => {
    let replaced = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const text = JSON.stringify(answer(seed));
      const read = readEchoAnswer(text);
      expect(read.text).toBe(text);
      expect(read.lean, `seed ${seed}`).toEqual(expected(text));
      if (JSON.stringify(read.lean) !== text) replaced++;
    }
    expect(replaced).toBeGreaterThan(1000);
  });

  it("is accepted by the wire schema exactly where the whole answer is, and reads the same tokens, log-probs, offsets and usage", () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const text = JSON.stringify(answer(seed));
      expect(readPart(readEchoAnswer(text).lean), `seed ${seed}`).toEqual(readPart(JSON.parse(text)));
    }
  });

  it("reads a top_logprobs list too long for the regex engine's stack, or with a huge key, as JSON.parse does (review: it threw RangeError)", () => {
    const entries = 1_000_000;
    const texts = [`{"top_logprobs":[${Array(entries).fill('{"a":-1,"b":-2}').join(",")}]}`, `{"top_logprobs":[{"${"a".repeat(10_000_000)}":-1}]}`];
    for (const text of texts) {
      const lean = (readEchoAnswer(text).lean as { top_logprobs: unknown[] }).top_logprobs;
      // Either stood in or parsed whole: both validate where the whole answer does.
      if (lean.length !== 1 || lean[0] !== null) expect(lean).toEqual((JSON.parse(text) as { top_logprobs: unknown[] }).top_logprobs);
    }
  });

  it("stands in only for a key followed by such a list, written without whitespace: not the key in a string, with escapes, or other values", () => {
    const cases: [string, unknown][] = [
      ['{"text":"\\"top_logprobs\\":[null,{\\"a\\":-1}]","top_logprobs":[null,{"a":-1}]}', { text: '"top_logprobs":[null,{"a":-1}]', top_logprobs: [null] }],
      ['{"top\\u005flogprobs":[null,{"a":-1}]}', { top_logprobs: [null, { a: -1 }] }],
      ['{"top_logprobs": [null,{"a":-1}]}', { top_logprobs: [null, { a: -1 }] }],
      ['{"top_logprobs":[null, {"a":-1}]}', { top_logprobs: [null, { a: -1 }] }],
      ['{"top_logprobs":[{"a": -1}]}', { top_logprobs: [{ a: -1 }] }],
      ['{"top_logprobs":[]}', { top_logprobs: [] }],
      ['{"top_logprobs":[{"a":"-1"}]}', { top_logprobs: [{ a: "-1" }] }],
      ['{"top_logprobs":[{"a":[-1]}]}', { top_logprobs: [{ a: [-1] }] }],
      ['{"top_logprobs":[{"a":-1E+3,"b":2e-2,"c":-0.0,"d":0,"e":12.5e7}],"x":1}', { top_logprobs: [null], x: 1 }],
      ['{"x\\"top_logprobs":[null,{"\\u00e9\\n":-1}]}', { 'x"top_logprobs': [null, { "é\n": -1 }] }],
      ['{"top_logprobs":{"a":-1}}', { top_logprobs: { a: -1 } }],
      ['{"top_logprobs":-1,"a":{"top_logprobs":[null,null]}}', { top_logprobs: -1, a: { top_logprobs: [null] } }],
      ['{"a":{"top_logprobs":-1},"top_logprobs":[{"top_logprobs":-2}]}', { a: { top_logprobs: -1 }, top_logprobs: [null] }],
    ];
    for (const [text, lean] of cases) {
      expect(JSON.parse(text), text).toBeDefined();
      expect(readEchoAnswer(text).lean, text).toEqual(lean);
    }
  });

  it("parses as JSON.parse does where a list is almost, but not, JSON: no stand-in, and its error where the text is not JSON", () => {
    for (const text of ['{"top_logprobs":[{"a":-01}]}', '{"top_logprobs":[{"a":-1.}]}', '{"top_logprobs":[{"a":1e}]}', '{"top_logprobs":[{"a\\x":1}]}', '{"top_logprobs":[{"a":-1},]}']) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      expect(() => readEchoAnswer(text), text).toThrow(SyntaxError);
    }
  });

  it("throws JSON.parse's own error for a text that is not JSON, wherever the fault is", () => {
    const texts = ['{"top_logprobs":[null]', '{"top_logprobs":[null]]', '{"a":"top_logprobs":[null]}', '["top_logprobs":[null]]', '{"top_logprobs":[null],}', "", '{"a\\"top_logprobs":[null]'];
    for (const text of texts) {
      let expectedError: unknown;
      try {
        JSON.parse(text);
      } catch (err) {
        expectedError = err;
      }
      expect(expectedError, text).toBeInstanceOf(SyntaxError);
      expect(() => readEchoAnswer(text), text).toThrow((expectedError as Error).message);
    }
  });
});
