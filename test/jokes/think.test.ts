import { describe, expect, it } from "vitest";
import { parseCompletion } from "../../src/terms/vrcli/think.js";

describe("parseCompletion", () => {
  it("splits a well-formed completion into trimmed reasoning and answer", () => {
    expect(parseCompletion("<think>\n herd means group \n</think>\n\nBeef strokin off!")).toEqual({
      ok: true,
      reasoning: "herd means group",
      answer: "Beef strokin off!",
    });
  });

  it("names each broken shape", () => {
    expect(parseCompletion("Beef!")).toMatchObject({ ok: false, problem: "missing", answer: "Beef!" });
    expect(parseCompletion("<think>still thinking when max_tokens hit")).toMatchObject({ ok: false, problem: "unclosed" });
    expect(parseCompletion("<think>a <think>b</think> c</think> Beef")).toMatchObject({ ok: false, problem: "nested" });
    expect(parseCompletion("<think>a</think> x <think>b</think> Beef")).toMatchObject({ ok: false, problem: "multiple", answer: "Beef" });
    expect(parseCompletion("<think>a</think> Beef</think>")).toMatchObject({ ok: false, problem: "multiple" });
    expect(parseCompletion("<think> \n\t </think> Beef")).toMatchObject({ ok: false, problem: "empty", answer: "Beef" });
    expect(parseCompletion("</think> oops <think>x")).toMatchObject({ ok: false, problem: "unopened" });
  });

  it("treats a missing opening tag as broken unless implicitOpen is set", () => {
    const text = "the pun is on herd\n</think>\nBeef!";
    expect(parseCompletion(text)).toMatchObject({ ok: false, problem: "unopened", answer: "Beef!" });
    expect(parseCompletion(text, { implicitOpen: true })).toEqual({ ok: true, reasoning: "the pun is on herd", answer: "Beef!" });
    expect(parseCompletion("a</think>b</think>c", { implicitOpen: true })).toMatchObject({ ok: false, problem: "multiple" });
  });

  it("keeps a completion with reasoning but no punchline usable (the reward scores the reasoning only)", () => {
    expect(parseCompletion("<think>idea</think>")).toEqual({ ok: true, reasoning: "idea", answer: "" });
  });
});
