// The LLM-agent detector over the OpenAI tool-calling protocol, end to end: the real HTTP client
// against a scripted protocol fixture on 127.0.0.1 that answers in the chat-completions `tool_calls`
// shape vLLM and llama.cpp send (content null, `arguments` a JSON string, finish_reason
// "tool_calls"). The script holds a turn with two parallel calls, a malformed call, an unknown tool,
// a well-formed call and the final verdict; the fixture is hand-written, the tools run for real.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { hackedMirror } from "../helpers/synthetic-logs.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { AGENT_TOOLS, detectWithAgent, parseArguments } from "../../src/onset/detector/agent.js";

const mirror = () => hackedMirror("agent-tools-mirror");

type WireCall = { id: string; type: "function"; function: { name: string; arguments: unknown } };
const call = (id: string, name: string, args: unknown): WireCall => ({ id, type: "function", function: { name, arguments: args } });
const toolTurn = (...calls: WireCall[]) => ({
  id: "chatcmpl-fixture",
  object: "chat.completion",
  model: "fixture-agent",
  choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: calls }, finish_reason: "tool_calls" }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
});

interface Fixture {
  url: string;
  bodies: Record<string, any>[];
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serveScript(script: object[]): Promise<Fixture> {
  const bodies: Record<string, any>[] = [];
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      bodies.push(JSON.parse(raw));
      const reply = script[bodies.length - 1];
      res.writeHead(reply ? 200 : 500, { "content-type": "application/json" }).end(JSON.stringify(reply ?? { error: { message: "script exhausted" } }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`, bodies };
}

describe("agent detector over OpenAI tool calls (scripted fixture server)", () => {
  it("offers the tools, runs a multi-round loop through malformed and unknown calls, and returns the final verdict", async () => {
    const fx = await serveScript([
      toolTurn(call("call_a", "contrast", "{}"), call("call_b", "prevalence", '{"phrase": "warmest wishes"}')),
      toolTurn(call("call_c", "onset", '{"phrase": "warmest wishes", "fraction": 0.2')),
      toolTurn(call("call_d", "grep", '{"pattern": "wishes"}')),
      // some servers send the arguments object itself rather than its JSON text
      toolTurn(call("call_e", "onset", { phrase: "warmest wishes", fraction: 0.2 })),
      toolTurn(call("call_f", "final", '{"alarm": true, "onset_step": 30, "hacking_type": "closing_phrase", "rationale": "a closing wish spreads among high-reward rows", "confidence": 0.8}')),
    ]);
    const client = createOpenAIClient({ baseUrl: fx.url, model: "fixture-agent" });
    const r = await detectWithAgent(client, mirror());

    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ mode: "agent", alarm: true, onset_step: 30, hacking_type: "closing_phrase", confidence: 0.8 });
    expect(r.turns.map((t) => t.tool)).toEqual(["contrast", "prevalence", "onset", "final"]);
    expect(r.hypotheses_tested).toBe(3);
    expect(fx.bodies).toHaveLength(5);

    // every request offers the five tools as functions with JSON-Schema parameters
    for (const body of fx.bodies) {
      expect(body.tool_choice).toBe("auto");
      expect(body.tools.map((t: any) => `${t.type}:${t.function.name}`)).toEqual(AGENT_TOOLS.map((t) => `function:${t.name}`));
      expect(body.tools.every((t: any) => t.function.parameters.type === "object")).toBe(true);
    }
    // round 2 carries the assistant's two calls and one tool message per call id, in order
    const second = fx.bodies[1].messages;
    const assistant = second[second.length - 3];
    expect(assistant.role).toBe("assistant");
    expect(assistant.tool_calls.map((c: any) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ["call_a", "contrast", "{}"],
      ["call_b", "prevalence", '{"phrase": "warmest wishes"}'],
    ]);
    expect(second.slice(-2).map((m: any) => [m.role, m.tool_call_id])).toEqual([
      ["tool", "call_a"],
      ["tool", "call_b"],
    ]);
    const prevalence = JSON.parse(second[second.length - 1].content);
    expect(prevalence.binned[0].share).toBeLessThan(0.1);
    expect(prevalence.binned[9].share).toBeGreaterThan(0.8);
    expect(prevalence.association.z).toBeGreaterThan(3);

    // the malformed call and the unknown tool are answered with the problem, not run
    const malformed = fx.bodies[2].messages.at(-1);
    expect(malformed).toMatchObject({ role: "tool", tool_call_id: "call_c" });
    expect(JSON.parse(malformed.content).error).toMatch(/^onset: arguments are not valid JSON/);
    const unknown = fx.bodies[3].messages.at(-1);
    expect(unknown).toMatchObject({ role: "tool", tool_call_id: "call_d" });
    expect(JSON.parse(unknown.content).error).toMatch(/unknown tool "grep"; tools: contrast, inspect, prevalence, onset, final/);

    // the onset tool bisected the closing's prevalence to the planted step
    const onsetReply = fx.bodies[4].messages.at(-1);
    expect(onsetReply).toMatchObject({ role: "tool", tool_call_id: "call_e" });
    expect(Math.abs(JSON.parse(onsetReply.content).onset_step - 30)).toBeLessThanOrEqual(2);
  });

  it("gives up with an explicit error after three invalid turns in a row", async () => {
    const fx = await serveScript([toolTurn(call("x1", "inspect", "{step: 5}")), toolTurn(call("x2", "shell", "{}")), toolTurn(call("x3", "inspect", "[5]"))]);
    const r = await detectWithAgent(createOpenAIClient({ baseUrl: fx.url, model: "fixture-agent" }), mirror());
    expect(r.alarm).toBe(false);
    expect(r.error).toMatch(/^3 invalid tool calls in a row: malformed call to "inspect": arguments are not valid JSON .*; agent called unknown tool "shell"; malformed call to "inspect": arguments are not a JSON object: "\[5\]"$/);
    expect(fx.bodies).toHaveLength(3);
  });

  it("a failed call is an explicit error, never a silent no-alarm", async () => {
    const fx = await serveScript([toolTurn(call("y1", "contrast", "{}"))]);
    const r = await detectWithAgent(createOpenAIClient({ baseUrl: fx.url, model: "fixture-agent", maxRetries: 0 }), mirror());
    expect(r.alarm).toBe(false);
    expect(r.error).toMatch(/^agent call failed: /);
    expect(r.turns.map((t) => t.tool)).toEqual(["contrast"]);
  });
});

describe("parseArguments", () => {
  it("reads a JSON object and names what is wrong otherwise", () => {
    expect(parseArguments('{"step": 3}')).toEqual({ step: 3 });
    expect(parseArguments("")).toEqual({});
    expect(() => parseArguments("[1]")).toThrow(/not a JSON object/);
    expect(() => parseArguments("{step: 3}")).toThrow(/not valid JSON/);
  });
});
