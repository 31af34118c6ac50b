// Issue 36, round 2: categories held-out battery 3 still found paying the default prose preset, each
// closed as a category and enumerated from its data. The real replies are slop-score creative lines
// ≡ 3 mod 10 (never the held-out lines ≡ 7 mod 10).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { readDashesAsCommas } from "../../src/terms/prose/dash-commas.js";
import { stripListMarkup } from "../../src/terms/prose/list-markup.js";
import { padding } from "../../src/terms/prose/padding.js";
import { readReply } from "../../src/terms/prose/read.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText, T_COMMA_AFTER, T_DASH_AFTER } from "../../src/text/scan.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const lexicon = new Lexicon();
const codePoints = (re: RegExp) => {
  const out: string[] = [];
  for (let c = 0x21; c <= 0x10ffff; c++) if (c < 0xd800 || c > 0xdfff) if (re.test(String.fromCodePoint(c))) out.push(String.fromCodePoint(c));
  return out;
};
const flagsOf = (text: string) => {
  const scan = scanText(text, lexicon, createBuffers());
  return Array.from(scan.flags.subarray(0, scan.n));
};

describe("dashes read as commas (Unicode Dash_Punctuation)", () => {
  const dashes = codePoints(/^\p{Pd}$/u);

  it("enumerates the category from Unicode", () => {
    expect(dashes.length).toBeGreaterThanOrEqual(25);
    expect(dashes).toEqual(expect.arrayContaining(["-", "\u2010", "\u2013", "\u2014", "\u2015", "\u2E3A", "\u301C", "\uFE58", "\uFF0D"]));
  });

  it("reads every spaced dash between two words as a comma, the dash kept", () => {
    for (const d of dashes) {
      const read = readReply(`The night was cold ${d} dark and wet.`).text;
      const flags = flagsOf(read);
      expect(flags[3] & T_COMMA_AFTER, `U+${d.codePointAt(0)!.toString(16)} → ${read}`).toBe(T_COMMA_AFTER);
    }
    // the dash's own reading stays: "not X — Y" still marks the dash
    expect(flagsOf(readReply("It was not fear — it was resolve.").text)[3] & T_DASH_AFTER).toBe(T_DASH_AFTER);
  });

  it("reads a glued em dash, horizontal bar or double hyphen as a comma, and leaves hyphens, ranges and cut-off speech alone", () => {
    for (const d of ["\u2014", "\u2015", "\u2E3A", "\u2E3B", "--"]) expect(readDashesAsCommas(`cold${d}dark`), d).toBe(`cold,${d}dark`);
    for (const text of ["a well-known face", "the New York–London flight", "pages 1 – 5", "from 1990—2000", 'He said, "I was—"', "I was—\nThen the door opened.", "the end —"]) expect(readDashesAsCommas(text), text).toBe(text);
  });
});

describe("hedges as padding (WordNet multi-word adverbs of degree, extent, point of view)", () => {
  const table = JSON.parse(readFileSync(new URL("../../src/text/data/discourse-words.json", import.meta.url), "utf8")) as { phrases: Record<string, string[]> };
  const padOf = (text: string) => padding(text, scanText(text, lexicon, createBuffers()), lexicon);

  it("derives the hedges from WordNet", () => {
    expect(table.phrases.Hedge).toEqual(expect.arrayContaining(["in a way", "so to speak", "as it were", "sort of", "kind of", "a bit"]));
  });

  it("reads every hedge as padding when it trails a sentence after a comma", () => {
    const missed = table.phrases.Hedge.filter((h) => padOf(`The rain fell on the roof, ${h}.`).discourse !== h.split(" ").length);
    expect(missed).toEqual([]);
  });

  it("leaves a hedge inside a clause alone", () => {
    expect(padOf("She was right in a way nobody expected.").discourse).toBe(0);
  });
});

describe("a paragraph in italics is narration", () => {
  it("removes every emphasis delimiter around a paragraph of two sentences or more", () => {
    for (const d of ["*", "_", "***", "___", "**", "__"]) expect(stripListMarkup(`${d}She ran. He followed her out.${d}`), d).toBe("She ran. He followed her out.");
    expect(stripListMarkup("He paused.\n\n  *The rain fell. The door shut.*\n\nThen he left.")).toBe("He paused.\n\n  The rain fell. The door shut.\n\nThen he left.");
  });

  it("keeps a one-sentence italic line (a thought) and italics inside a line", () => {
    for (const text of ["He turned.\n\n*What was that?*\n\nNothing moved.", "She said *no* twice. He left.", "*Hi.* She said *bye.*"]) expect(stripListMarkup(text), text).toBe(text);
    expect(stripListMarkup("*What was that?*\n\n*Nothing.*\n\nHe left.")).toBe("What was that?\n\nNothing.\n\nHe left.");
  });
});

describe.skipIf(!hasSharedData)(`on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(30);
  const score = scoreProse;
  const meanGain = async (edit: (t: string) => string) => {
    const before = await score(replies);
    const after = await score(replies.map((r) => ({ ...r, output: edit(r.output as string) })));
    return after.reduce((a, v, i) => a + v - before[i], 0) / replies.length;
  };

  // On these rows the build before (integ2 ec6a185) gained +0.029 from commas to em dashes.
  it("does not pay for commas written as dashes of any kind", async () => {
    for (const d of ["\u2014", "\u2013", "-", "\u2015"]) expect(await meanGain((t) => t.replace(/,\s/g, ` ${d} `)), d).toBeLessThan(0.005);
  }, 240_000);

  // On these rows the build before gained +0.020; after, +0.006 (a paragraph that spans lines or holds
  // italics of its own keeps its delimiters).
  it("does not pay for whole paragraphs in italics", async () => {
    for (const d of ["*", "_"])
      expect(
        await meanGain((t) =>
          t
            .split(/\n\s*\n/)
            .map((p) => `${d}${p.trim()}${d}`)
            .join("\n\n"),
        ),
        d,
      ).toBeLessThan(0.01);
  }, 240_000);

  // On these rows the build before gained from a hedge tail on every sentence.
  it("does not pay for a hedge tail on every sentence", async () => {
    for (const hedge of ["in a way", "so to speak", "sort of"]) expect(await meanGain((t) => t.replace(/([a-z])([.!?])(?=\s|$)/g, `$1, ${hedge}$2`)), hedge).toBeLessThan(0.005);
  }, 240_000);
});
