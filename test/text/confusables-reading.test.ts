// Issue 36: every confusable of one ASCII letter in UTS #39's data (unhomoglyph's confusables.txt, Unicode
// 13.0), whatever its category (a letter of any script, a mathematical or fullwidth form, a digit, a
// symbol, a punctuation mark), written for that letter inside a priced word, is read as the priced word by
// the default reading (the reader's view, the orthography reading and the spelling reading together).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { readReply } from "../../src/terms/prose/read.js";
import { costlyWords } from "../../src/text/spelling.js";

const require = createRequire(import.meta.url);
const CONFUSABLES = require("unhomoglyph/data.json") as Record<string, string>;

describe("every one-letter confusable of the UTS #39 data, inside a priced word", () => {
  it("is read as the priced word", () => {
    // Priced forms holding every letter of the alphabet inside them (never first or last).
    const costly = costlyWords([
      "tapestry",
      "whisper",
      "cacophony",
      "luminous",
      "quivering",
      "jagged",
      "vexing",
      "zephyr",
      "kaleidoscope",
      "obfuscate",
      "symphony",
      "majestic",
      "bakery",
      "awkward",
      "equinox",
      "adjusted",
      "weekday",
      "bazaar",
    ]);
    const forms = [...costly.forms].filter((f) => f.length >= 5);
    let n = 0;
    const wrong: string[] = [];
    for (const [source, prototype] of Object.entries(CONFUSABLES)) {
      const letter = prototype.normalize("NFKD").toLowerCase();
      if ([...source].length !== 1 || source.codePointAt(0)! < 0x80 || !/^[a-z]$/.test(letter)) continue;
      const form = forms.find((f) => f.slice(1, -1).includes(letter));
      expect(form, letter).toBeDefined();
      const at = form!.indexOf(letter, 1);
      const disguised = form!.slice(0, at) + source + form!.slice(at + 1);
      n++;
      const read = readReply(`The old ${disguised} hung on the wall of the quiet room.`, undefined, costly).text.toLowerCase();
      if (!read.includes(` ${form} `)) wrong.push(`U+${source.codePointAt(0)!.toString(16)} ${disguised} → ${read}`);
    }
    expect(n).toBeGreaterThan(1200);
    expect(wrong).toEqual([]);
  }, 60_000);
});
