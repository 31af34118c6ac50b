// normalizeLine reads names, stutters, stretched letters and contractions by hand or skips a rewrite
// whose mark is absent (issue 20): it must give what the plain regex pipeline gave, token for token.
// The oracle below is that pipeline as it stood; the lines are fuzzed from pieces that sit on every
// boundary the hand-written parts decide (capitals after word characters, commas, sentence marks,
// white space of every kind, curly apostrophes, non-ASCII letters that lower-case to ASCII).
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { normalizeLine } from "../../src/terms/prose/echo.js";
import { isCommonEnglish } from "../../src/text/english.js";
import { PARAGRAPHS } from "./paragraphs.js";

const TITLES = new Set("mr mrs ms miss sir madam ma'am maam lord lady master mistress captain doctor dr professor prof king queen prince princess majesty highness officer detective sergeant general commander boss".split(" "));
const CONTRACTIONS: [RegExp, string][] = [
  [/\bcan't\b/g, "can not"],
  [/\bwon't\b/g, "will not"],
  [/\bshan't\b/g, "shall not"],
  [/\bain't\b/g, "is not"],
  [/n't\b/g, " not"],
  [/'re\b/g, " are"],
  [/'m\b/g, " am"],
  [/'ve\b/g, " have"],
  [/'ll\b/g, " will"],
  [/'d\b/g, " would"],
  [/\b(it|that|what|there|here|he|she|who|where|how)'s\b/g, "$1 is"],
  [/'s\b/g, ""],
];
const UNIFY: Record<string, string> = { i: "P", me: "P", you: "P", my: "PP", your: "PP", mine: "PPS", yours: "PPS", myself: "PR", yourself: "PR", am: "BE", are: "BE" };

function oracle(line: string, extraNames: ReadonlySet<string>): { raw: string[]; unified: string[] } {
  let s = line.replace(/[’‘]/g, "'");
  s = s.replace(/\b[A-Z][a-z]+\b/g, (word: string, offset: number) => {
    const before = s.slice(0, offset).trimEnd();
    const initial = before === "" || /[.!?…"“(*_]$/.test(before);
    if (!initial) return " ";
    return s[offset + word.length] === "," && !isCommonEnglish(word) ? " " : word;
  });
  s = s.toLowerCase();
  s = s.replace(/\b([a-z]{1,3})-(?=\1)/g, "");
  s = s.replace(/([a-z])\1{2,}/g, "$1");
  for (const [re, rep] of CONTRACTIONS) s = s.replace(re, rep);
  const raw = (s.match(/[a-z0-9']+/g) ?? []).filter((w) => !TITLES.has(w) && !extraNames.has(w));
  // `constructor` read Object itself off the object; normalizeLine gives its text instead (same matches, no throw).
  return { raw, unified: raw.map((w) => (w === "constructor" ? String(UNIFY[w]) : (UNIFY[w] ?? w))) };
}

const PIECES = [
  "Elena",
  "Well",
  "I",
  "Mr",
  "McKay",
  "Ab1",
  "Ok_",
  "_Tom",
  "9Lee",
  "Sir",
  "The",
  "Anna's",
  "Don’t",
  "can't",
  "won't",
  "I'm",
  "you're",
  "it's",
  "he'd",
  "constructor",
  "toString",
  "w-what",
  "I-I",
  "no-no",
  "sooo",
  "Nooo",
  "aaah",
  "yes",
  "you",
  "a",
  "É",
  "Éric",
  "İzmir",
  "Kelvin",
  "\u212Aing",
  ",",
  ", ",
  ".",
  "!",
  "?",
  "…",
  '"',
  "“",
  "”",
  "(",
  "*",
  "_",
  "-",
  "'",
  "’",
  "‘",
  " ",
  "  ",
  "\n",
  "\t",
  "\u00a0",
  "\u2003",
  "\u3000",
  "\ufeff",
];

/** The project's seeded generator (mulberry32), so the test draws the same sequences every run. */
const rng = (seed: number): (() => number) => {
  const g = createRng(seed);
  return () => g.next();
};

describe("normalizeLine", () => {
  it("gives the regex pipeline's tokens on fuzzed lines", () => {
    const draw = rng(20);
    const names = new Set(["elena"]);
    for (let k = 0; k < 4000; k++) {
      const parts = Array.from({ length: 1 + Math.floor(draw() * 14) }, () => PIECES[Math.floor(draw() * PIECES.length)]);
      const line = parts.join(draw() < 0.5 ? " " : "");
      const extra = k % 3 === 0 ? names : new Set<string>();
      expect(normalizeLine(line, extra), JSON.stringify(line)).toEqual(oracle(line, extra));
    }
  });

  // Contractions are expanded token by token (issue 20): pieces that put apostrophes, digits, "_" and
  // several contractions inside one token, at a token's edge and next to marks.
  const CONTRACTED = [
    "can't",
    "Can't",
    "won't",
    "shan't",
    "ain't",
    "don't",
    "n't",
    "'re",
    "'m",
    "'ve",
    "'ll",
    "'d",
    "'s",
    "it's",
    "What's",
    "how's",
    "he's",
    "can't's",
    "won't've",
    "you'ren't",
    "'can't",
    "it's's",
    "9's",
    "x'd",
    "'",
    "''",
    "_",
    "_can't",
    "can't_",
    "ma'am",
    "Ma'am",
    "constructor's",
    "I",
    "you",
    "sir",
    "a",
    "b2",
    "-",
    ".",
    ",",
    "?",
    " ",
    "\n",
    "“",
    "’",
  ];
  it("gives the regex pipeline's tokens on fuzzed contractions", () => {
    const draw = rng(21);
    const names = new Set(["elena", "can"]);
    for (let k = 0; k < 4000; k++) {
      const parts = Array.from({ length: 1 + Math.floor(draw() * 10) }, () => CONTRACTED[Math.floor(draw() * CONTRACTED.length)]);
      const line = parts.join(draw() < 0.5 ? " " : "");
      const extra = k % 3 === 0 ? names : new Set<string>();
      expect(normalizeLine(line, extra), JSON.stringify(line)).toEqual(oracle(line, extra));
    }
  });

  it("gives the regex pipeline's tokens on prose, sentence by sentence and whole", () => {
    const empty = new Set<string>();
    for (const p of PARAGRAPHS) {
      expect(normalizeLine(p, empty)).toEqual(oracle(p, empty));
      for (const s of p.split(/(?<=[.!?…])\s+/)) expect(normalizeLine(s, empty)).toEqual(oracle(s, empty));
    }
  });
});
