// The reading passes' fast paths (issue 20) give what the regex versions gave, on generated strings
// full of marks, look-alikes, apostrophes, surrogates and markup, and at the mark budget's edge.
import { describe, expect, it } from "vitest";
import { languageStats, onlyLatin } from "../../src/terms/prose/language.js";
import { replaceStatLines } from "../../src/terms/prose/ooc.js";
import { cleanText, foldConfusables, foldHomoglyphs, mayBeInvisible, normalizeMarks, stripHtml, stripInvisible, stripZalgo, tidyWhitespace } from "../../src/text/cleanup.js";
import { readReply } from "../../src/terms/prose/read.js";
import { stripRoleplayScaffolding, unhideRoleplayScaffolding } from "../../src/terms/prose/ooc.js";
import type { ReadingOptions } from "../../src/terms/prose/presets.js";
import { charFacts, F_CONFUSABLE } from "../../src/text/char-facts.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText } from "../../src/text/scan.js";
import { forEachWordRange, words } from "../../src/text/tokenize.js";
import { referenceFoldConfusables, referenceMarkupLanguage, referenceNormalizeMarks, trickyStrings } from "../helpers/reading-reference.js";

const strings = trickyStrings("reading-fast-paths", 4000);

describe("normalizeMarks fast path", () => {
  it("gives the regex version's result on generated strings, at every budget", () => {
    for (const budget of [0, 2, 5]) {
      const differ = strings.filter((s) => normalizeMarks(s, budget) !== referenceNormalizeMarks(s, budget));
      expect(differ.slice(0, 3)).toEqual([]);
    }
  });
  it("counts marks in the decomposed text, where precomposed letters hold theirs", () => {
    // 9 precomposed "é" (9 marks decomposed) are past the floor of 8 but within 2 per 100 letters of
    // this much prose; 9 more on a short text are past the budget and lose their marks.
    const prose = "the quiet harbour town ".repeat(40);
    const within = prose + "é".repeat(9);
    expect(normalizeMarks(within, 2)).toBe(within);
    expect(normalizeMarks("short é".repeat(9), 2)).toBe("short e".repeat(9));
    for (let k = 0; k <= 30; k++) {
      const s = prose + "é ".repeat(k) + "e\u0301 ".repeat(k % 3);
      expect(normalizeMarks(s, 2)).toBe(referenceNormalizeMarks(s, 2));
    }
  });
  it("returns a reply with no mark within budget unchanged", () => {
    const s = "She didn’t look back — “never,” she said…";
    expect(normalizeMarks(s, 2)).toBe(s);
  });
});

describe("foldConfusables fast path", () => {
  it("gives the regex version's result on generated strings", () => {
    const differ = strings.filter((s) => foldConfusables(s) !== referenceFoldConfusables(s));
    expect(differ.slice(0, 3)).toEqual([]);
  });
  it("folds the apostrophe look-alike between ASCII letters as the word-by-word path does", () => {
    const words = ["didn’t", "’tis", "dogs’", "rock’n’roll", "didn’t’", "Неllо’s", "a’b", "’", "x’y’z", "café’s", "I’m’", "don’t-go", "o’\u0301k", "it’𝐬", "ＡＢ’cd", "won’t,’em"];
    for (const w of words) for (const s of [w, `She said ${w} twice: ${w}.`, `${w}${w}`, `“${w}”`]) expect(foldConfusables(s)).toBe(referenceFoldConfusables(s));
    expect(foldConfusables("She didn’t. They’re “fine,” he said’")).toBe("She didn't. They're “fine,” he said’");
  });
  it("has no ASCII letter among the look-alikes (the apostrophe's fast path copies ASCII letters as they are)", () => {
    const folded: string[] = [];
    for (let c = 0; c < 128; c++) if (charFacts(c) & F_CONFUSABLE) folded.push(String.fromCharCode(c));
    expect(folded).toEqual([]);
  });
  it("folds look-alikes inside words only, across astral letters and apostrophe look-alikes", () => {
    expect(foldConfusables("wasnʼt 𝐡𝐞𝐥𝐥𝐨 Неllо, Привет’s ’tis dogs’ ＡＢ！")).toBe(referenceFoldConfusables("wasnʼt 𝐡𝐞𝐥𝐥𝐨 Неllо, Привет’s ’tis dogs’ ＡＢ！"));
    expect(foldConfusables("wasnʼt 𝐡𝐞𝐥𝐥𝐨 Неllо")).toBe("wasn't hello Hello");
  });
});

/** readReply's non-seed reading as it was: each pass with its own search of the text. */
function passByPass(reply: string, reading: ReadingOptions): { text: string; notProse: number } {
  let text = stripInvisible(reply);
  if (reading.markup) text = stripHtml(text);
  let notProse = 0;
  if (reading.unhide) {
    const unhidden = unhideRoleplayScaffolding(text);
    text = unhidden.text;
    notProse = unhidden.notProse.length;
  } else text = stripRoleplayScaffolding(text);
  text = reading.markBudget === null ? stripZalgo(text) : normalizeMarks(text, reading.markBudget);
  return { text: reading.confusables ? foldConfusables(text) : foldHomoglyphs(text), notProse };
}

describe("readReply's one search for three passes", () => {
  const readings: ReadingOptions[] = [
    { markup: true, unhide: true, confusables: true, markBudget: 2 },
    { markup: false, unhide: true, confusables: true, markBudget: 0 },
    { markup: true, unhide: false, confusables: true, markBudget: 5 },
    { markup: true, unhide: true, confusables: true, markBudget: null },
    { markup: true, unhide: true, confusables: false, markBudget: 2 },
  ];
  it("reads generated replies as the passes did one by one, under every reading", () => {
    for (const reading of readings) {
      const differ = strings.filter((s) => JSON.stringify(readReply(s, reading)) !== JSON.stringify(passByPass(s, reading)));
      expect(differ.slice(0, 3)).toEqual([]);
    }
  });
  it("searches again after a pass changed the text (an entity that decodes to a look-alike, a stripped joiner before one)", () => {
    const reading = readings[0];
    for (const s of ["H&#1077;llo there", "w\u200bas\u200dn’t", "<b>Не</b>llo &amp; <i>café</i>", "```\nНеllо\n```", "((Неllо)) e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301 ok"]) {
      expect(readReply(s, reading)).toEqual(passByPass(s, reading));
    }
    expect(readReply("H&#1077;llo", reading).text).toBe("Hello");
  });
  it("stops at every code unit stripInvisible's own search stops at", () => {
    const differ: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      if (mayBeInvisible(c) !== (stripInvisible(s) !== s)) differ.push(c);
    }
    expect(differ).toEqual([]);
  });
});

describe("forEachWordRange", () => {
  it("walks the words the WORD pattern of words() matches", () => {
    const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*/gu;
    for (const s of strings) {
      const ranges: [number, number][] = [];
      forEachWordRange(s, (a, b) => ranges.push([a, b]));
      expect(ranges).toEqual([...s.matchAll(WORD)].map((m) => [m.index, m.index + m[0].length]));
    }
  });
});

describe("languageStats on text with markup", () => {
  it("counts words and common English as words() over the cleaned text did", () => {
    const lexicon = new Lexicon();
    const buffers = createBuffers();
    strings.forEach((s, k) => {
      const text = `**${s}**`;
      const prompt = strings[(k + 1) % strings.length];
      const seen = new Set(words(prompt));
      const lang = languageStats(text, scanText(text, lexicon, buffers), lexicon, prompt, () => seen);
      const ref = referenceMarkupLanguage(cleanText(text), seen);
      expect({ words: lang.words, commonEnglish: lang.commonEnglish }).toEqual(ref);
    });
  });
});

describe("onlyLatin", () => {
  it("agrees with the pattern it replaced: Latin, punctuation, symbols and emoji only", () => {
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: the variation selectors U+FE00–FE0F are a range of their own here
    const ONLY_LATIN = /^[\u0000-\u024F\u1E00-\u1EFF\u2000-\u2BFF\u3000-\u3002\uFE00-\uFE0F\u{1F000}-\u{1FFFF}]*$/u;
    const cases = [...strings, "plain", "café — “quoted” 😂", "我很好", "a\ud800b", "Ｆ", "\u3003"];
    expect(cases.filter((s) => onlyLatin(s) !== ONLY_LATIN.test(s))).toEqual([]);
    expect(cases.some((s) => onlyLatin(s)) && cases.some((s) => !onlyLatin(s))).toBe(true);
  });
});

describe("replaceStatLines", () => {
  it("replaces what the multiline pattern's own search replaces, line starts tried only", () => {
    const STAT_LINE = /^\s*[[(*|]*\s*(?:HP|MP|SP|XP|EXP|Stats?|Status|Inventory|Location|Time|Date|Mood|Health|Stamina|Mana|Affection|Level|Lvl|Outfit|Relationship)\b\s*[:=][^\n]*$\n?/gim;
    const lines = ["HP: 10/10", "  [Mood: tense]", "*Status*: calm", "Time = dusk", "The time: now", "level 3", "", "  ", "\n", "She said: “Mood: fine.”", "| Lvl:2 |", "hp:1\r", "Date:\u2028x"];
    const cases = strings.map((s, k) => {
      const picks = [lines[k % lines.length], s, lines[(k * 7) % lines.length], lines[(k * 3) % lines.length]];
      return picks.join(k % 2 ? "\n" : "\n\n");
    });
    for (const replace of [() => "", (line: string) => (line.trim().length <= 12 ? "" : line)]) {
      const differ = cases.filter((s) => replaceStatLines(s, replace) !== s.replace(STAT_LINE, replace));
      expect(differ.slice(0, 3)).toEqual([]);
    }
    expect(replaceStatLines("HP: 3\nShe ran.\nMood: grim", () => "")).toBe("She ran.\n");
  });
});

describe("tidyWhitespace's searches before each pattern", () => {
  it("give what the three patterns give run unconditionally", () => {
    const plain = (s: string) =>
      s
        .replace(/[ \t\f\v\u00A0]{2,}|[\t\f\v\u00A0]/g, " ")
        .replace(/ +\n *| *\n +/g, "\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim();
    const blanks = [" ", "  ", "\t", "\n", "\n\n\n", " \n", "\n ", "\u00a0", "\f", "\v", "\r\n", "x"];
    const cases = strings.map((s, k) => s + blanks[k % blanks.length] + strings[(k * 5) % strings.length] + blanks[(k * 7) % blanks.length]);
    expect(cases.filter((s) => tidyWhitespace(s) !== plain(s)).slice(0, 3)).toEqual([]);
    expect(cases.filter((s) => tidyWhitespace(s) !== s).length).toBeGreaterThan(100);
  });
});
