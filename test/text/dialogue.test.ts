import { describe, expect, it } from "vitest";
import { splitDialogue } from "../../src/text/dialogue.js";

describe("splitDialogue", () => {
  it("separates curly-quoted dialogue from narration", () => {
    const r = splitDialogue("“Hi,” she said. He nodded. “Coffee?”");
    expect(r.dialogue).toEqual(["Hi,", "Coffee?"]);
    expect(r.narration).toBe("she said. He nodded.");
    expect(r.italics).toEqual([]);
  });
  it("handles straight quotes and a quote split by a tag", () => {
    const r = splitDialogue('"Go," he said, "now." She went.');
    expect(r.dialogue).toEqual(["Go,", "now."]);
    expect(r.narration).toBe("he said, She went.");
  });
  it("reports *italic thoughts* and _italics_ and keeps their words in the narration", () => {
    const r = splitDialogue("She paused. *Not again.* The _door_ creaked. **Bold** stays.");
    expect(r.italics).toEqual(["Not again.", "door"]);
    expect(r.narration).toBe("She paused. Not again. The door creaked. **Bold** stays.");
  });
  it("runs an unclosed straight quote to the end of its paragraph", () => {
    const r = splitDialogue('"I never liked him.\n\nHe left at dawn.');
    expect(r.dialogue).toEqual(["I never liked him."]);
    expect(r.narration).toBe("He left at dawn.");
  });
  it("reads British single quotes only when there are no double quotes, never apostrophes", () => {
    const r = splitDialogue("‘Come in,’ said the dogs’ owner. Don’t wait.");
    expect(r.dialogue).toEqual(["Come in,"]);
    expect(r.narration).toBe("said the dogs’ owner. Don’t wait.");
  });
  it("handles guillemets and corner brackets", () => {
    expect(splitDialogue("«Bonjour» dit-il. 「はい」").dialogue).toEqual(["Bonjour", "はい"]);
  });
  it("keeps narration-only text intact", () => {
    expect(splitDialogue("The printer jammed again.")).toEqual({ dialogue: [], narration: "The printer jammed again.", italics: [] });
  });
});
