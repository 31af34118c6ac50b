// The LLM-agent mode: its tool loop with a scripted protocol fixture (a fixed sequence of JSON tool
// calls, as a real agent model would send), and against the built-in embedded LM, whose free text is
// not a tool call, which must end as an explicit error, never a silent verdict.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hackedMirror } from "../helpers/synthetic-logs.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import type { ChatRequest, ModelClient } from "../../src/models/spec.js";
import { recordedClient } from "../models/client-fixtures.js";
import { detectWithAgent } from "../../src/onset/detector/agent.js";

const mirror = () => hackedMirror("agent-mirror");

function scripted(replies: string[]): ModelClient & { seen: ChatRequest[] } {
  const seen: ChatRequest[] = [];
  return {
    spec: { baseUrl: "fixture://agent", model: "scripted" },
    seen,
    chat: async (req: ChatRequest) => {
      seen.push(req);
      return { choices: [{ text: replies[seen.length - 1] ?? "", finishReason: "stop" }] };
    },
    complete: async () => {
      throw new Error("unused");
    },
    topLogprobs: async () => {
      throw new Error("unused");
    },
    continuationLogprobs: async () => {
      throw new Error("unused");
    },
    embed: async () => {
      throw new Error("unused");
    },
  } as ModelClient & { seen: ChatRequest[] };
}

describe("agent tool loop (protocol fixture)", () => {
  it("runs the tools on the mirror and returns the agent's final verdict", async () => {
    const client = scripted([
      '{"tool":"contrast","args":{}}',
      '{"tool":"prevalence","args":{"phrase":"warmest wishes"}}',
      '{"tool":"onset","args":{"phrase":"warmest wishes","fraction":0.2}}',
      '{"tool":"final","args":{"alarm":true,"onset_step":30,"hacking_type":"closing_phrase","rationale":"closing rises","confidence":0.8}}',
    ]);
    const r = await detectWithAgent(client, mirror());
    expect(r.error).toBeUndefined();
    expect(r.alarm).toBe(true);
    expect(r.onset_step).toBe(30);
    expect(r.turns.map((t) => t.tool)).toEqual(["contrast", "prevalence", "onset", "final"]);
    const onsetResult = client.seen[3].messages[client.seen[3].messages.length - 1].content;
    const found = JSON.parse(onsetResult.replace(/^Result of onset: /, "")).onset_step;
    expect(Math.abs(found - 30)).toBeLessThanOrEqual(2);
  });

  it("an unknown tool or exhausted budget is an explicit error", async () => {
    expect((await detectWithAgent(scripted(['{"tool":"rm","args":{}}']), mirror())).error).toMatch(/unknown tool "rm"/);
    expect((await detectWithAgent(scripted(Array(3).fill('{"tool":"inspect","args":{"step":5}}')), mirror(), { maxTurns: 3 })).error).toMatch(/no final answer within 3/);
  });
});

describe("agent mode against the embedded LM", () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("ends with an explicit protocol error when the model's reply is not a tool call", async () => {
    const client = recordedClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const r = await detectWithAgent(client, mirror(), { maxTurns: 2 });
    if (r.error) {
      expect(r.alarm).toBe(false);
      expect(r.error).toMatch(/not a JSON tool call|not valid JSON|no string `tool`|unknown tool|no final answer/);
    } else {
      expect(r.turns.at(-1)?.tool).toBe("final");
    }
    expect(client.calls.length).toBeGreaterThanOrEqual(1);
  });
});
