import { describe, expect, it } from "vitest";
import { checkGates, DEFAULT_GATE_OPTIONS, endsMidSentence, isRefusal, type GateInput } from "../../src/terms/prose/gates.js";
import { splitThinking } from "../../src/terms/prose/thinking-block.js";
import { thinkingFactor } from "../../src/terms/prose/thinking.js";
import { foreignScript } from "../../src/terms/prose/language.js";
import { stripRoleplayScaffolding } from "../../src/terms/prose/ooc.js";

const ok: GateInput = { reply: "She walked home.", words: 200, commonEnglish: 0.9, foreignLetters: 0, foreignScripts: [], thinkingProblem: null };

describe("zero-gates", () => {
  it("passes an ordinary reply and names the failing gate otherwise", () => {
    expect(checkGates(ok).failed).toBeNull();
    expect(checkGates({ ...ok, finishReason: "length" }).failed).toBe("truncated");
    expect(checkGates({ ...ok, thinkingProblem: "leaked" }).failed).toBe("thinking");
    expect(checkGates({ ...ok, reply: "I'm sorry, but I can't continue this story.", words: 9 }).failed).toBe("refusal");
    expect(checkGates({ ...ok, words: 5 }).failed).toBe("stub");
    expect(checkGates({ ...ok, words: 30, groupMedianWords: 400 }).failed).toBe("abnormally_short");
    expect(checkGates({ ...ok, foreignLetters: 12, foreignScripts: ["cjk"] }).failed).toBe("script_switch");
    expect(checkGates({ ...ok, commonEnglish: 0.3 }).failed).toBe("not_english");
  });

  it("lets a long reply that merely opens with an apology through", () => {
    expect(checkGates({ ...ok, reply: "I'm sorry, she said, and meant it.", words: 400 }).failed).toBeNull();
    expect(DEFAULT_GATE_OPTIONS.refusalMaxWords).toBeLessThan(400);
  });

  it("counts letters of scripts the prompt does not use", () => {
    expect(foreignScript("She smiled — “fine.”", "").letters).toBe(0);
    expect(foreignScript("She smiled. 我很好。", "Hello").letters).toBe(3);
    expect(foreignScript("She said 先輩 softly.", "Call me 先輩.").letters).toBe(0);
    // "Я" alone is a one-letter run and does not count; "не" and "знаю" do.
    expect(foreignScript("Я не знаю, she said.", "Hello").letters).toBe(6);
  });

  it("does not count kaomoji as a script switch", () => {
    // A lone letter among symbols is a text face, not a switch of language (HANNA human story: ಠ_ಠ, ¯\_(ツ)_/¯).
    expect(foreignScript("But I just did ಠ_ಠ ಠ_ಠ ¯\\_(ツ)_/¯ ¯\\_( ツ )_/¯ and left.", "Hello").letters).toBe(0);
    expect(foreignScript("Fine (ツ) 我很好", "Hello").letters).toBe(3);
    // Combining vowel signs continue a word: नमस्ते is 4 letters and 2 marks, one run.
    expect(foreignScript("She said नमस्ते and bowed.", "Hello").letters).toBe(4);
  });
});

describe("thinking block", () => {
  it("splits a well-formed block and accepts a template-opened one", () => {
    expect(splitThinking("<think>plan it</think>The reply.", true)).toEqual({ thinking: "plan it", reply: "The reply.", problem: null });
    expect(splitThinking("plan it</think>The reply.", true).problem).toBeNull();
  });

  it("flags missing, broken, leaked and unwanted thinking", () => {
    expect(splitThinking("The reply.", true).problem).toBe("missing");
    expect(splitThinking("<think>plan it forever", true).problem).toBe("broken");
    expect(splitThinking("<think>a</think>reply <think>b</think>", true).problem).toBe("leaked");
    expect(splitThinking("Intro <think>a</think>reply", true).problem).toBe("broken");
    expect(splitThinking("<think>a</think>The reply.", false).problem).toBe("thinking_when_off");
    expect(splitThinking("The reply.", false).problem).toBeNull();
    expect(splitThinking("The reply.", undefined).problem).toBeNull();
  });

  it("is free to 600 words and falls smoothly to 0 at 1,200", () => {
    expect(thinkingFactor(0)).toBe(1);
    expect(thinkingFactor(600)).toBe(1);
    expect(thinkingFactor(900)).toBeCloseTo(0.5, 12);
    expect(thinkingFactor(700)).toBeGreaterThan(thinkingFactor(800));
    expect(thinkingFactor(1200)).toBe(0);
    expect(thinkingFactor(5000)).toBe(0);
    // smooth: the slope vanishes at both ends
    expect(1 - thinkingFactor(601)).toBeLessThan(1e-4);
    expect(thinkingFactor(1199)).toBeLessThan(1e-4);
  });
});

describe("role-play scaffolding", () => {
  it("removes OOC notes, stat blocks and a leading speaker header", () => {
    const text = "**Aria:**\nShe drew her sword.\n(OOC: brb in 5)\nHP: 20/20 | MP: 5/10\n((lol))\nThe door creaked.";
    expect(stripRoleplayScaffolding(text)).toBe("She drew her sword.\nThe door creaked.");
  });

  it("removes a short heading line but never a story written on one line", () => {
    expect(stripRoleplayScaffolding("## Chapter One\nThe door creaked.")).toBe("The door creaked.");
    // Seen in the HANNA human stories: a heading pasted without line breaks, followed by the whole story.
    const oneLine = "# # # # Everlasting Bond “Finally having found someone to eat with, the Pasta Prince prepared a huge celebration.” Leila flipped to the next page.";
    expect(stripRoleplayScaffolding(oneLine)).toBe(oneLine);
  });

  it("leaves ordinary prose alone", () => {
    const text = "It was ten o'clock. Time: that was all she needed.";
    expect(stripRoleplayScaffolding(text)).toBe(text);
  });
});

describe("hardened gate helpers", () => {
  it("reads a refusal after leading actions or outside dialogue, not inside it", () => {
    expect(isRefusal("*She pauses.* I'm sorry, but I can't continue with this roleplay.", "start")).toBe(false);
    expect(isRefusal("*She pauses.* I'm sorry, but I can't continue with this roleplay.", "anywhere")).toBe(true);
    expect(isRefusal("She looks up. As an AI, I must keep this story appropriate.", "anywhere")).toBe(true);
    expect(isRefusal('"I\'m sorry," she whispered.', "anywhere")).toBe(false);
    expect(isRefusal('He shook his head. "I can\'t continue with this," he said.', "anywhere")).toBe(false);
    expect(isRefusal("I can't stop thinking about the sea.", "anywhere")).toBe(true); // the seed's start rule still holds
  });

  it("sees a text that stops mid-sentence", () => {
    expect(endsMidSentence("She turned and said that the")).toBe(true);
    expect(endsMidSentence("She left,")).toBe(true);
    for (const end of ["She left.", "She left!*", '"Go."', "Who knows? *grins*", "She left—", "(She left)", "Bye 👋"]) expect(endsMidSentence(end), end).toBe(false);
  });

  it("counts foreign characters one by one, spaced or not, but not in text faces", () => {
    expect(foreignScript("我 很 好 she said", "Hello").letters).toBe(0);
    expect(foreignScript("我 很 好 she said", "Hello", "characters").letters).toBe(3);
    expect(foreignScript("Я не знаю, she said.", "Hello", "characters").letters).toBe(7);
    expect(foreignScript("But I just did ಠ_ಠ ಠ_ಠ ¯\\_(ツ)_/¯ ¯\\_( ツ )_/¯ and left.", "Hello", "characters").letters).toBe(0);
    expect(foreignScript("She said 先 and 輩 softly.", "Hello", "characters").letters).toBe(0);
  });
});
