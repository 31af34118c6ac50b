// Stop 31 cut the reading functions' compiles and deopts (issue 20): the look-alike fold reads the
// positions readingFacts found instead of searching again and folds curly quotes among ASCII letters in
// a small loop of its own (stretches cut at curly double quotes, dashes and ellipses), hasFact skips
// General Punctuation natively, and the tokenizer's word loops take one path for every character.
// These tests hold each to its stop-30 version (./reading-reference-30.ts) and to the regex version
// before the fast paths (../helpers/reading-reference.ts), on generated adversarial strings and on the
// shared bank when it is present.
import { describe, expect, it } from "vitest";
import { loadModelProse } from "../../bench/helpers/prose-data.js";
import { readReply } from "../../src/terms/prose/read.js";
import { charFacts, F_CONFUSABLE, F_HOMOGLYPH, F_LETTER, F_MARK, F_NUMBER, hasFact, isFullwidthForm } from "../../src/text/char-facts.js";
import { foldConfusables, foldConfusablesWith, readingFacts } from "../../src/text/cleanup.js";
import { nextWordStart, wordEnd } from "../../src/text/tokenize.js";
import { referenceFoldConfusables, trickyStrings } from "../helpers/reading-reference.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";
import { foldConfusables30, hasFact30, readingFacts30, wordEnd30 } from "./reading-reference-30.js";
import { random } from "../helpers/mulberry32.js";

/** What the quote fast path and the stretch cuts must get right, packed close together. */
const QUOTE_PIECES = [
  "a",
  "B",
  "z",
  "It",
  "s",
  "don",
  "t",
  "’",
  "‘",
  "'",
  "ʼ",
  "＇",
  "´",
  "`",
  "′",
  "\u02bb",
  "\u05f3",
  "“",
  "”",
  "…",
  "—",
  "–",
  "«",
  "\u00a0",
  "é",
  "e\u0301",
  "\u0301",
  "е",
  "о",
  "Неllо",
  "Привет",
  "λόγος",
  "ı",
  "ſ",
  "𝐚",
  "𝐬",
  "😂",
  "，",
  "Ａ",
  "！",
  "\u200b",
  "\u200d",
  "\u2028",
  "\u2029",
  "İ",
  "Σ",
  "ς",
  "ß",
  "\ud800",
  "\udc00",
  "\ud835",
  " ",
  ".",
  ",",
  "-",
  "_",
  "0",
  "7",
  "²",
  "\n",
  "<b>",
  "&amp;",
  "&#8217;",
];

function quoteStrings(count: number): string[] {
  const next = random(31);
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let s = "";
    const n = 1 + Math.floor(next() * 24);
    for (let j = 0; j < n; j++) s += QUOTE_PIECES[Math.floor(next() * QUOTE_PIECES.length)];
    out.push(s);
  }
  return out;
}

const strings = [...trickyStrings("reading-stop31", 3000), ...quoteStrings(6000)];

/** The look-alikes' positions as the stop-30 fold's own search met them (its stops that are look-alikes). */
function lookalikePositions(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    if (cp >= 0x80 && (charFacts(cp) & F_CONFUSABLE) !== 0) out.push(i);
    i += cp > 0xffff ? 2 : 1;
  }
  return out;
}

function expectSameReading(texts: readonly string[], everyIndex: boolean): void {
  const differ = (f: (s: string) => unknown, g: (s: string) => unknown) => texts.filter((s) => JSON.stringify(f(s)) !== JSON.stringify(g(s))).slice(0, 3);
  expect(differ(foldConfusables, foldConfusables30)).toEqual([]);
  expect(differ((s) => foldConfusablesWith(s, readingFacts(s)), foldConfusables30)).toEqual([]);
  expect(
    differ(
      (s) => {
        const { confusables, ...rest } = readingFacts(s);
        return { ...rest, firstConfusable: confusables.length ? confusables[0] : -1, confusables };
      },
      (s) => ({ ...readingFacts30(s), confusables: lookalikePositions(s) }),
    ),
  ).toEqual([]);
  for (const mask of [F_MARK, F_HOMOGLYPH, F_CONFUSABLE, F_LETTER | F_NUMBER])
    expect(
      differ(
        (s) => hasFact(s, mask),
        (s) => hasFact30(s, mask),
      ),
    ).toEqual([]);
  // wordEnd from every index of a generated string; from each word start (as its callers call it) of a reply.
  const starts = (s: string) => (everyIndex ? Array.from({ length: s.length }, (_, i) => i) : wordStarts(s));
  const ends = (end: (s: string, i: number) => number) => (s: string) => starts(s).map((i) => end(s, i));
  expect(differ(ends(wordEnd), ends(wordEnd30))).toEqual([]);
}

function wordStarts(s: string): number[] {
  const out: number[] = [];
  for (let i = nextWordStart(s, 0); i < s.length; i = nextWordStart(s, wordEnd30(s, i))) out.push(i);
  return out;
}

describe("stop 31's reading against stop 30's", () => {
  it("folds, counts, finds facts and ends words as before on generated strings", () => {
    expectSameReading(strings, true);
  });
  it("folds as the regex version before the fast paths did", () => {
    expect(strings.filter((s) => foldConfusables(s) !== referenceFoldConfusables(s)).slice(0, 3)).toEqual([]);
  });
  it("folds curly quotes between ASCII letters, beside double quotes, dashes and ellipses, and leaves the rest", () => {
    const cases: [string, string][] = [
      ["“It’s…”", "“It's…”"],
      ["O’Reilly’s", "O'Reilly's"],
      ["rock’n’roll", "rock'n'roll"],
      ["dogs’ ‘tis’", "dogs’ ‘tis’"],
      ["a’’b a’'b a'’b", "a’’b a’'b a'’b"],
      ["—didn’t—", "—didn't—"],
      ["don‘t", "don't"],
      ["it’𝐬", "it's"],
      ["café’s", "cafe's".replace("cafe", "café")],
      ["wasnʼt", "wasn't"],
      ["ab＇cd", "ab'cd"],
      ["’", "’"],
    ];
    for (const [s, want] of cases) {
      expect(foldConfusables(s), s).toBe(want);
      expect(foldConfusables30(s), s).toBe(want);
    }
  });
  it("reads fullwidth forms only through the rare path, by one unsigned compare", () => {
    const differ: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isFullwidthForm(c) !== (c >= 0xff01 && c <= 0xff5e)) differ.push(c);
    expect(differ).toEqual([]);
    expect(isFullwidthForm(0x1ff01)).toBe(false);
    expect(isFullwidthForm(-1)).toBe(false);
  });
  it("answers every code point's facts as before the warm-ups at load (they are computed, not remembered)", () => {
    // The warm-ups read General Punctuation, mathematical bold capitals and a few letters; a fact is a
    // function of its code point, so the memo answers what a fresh computation does.
    for (const cp of [0x2019, 0x201c, 0x1d400, 0x1d419, 0xe9, 0x301, 0x435, 0xff0c]) {
      const ch = String.fromCodePoint(cp);
      expect(charFacts(cp) & F_MARK ? 1 : 0, ch).toBe(/\p{M}/u.test(ch) ? 1 : 0);
      expect(charFacts(cp) & F_LETTER ? 1 : 0, ch).toBe(/\p{L}/u.test(ch) ? 1 : 0);
    }
  });
});

describe("stop 31's reading on the shared bank", () => {
  it.skipIf(!hasSharedData)(
    "folds, counts, finds facts and ends words as stop 30 did on every creative reply" + (hasSharedData ? "" : ` (skipped: ${sharedDataSkipReason})`),
    () => {
      const replies = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz"))
        .filter((r) => r.meta.kind === "creative")
        .map((r) => r.output as string);
      expect(replies.length).toBeGreaterThan(3000);
      const folded = replies.filter((r) => foldConfusables(r) !== r).length;
      expect(folded).toBeGreaterThan(1000);
      expectSameReading(replies, false);
      expect(readReply(replies[0]).text.length).toBeGreaterThan(0);
    },
    60_000,
  );
});
