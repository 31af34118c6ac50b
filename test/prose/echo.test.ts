import { describe, expect, it } from "vitest";
import { echoFactor, findEchoes, normalizeLine, requestedLines, SEED_ECHO_OPTIONS } from "../../src/terms/prose/echo.js";

const types = (reply: string, user: string, names?: string[]) => findEchoes(reply, user, new Set(names ?? [])).map((h) => h.type);

describe("echo detection", () => {
  it("normalizes stutters, stretched letters, contractions and I/you", () => {
    expect(normalizeLine("I-I'm sooo sorry").raw).toEqual(["i", "am", "so", "sorry"]);
    expect(normalizeLine("You're crazy").unified).toEqual(normalizeLine("I'm crazy").unified);
    expect(normalizeLine("w-what do you mean").raw).toEqual(["what", "do", "you", "mean"]);
  });

  it("finds each echo type", () => {
    expect(types('"The storm is coming tonight," she said.', "The storm is coming tonight.")).toEqual(["verbatim"]);
    expect(types('"I\'m crazy?" she asked, laughing.', "You're crazy.")).toEqual(["question_back"]);
    expect(types('"I am crazy, and proud of it."', "You are crazy.")).toEqual(["pronoun_flipped"]);
    expect(types('"The old lighthouse keeper knew," he said.', "I think the old lighthouse keeper lied to us about the ship.")).toEqual(["partial"]);
    expect(types("She froze. *The storm is coming tonight.* She ran.", "The storm is coming tonight.")).toEqual(["italic_thought"]);
  });

  it("keeps every part of a token with many apostrophe parts, wherever it falls in a long line", () => {
    const user = "hello there. would go.";
    const tail = "x'd'd'd'd'd'd'd'd'd'd'd'd'd'd go";
    expect(types(`"${tail}"`, user)).toEqual(["verbatim"]);
    // Near the end of the screen's first buffer its parts were written past it and lost (review finding).
    expect(types(`"${"zz ".repeat(247)}${tail}"`, user)).toEqual(["verbatim"]);
  });

  it("reads the word `constructor` as any content word (it made the partial check throw, failing the call's echo)", () => {
    expect(types('"We fix the constructor tonight," she said.', "We must fix the constructor tonight before it breaks.")).toEqual(["partial"]);
  });

  it("ignores character names and titles", () => {
    // Without name removal "Marcus Aurelius Blackwood" would be a distinctive shared 3-word run.
    expect(types('"Marcus Aurelius Blackwood is dead," she said.', "I saw Marcus Aurelius Blackwood yesterday.")).toEqual([]);
    expect(types('"The queen is dead," she said.', "I saw the queen is dead yesterday.")).toEqual(["partial"]);
    expect(types('"Yes, Captain."', "Yes, sir.")).toEqual([]);
  });

  it("ignores lines the user asked for", () => {
    expect(requestedLines('Say "I surrender to the queen" and kneel.')).toEqual(["I surrender to the queen"]);
    expect(types('"I surrender to the queen," he said, kneeling.', 'Say "I surrender to the queen" and kneel.')).toEqual([]);
  });

  it("ignores stock replies", () => {
    expect(types('"I love you too," she whispered.', "I love you.")).toEqual([]);
    expect(types('"Thank you."', "Thank you.")).toEqual([]);
  });

  it("does not flag fresh dialogue", () => {
    expect(types('"Then we leave at dawn," she said.', "The storm is coming tonight.")).toEqual([]);
  });

  it("penalizes only the types the model overuses", () => {
    const hits = [
      { type: "verbatim" as const, line: "x" },
      { type: "partial" as const, line: "y" },
    ];
    expect(echoFactor(hits, { verbatim: 0.15, partial: 0 })).toBeCloseTo(0.85, 12);
    expect(echoFactor([], { verbatim: 0.15 })).toBe(1);
  });

  it('does not read a stock phrase as a partial echo: "I don\'t know either" (seed preset: it did)', () => {
    const user = "I don't know what to do.";
    expect(types('"I don\'t know either," she admitted.', user)).toEqual([]);
    expect(findEchoes('"I don\'t know either," she admitted.', user, new Set(), SEED_ECHO_OPTIONS).map((h) => h.type)).toEqual(["partial"]);
  });

  it("catches an inverted italic thought: *Am I a coward?* (seed preset: missed)", () => {
    const user = "You're a coward.";
    expect(types("She flinched. *Am I a coward?* She did not answer him.", user)).toEqual(["italic_thought"]);
    expect(types('"Am I a coward?" she asked.', user)).toEqual(["question_back"]);
    expect(findEchoes("She flinched. *Am I a coward?* She did not answer him.", user, new Set(), SEED_ECHO_OPTIONS)).toEqual([]);
  });
});
