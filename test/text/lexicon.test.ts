// The Lexicon's in-place lookup (surfaceIn, the scanner's path) must give the ids the string path
// (surface) gives: same id for the same form wherever it lies in a text, a new id for a new form, and
// still after the hash table has grown many times.
import { describe, expect, it } from "vitest";
import { Lexicon, WORD_ABBREVIATION, WORD_CONTENT } from "../../src/text/lexicon.js";
import { shippedLemmaTable } from "../../src/text/lemma-table.js";
import { isStopword } from "../../src/text/stopwords.js";
import { scanText } from "../../src/text/scan.js";

describe("Lexicon.surfaceIn", () => {
  it("finds a form where it lies in a text, as surface() does for the sliced string", () => {
    const lexicon = new Lexicon();
    const text = "the cat sat; the cat's hat — naïve ünïcode 𝐛old the";
    const spans = [...text.matchAll(/[^\s;—]+/gu)].map((m) => [m.index, m.index + m[0].length] as const);
    const inPlace = spans.map(([a, b]) => lexicon.surfaceIn(text, a, b));
    expect(inPlace.map((id) => lexicon.surfaces[id])).toEqual(spans.map(([a, b]) => text.slice(a, b)));
    expect(inPlace[0]).toBe(inPlace[3]);
    expect(inPlace[0]).toBe(inPlace.at(-1));
    expect(new Set(inPlace).size).toBe(8);
    expect(spans.map(([a, b]) => lexicon.surface(text.slice(a, b)))).toEqual(inPlace);
  });

  it("keeps every id through table growth, whichever path saw a form first", () => {
    const lexicon = new Lexicon();
    // Forms with a digit skip the lemmatizer, so this stays fast; 40,000 forms outgrow the first table.
    const forms = Array.from({ length: 40_000 }, (_, i) => `w${i}x`);
    const viaString = forms.filter((_, i) => i % 2 === 0).map((f) => lexicon.surface(f));
    const text = forms.join(" ");
    let at = 0;
    const viaText = forms.map((f) => {
      const id = lexicon.surfaceIn(text, at, at + f.length);
      at += f.length + 1;
      return id;
    });
    expect(viaText.filter((_, i) => i % 2 === 0)).toEqual(viaString);
    expect(new Set(viaText).size).toBe(forms.length);
    expect(viaText.map((id) => lexicon.surfaces[id])).toEqual(forms);
    expect(forms.map((f) => lexicon.surface(f))).toEqual(viaText);
  });
});

describe("Lexicon slots holding short words packed", () => {
  // Words of up to four one-byte units are kept in their slot (PACK_LIMIT); longer ones and ones with a
  // wider unit by offset. The kinds must never be confused: same id for the same form by every path,
  // distinct ids for forms whose packed units agree but whose lengths or widths do not.
  it("finds every short and long form by the string, in-place and scanning paths alike", () => {
    const alphabet = ["a", "b", "\u0000", "\u00ff", "\u00e9", "\u0100", "\u03c3", "'", "z"];
    const forms = new Set<string>();
    const next = (() => {
      let seed = 31;
      return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    })();
    while (forms.size < 3000) {
      const length = 1 + Math.floor(next() * 6);
      forms.add(Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""));
    }
    const list = [...forms];
    const lexicon = new Lexicon();
    const ids = list.map((f, k) => (k % 2 === 0 ? lexicon.surface(f) : lexicon.surfaceIn(`[${f}]`, 1, f.length + 1)));
    expect(new Set(ids).size).toBe(list.length);
    expect(ids.map((id) => lexicon.surfaces[id])).toEqual(list);
    expect(list.map((f) => lexicon.surface(f))).toEqual(ids);
    expect(list.map((f) => lexicon.findIn(`..${f}`, 2, f.length + 2))).toEqual(ids);
    expect(["c", "ab\u0000\u0000a", "\u0100\u0100", "aaaaaaa"].filter((f) => !forms.has(f)).filter((f) => lexicon.findIn(f, 0, f.length) !== -1)).toEqual([]);
  });

  it("keeps forms apart whose last four units agree, and words the scanner packs from folded units", () => {
    const lexicon = new Lexicon();
    const forms = ["a", "\u0000a", "ba", "aba", "xaba", "yxaba", "zyxaba", "\u0161a", "a\u0161"];
    const ids = forms.map((f) => lexicon.surface(f));
    expect(new Set(ids).size).toBe(forms.length);
    const scan = scanText("A BA Aba XABA YXABA zyxaba yXaBa ŠA Don'T don't DON’T", lexicon);
    expect(Array.from(scan.surface.subarray(0, scan.n), (id) => lexicon.surfaces[id])).toEqual(["a", "ba", "aba", "xaba", "yxaba", "zyxaba", "yxaba", "\u0161a", "don't", "don't", "don't"]);
    expect(scan.surface[0]).toBe(ids[0]);
    expect(scan.surface[7]).toBe(ids[7]);
  });
});

describe("WORD_ABBREVIATION", () => {
  it("flags the forms whose following period the scanner does not read as a sentence end", () => {
    const lexicon = new Lexicon();
    const flagged = (w: string) => (lexicon.surfaceFlags[lexicon.surface(w)] & WORD_ABBREVIATION) !== 0;
    expect(["mr", "mrs", "dr", "etc", "sgt", "j", "x", "é"].filter((w) => !flagged(w))).toEqual([]);
    expect(["i", "a", "the", "mrx", "ok", "doe"].filter(flagged)).toEqual([]);
  });
});

describe("WORD_CONTENT", () => {
  // classify orders its tests by cost and looks a form that is its own lemma up once; this holds it to
  // the definition: not a pronoun, longer than one letter, no apostrophe, not all digits, and neither
  // the form nor its part-of-speech-aware lemma a stopword.
  it("is set exactly for the forms the definition names, over forms the lemma table changes and forms it keeps", () => {
    const table = shippedLemmaTable();
    expect(table).not.toBeNull();
    const changed = [...table!.entries()].filter((_, k) => k % 40 === 0).map(([form]) => form);
    const kept = ["printer", "the", "cat", "hopped", "stared", "james", "ones", "things", "i'm", "didn't", "42", "4x4", "b", "oh", "gonna", "whom", "us", "his", "was", "does", "café", "naïve", "σοφια", "thing"];
    const lexicon = new Lexicon();
    const pronouns = new Set("i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself we us our ours ourselves they them their theirs themselves".split(" "));
    const wrong = [...changed, ...kept].filter((form) => {
      const id = lexicon.surface(form);
      const base = lexicon.lemmas[lexicon.surfaceLemma[id]];
      const content = !pronouns.has(form) && !isStopword(form) && !isStopword(base) && form.length > 1 && !/^\d+$/.test(form) && !form.includes("'");
      return content !== ((lexicon.surfaceFlags[id] & WORD_CONTENT) !== 0);
    });
    expect(changed.length).toBeGreaterThan(3000);
    expect(wrong).toEqual([]);
  });
});
