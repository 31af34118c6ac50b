// languageStats reads "is this a prompt word" off surface ids marked per prompt (issue 20), not a Set
// look-up by string: checked against the Set on generated replies, with one prompt set reused while
// the lexicon grows (a prompt word first met in a later reply) and with markup that joins two words.
import { describe, expect, it } from "vitest";
import { languageStats } from "../../src/terms/prose/language.js";
import { cleanText } from "../../src/text/cleanup.js";
import { isCommonEnglish } from "../../src/text/english.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText } from "../../src/text/scan.js";
import { words } from "../../src/text/tokenize.js";
import { referenceMarkupLanguage, trickyStrings } from "../helpers/reading-reference.js";

const MARKUP = /[<&`#]|\]\(|\*\*|__/;

/** The fast path's figures as computed before: over the scan's word forms, a Set look-up per word. */
function referencePlain(text: string, lexicon: Lexicon, seen: ReadonlySet<string>): { words: number; commonEnglish: number } {
  const scan = scanText(text, lexicon, createBuffers());
  let counted = 0;
  let common = 0;
  for (let i = 0; i < scan.n; i++) {
    const form = lexicon.surfaces[scan.surface[i]];
    const isCommon = isCommonEnglish(form);
    if (!isCommon && seen.has(form)) continue;
    counted++;
    if (isCommon) common++;
  }
  return { words: scan.n, commonEnglish: counted ? common / counted : 1 };
}

describe("languageStats' prompt words by surface id", () => {
  const strings = trickyStrings("language-stats", 1500);
  const prompts = strings.slice(0, 7);
  // One set per prompt, handed for every reply to it, as prepare.ts's memo does.
  const sets = prompts.map((p) => new Set(words(p)));

  it("gives the Set look-up's figures on plain text, prompt sets reused while the lexicon grows", () => {
    const lexicon = new Lexicon();
    const buffers = createBuffers();
    let excluded = 0;
    strings.forEach((s, k) => {
      const text = s.replace(/[<&`#]|\]\(|\*\*|__/g, " ");
      expect(MARKUP.test(text)).toBe(false);
      const seen = sets[k % sets.length];
      const lang = languageStats(text, scanText(text, lexicon, buffers), lexicon, prompts[k % prompts.length], () => seen);
      const ref = referencePlain(text, lexicon, seen);
      if (ref.commonEnglish !== referencePlain(text, lexicon, new Set()).commonEnglish) excluded++;
      expect({ words: lang.words, commonEnglish: lang.commonEnglish }).toEqual(ref);
    });
    // The prompts' rarer words do turn up in replies, so the marks decide some figures.
    expect(excluded).toBeGreaterThan(50);
  });

  it("gives the Set look-up's figures on text with markup, prompt sets reused", () => {
    const lexicon = new Lexicon();
    const buffers = createBuffers();
    strings.forEach((s, k) => {
      const text = `**${s}** __${strings[(k * 3) % strings.length]}__`;
      const seen = sets[k % sets.length];
      const lang = languageStats(text, scanText(text, lexicon, buffers), lexicon, prompts[k % prompts.length], () => seen);
      expect({ words: lang.words, commonEnglish: lang.commonEnglish }).toEqual(referenceMarkupLanguage(cleanText(text), seen));
    });
  });

  it("does not count a rare prompt word first met in a later reply", () => {
    const lexicon = new Lexicon();
    const buffers = createBuffers();
    const prompt = "Write about the kestrel over Elowen's moor.";
    const seen = new Set(words(prompt));
    const first = "The wind was cold and the night was long and dark over the hills.";
    languageStats(first, scanText(first, lexicon, buffers), lexicon, prompt, () => seen);
    const later = "The kestrel hung in the wind.";
    expect(isCommonEnglish("kestrel")).toBe(false);
    const lang = languageStats(later, scanText(later, lexicon, buffers), lexicon, prompt, () => seen);
    // Six words; "kestrel" is the prompt's, so the five others are counted, all common English.
    expect(lang.words).toBe(6);
    expect(lang.commonEnglish).toBe(1);
  });

  it("does not count a prompt word that only stripping markup makes (bold inside a word)", () => {
    const lexicon = new Lexicon();
    const prompt = "A story about a zyxwvut.";
    const seen = new Set(words(prompt));
    const text = "The **zyx**wvut slept and a qqqrst came.";
    expect(cleanText(text)).toContain("zyxwvut");
    const lang = languageStats(text, scanText(text, lexicon, createBuffers()), lexicon, prompt, () => seen);
    // Seven words; "zyxwvut" is the prompt's, "qqqrst" is counted and not common: 5 common of 6.
    expect({ words: lang.words, commonEnglish: lang.commonEnglish }).toEqual({ words: 7, commonEnglish: 5 / 6 });
    expect(lang).toMatchObject(referenceMarkupLanguage(cleanText(text), seen));
  });

  it("finds the words after markup that drops more words than it looks ahead (a link's address, tags)", () => {
    const lexicon = new Lexicon();
    const prompt = "Tell of the quiet harbour.";
    const seen = new Set(words(prompt));
    const text = 'She saw [the sea](http://a.example/b/c/d/e/f/g) and <span class="x y z w">the harbour</span> at dawn, **quiet**.';
    const lang = languageStats(text, scanText(text, lexicon, createBuffers()), lexicon, prompt, () => seen);
    expect(lang.words).toBe(words(cleanText(text)).length);
    expect({ words: lang.words, commonEnglish: lang.commonEnglish }).toEqual(referenceMarkupLanguage(cleanText(text), seen));
  });
});
