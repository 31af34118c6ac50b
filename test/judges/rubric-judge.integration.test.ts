// The rubric judge and the cherrl stack's model path against the built-in embedded LM server (a real
// n-gram LM, not a judge-quality model): this tests the plumbing and that an unparseable judgement or
// a failed call is an explicit error, never a 0.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIClient } from "../../src/models/client.js";
import { recordedClient } from "../models/client-fixtures.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { parseJudgement } from "../../src/judges/judgement-parse.js";
import { judgeWithRubric } from "../../src/judges/rubric-judge.js";
import { detectBiasWithModel } from "../../src/judges/llm-bias-detector.js";
import { getStack } from "../../src/stacks/registry.js";

let server: EmbeddedServer;

beforeAll(async () => {
  server = await startEmbeddedServer({ port: 0 });
});
afterAll(async () => {
  await server?.close();
});

const item = { input: "Write a haiku about rain.", output: "Soft rain on the roof\nthe gutters hum a low song\nnight drinks from the clouds", rubric: "A haiku (5-7-5) about rain." };

describe("rubric judge through the embedded LM", () => {
  it("returns the parsed score of the model's real reply, or an explicit parse error with the reply", async () => {
    const client = recordedClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const j = await judgeWithRubric(client, item, { maxTokens: 24 });
    expect(typeof j.reply).toBe("string");
    let expected: number | null;
    try {
      expected = parseJudgement(j.reply!).value;
    } catch {
      expected = null;
    }
    expect(j.value).toBe(expected);
    if (j.value === null) expect(j.error).toMatch(/judge reply could not be parsed/);
    expect(client.calls.length).toBe(1);
  });

  it("reports a failed call as an error, not a score", async () => {
    const dead = createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "none", maxRetries: 0, timeoutMs: 2000 });
    const j = await judgeWithRubric(dead, item);
    expect(j.value).toBeNull();
    expect(j.error).toMatch(/judge call failed/);
    const d = await detectBiasWithModel(dead, "tone", item);
    expect(d.hit).toBeNull();
    expect(d.error).toMatch(/detector call failed/);
  });

  it("the cherrl stack with the rubric judge gives a number in range or value null with an error", async () => {
    const client = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const def = getStack("cherrl");
    const scorer = await def.create(def.options.parse({ clean: "rubric", bias: "tone" }), { judge: client });
    const [score] = await scorer.scoreRows([{ id: "r1", prompt: item.input, output: `${item.output}\nI hope this helps!`, meta: { rubric: item.rubric } }]);
    if (score.value === null) {
      expect(score.error).toMatch(/r1: /);
      expect(score.terms.clean.value).toBeNull();
    } else {
      expect(score.terms.bias.value).toBe(1);
      expect(score.value).toBeCloseTo((score.terms.clean.value as number) + 0.5, 12);
    }
    expect(score.instrument).toBe(scorer.instrument.hash);
  });
});
