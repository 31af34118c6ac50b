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

describe("normalizeDialogue: speech in any quotation style as curly double quotes", () => {
  it("rewrites guillemets, low-high quotes, corner brackets, single quotes and em-dash lines", async () => {
    const { normalizeDialogue } = await import("../../src/text/dialogue.js");
    expect(normalizeDialogue("«Non,» dit-elle. »Ja,« sagte er. „Gut“, sagte sie. ‹Oui›")).toBe("“Non,” dit-elle. “Ja,” sagte er. “Gut”, sagte sie. “Oui”");
    expect(normalizeDialogue("「はい」と言った。『いいえ』")).toBe("“はい”と言った。“いいえ”");
    expect(normalizeDialogue("'I know what you said,' she told him. 'Don't.'")).toBe("“I know what you said,” she told him. “Don't.”");
    expect(normalizeDialogue("‘I know,’ she said. The dogs’ bowls were empty.")).toBe("“I know,” she said. The dogs’ bowls were empty.");
    expect(normalizeDialogue("— Where are you going? — he asked. — Home.")).toBe("“Where are you going?” he asked. “Home.”");
  });

  it("leaves double-quoted text, apostrophes and narrative dashes alone", async () => {
    const { normalizeDialogue } = await import("../../src/text/dialogue.js");
    for (const t of ["He said \"no\" and left. It's 'fine'.", "It was the end — or so he thought.", "The dogs' bowls, the cats' beds."]) expect(normalizeDialogue(t)).toBe(t);
  });
});
