// Issue 36, battery 4 (known open on v8): a first paragraph broken inside its words was read as a run of
// short title lines and left out, and a long title ending in a word cut short with a full stop was read as
// prose (both failed before the fix); a title broken inside a word stays a title (it did before, line by
// line, and must still now that a line running on into the next is read as one). src/text/markup-paratext.ts.
import { describe, expect, it } from "vitest";
import { stripParatext } from "../../src/text/markup-paratext.js";

const STORY = "The rain fell on the market all night. She waited by the door, counting the carts that passed.";

describe("paratext lines broken inside words", () => {
  it("reads a title broken inside a word at every letter as a title", () => {
    const title = "The Last Human: A World Without Us";
    for (let at = 1; at < title.length; at++) {
      if (!/\p{L}/u.test(title[at - 1]) || !/\p{Ll}/u.test(title[at])) continue;
      const broken = `**${title.slice(0, at)}\n${title.slice(at)}**`;
      expect(stripParatext(`${broken}\n\n${STORY}`), JSON.stringify(broken)).toBe(STORY);
    }
  });

  it("never reads a paragraph broken inside its words as title lines", () => {
    let k = 0;
    const broken = STORY.replace(/\p{L}{5,}/gu, (w) => `${w.slice(0, 1 + (k++ % 3))}\n${w.slice(1 + ((k - 1) % 3))}`);
    expect(broken.split("\n").length).toBeGreaterThan(6);
    expect(stripParatext(`**A Title**\n\n${broken}`)).toBe(broken);
  });

  it("reads a title whose last word is cut short with a full stop as a title, and a sentence as a sentence", () => {
    expect(stripParatext(`**The Most Powerful Civilization in the Universe Cower in Fear of Human Pop Cultu.**\n\n${STORY}`)).toBe(STORY);
    const sentence = "She ran home.";
    expect(stripParatext(`${sentence}\n\n${STORY}`)).toBe(`${sentence}\n\n${STORY}`);
  });
});
