// The reading's memos stay bounded in a long-running process (issue 20 review): the compiled word table
// is replaced by a fresh compile once it holds too many forms (a memo of pure functions, so what a row
// reads is unchanged). The character facts keep no memo at all (issue 34): the basic plane's are a table
// made whole once, an astral code point's are computed on each look-up.
import { describe, expect, it } from "vitest";
import { compileProse, LEXICON_SURFACE_LIMIT, prepareProse, ProseEngine, type ProsePrepared } from "../../src/terms/prose/stack/prepare.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { charFacts, computeCharFacts, F_LETTER, F_MARK } from "../../src/text/char-facts.js";
import type { BankRow } from "../../src/core/types.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const { reading, gates, openers } = PROSE_PRESETS.hardened.settings;

const probe: BankRow = {
  id: "probe",
  prompt: "Write about a market in the rain.",
  output: "The bus was late again, so she walked to the market. “Nobody knew her name,” he said — quietly. She didn’t look back.",
};

/** A reply of `n` word forms never seen before (letters only, so each is lemmatized and classified). */
function floodRow(call: number, n: number): BankRow {
  const words: string[] = [];
  for (let k = 0; k < n; k++) {
    let x = call * n + k;
    let w = "zq";
    do {
      w += String.fromCharCode(97 + (x % 26));
      x = Math.floor(x / 26);
    } while (x > 0);
    words.push(w);
  }
  return { id: `flood-${call}`, prompt: "", output: `${words.join(" ")}.` };
}

/** What the terms read of a prepared row, as strings (ids differ between word tables). */
function reads(p: ProsePrepared) {
  const { lexicon } = p.compiled;
  return {
    text: p.text,
    words: Array.from(p.scan.surface, (id) => lexicon.surfaces[id]),
    lemmas: Array.from(p.scan.lemma, (id) => lexicon.lemmas[id]),
    flags: [...p.scan.flags],
    sentences: [...p.scan.sentence],
    lang: p.lang,
  };
}

describe("the compiled word table's bound", () => {
  it("is finite by default and well above one bank's forms", () => {
    expect(LEXICON_SURFACE_LIMIT).toBeGreaterThanOrEqual(100_000);
    expect(Number.isFinite(LEXICON_SURFACE_LIMIT)).toBe(true);
  });

  it("holds after many distinct words, and a row reads the same before and after", () => {
    const dictionary = fixtureDictionary();
    const perCall = 400;
    const base = compileProse(dictionary, openers.mode).lexicon.surfaces.length;
    const engine = new ProseEngine(dictionary, base + 2000);
    const first = engine.forCall(openers.mode);
    const before = reads(prepareProse(probe, first, reading, gates.script));
    let largest = 0;
    for (let call = 0; call < 20; call++) {
      const compiled = engine.forCall(openers.mode);
      prepareProse(floodRow(call, perCall), compiled, reading, gates.script);
      largest = Math.max(largest, compiled.lexicon.surfaces.length);
    }
    // 8,000 new forms were read; no table held more than the limit and one call's forms.
    expect(largest).toBeLessThanOrEqual(base + 2000 + perCall + 1);
    const now = engine.forCall(openers.mode);
    expect(now).not.toBe(first);
    expect(reads(prepareProse(probe, now, reading, gates.script))).toEqual(before);
  });

  it("is kept between calls while under the limit, and each engine has its own", () => {
    const dictionary = fixtureDictionary();
    const engine = new ProseEngine(dictionary, compileProse(dictionary, openers.mode).lexicon.surfaces.length + 10);
    const a = engine.forCall(openers.mode);
    expect(engine.forCall(openers.mode)).toBe(a);
    prepareProse(floodRow(0, 100), a, reading, gates.script);
    expect(engine.forCall(openers.mode)).not.toBe(a);
    expect(new ProseEngine(dictionary).forCall(openers.mode)).not.toBe(engine.forCall(openers.mode));
  });
});

describe("the character facts without a memo", () => {
  it("gives, for every code point of the basic plane, what computing it alone gives", () => {
    const wrong: string[] = [];
    for (let cp = 0; cp < 0x10000; cp++) if (charFacts(cp) !== computeCharFacts(cp)) wrong.push(cp.toString(16));
    expect(wrong).toEqual([]);
  });

  it("gives astral facts the same on every look-up, however many distinct code points came between", () => {
    // Mathematical bold capitals A–Z (U+1D400…) are letters; U+1D167 is a combining mark (musical).
    const boldA = charFacts(0x1d400);
    const mark = charFacts(0x1d167);
    expect(boldA & F_LETTER).not.toBe(0);
    expect(mark & F_MARK).not.toBe(0);
    for (let cp = 0x20000; cp < 0x20000 + 3 * 4096; cp++) charFacts(cp);
    expect(charFacts(0x1d400)).toBe(boldA);
    expect(charFacts(0x1d167)).toBe(mark);
  });
});
