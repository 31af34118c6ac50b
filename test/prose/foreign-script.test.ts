// foreignScript counts by script index, adding at every close (language.ts), where it counted into a
// Map through a closure made per call: checked against that version (language-reference.ts) on
// generated replies and prompts mixing scripts, combining marks, gaps, face symbols and emoji.
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { foreignScript } from "../../src/terms/prose/language.js";
import { referenceForeignScript } from "./language-reference.js";

const PIECES = [
  "a",
  "Tom",
  "é",
  "ß",
  "ǅ",
  "я",
  "Мир",
  "α",
  "λόγος",
  "ب",
  "سلام",
  "א",
  "שלום",
  "न",
  "नमस्ते",
  "्",
  "한",
  "한국어",
  "我",
  "我很好",
  "カ",
  "ツ",
  "ก",
  "ა",
  "\u0301",
  "\u0308",
  " ",
  "  ",
  ".",
  ",",
  "，",
  "。",
  "、",
  "—",
  "-",
  '"',
  "“",
  "”",
  "«",
  "\n",
  "_",
  "(",
  ")",
  "¯",
  "\\",
  "/",
  "^",
  "°",
  "‿",
  "◕",
  "╯",
  "︵",
  "┻",
  "=",
  "<",
  "|",
  "`",
  "~",
  "😀",
  "🎉",
  "1",
  "42",
  "!",
  "?",
  "ಠ",
  "ಠ_ಠ",
  "¯\\_(ツ)_/¯",
] as const;

function mixed(rng: ReturnType<typeof createRng>, maxPieces: number): string {
  let s = "";
  const n = rng.int(maxPieces) + 1;
  for (let j = 0; j < n; j++) {
    const piece = rng.pick(PIECES);
    s += rng.next() < 0.05 ? piece.repeat(rng.int(6) + 2) : piece;
  }
  return s;
}

describe("foreignScript by script index", () => {
  const rng = createRng("foreign-script");
  const cases = Array.from({ length: 4000 }, () => ({ reply: mixed(rng, 30), prompt: rng.next() < 0.3 ? "" : mixed(rng, 12) }));

  it("gives the closure version's letters and scripts in both modes", () => {
    let counted = 0;
    for (const { reply, prompt } of cases) {
      for (const mode of ["runs", "characters"] as const) {
        const got = foreignScript(reply, prompt, mode);
        expect(got).toEqual(referenceForeignScript(reply, prompt, mode));
        if (got.letters > 0) counted++;
      }
    }
    // The generator reaches the counting paths, not only replies that count nothing.
    expect(counted).toBeGreaterThan(2000);
  });
});
