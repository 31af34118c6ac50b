// The reading's memos stay bounded in a long-running process (issue 20 review): the compiled word table
// is replaced by a fresh compile once it holds too many forms, and the astral character facts are
// forgotten past their limit. Both are memos of pure functions, so what a row reads is unchanged.
import { describe, expect, it } from "vitest";
import { compileProse, LEXICON_SURFACE_LIMIT, prepareProse, type ProsePrepared } from "../../src/terms/prose/stack/prepare.js";
import { DEFAULT_PROSE_OPTIONS } from "../../src/terms/prose/reward.js";
import { ASTRAL_MEMO_LIMIT, astralMemoSize, charFacts, F_LETTER, F_MARK } from "../../src/text/char-facts.js";
import type { BankRow } from "../../src/core/types.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const { reading, gates, openers } = DEFAULT_PROSE_OPTIONS;

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

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the compiled word table's bound", () => {
  it("is finite by default and well above one bank's forms", () => {
    expect(LEXICON_SURFACE_LIMIT).toBeGreaterThanOrEqual(100_000);
    expect(Number.isFinite(LEXICON_SURFACE_LIMIT)).toBe(true);
  });

  it("holds after many distinct words, and a row reads the same before and after", async () => {
    const dictionary = fixtureDictionary();
    const perCall = 400;
    const base = compileProse(dictionary, openers.mode).lexicon.surfaces.length;
    const limit = base + 2000;
    const first = compileProse(dictionary, openers.mode, limit);
    const before = reads(prepareProse(probe, first, reading, gates.script));
    let largest = 0;
    for (let call = 0; call < 20; call++) {
      await nextTask();
      const compiled = compileProse(dictionary, openers.mode, limit);
      prepareProse(floodRow(call, perCall), compiled, reading, gates.script);
      largest = Math.max(largest, compiled.lexicon.surfaces.length);
    }
    // 8,000 new forms were read; no table held more than the limit and one call's forms.
    expect(largest).toBeLessThanOrEqual(limit + perCall + 1);
    await nextTask();
    const now = compileProse(dictionary, openers.mode, limit);
    expect(now).not.toBe(first);
    expect(reads(prepareProse(probe, now, reading, gates.script))).toEqual(before);
  });

  it("is never replaced between two rows of one call (one synchronous run)", async () => {
    const dictionary = fixtureDictionary();
    const limit = compileProse(dictionary, openers.mode).lexicon.surfaces.length + 10;
    await nextTask();
    const a = compileProse(dictionary, openers.mode, limit);
    prepareProse(floodRow(0, 100), a, reading, gates.script);
    const b = compileProse(dictionary, openers.mode, limit);
    expect(b).toBe(a);
    await nextTask();
    expect(compileProse(dictionary, openers.mode, limit)).not.toBe(a);
  });

  it("pins a table compiled fresh in a task for the rest of that task too", async () => {
    // A dictionary never compiled before: its first compile is fresh, and its rows pass any limit.
    const dictionary = fixtureDictionary();
    await nextTask();
    const a = compileProse(dictionary, openers.mode, 1);
    prepareProse(floodRow(1, 100), a, reading, gates.script);
    // Before the fix a fresh compile did not pin the task, so the second row of a call got a new table.
    expect(compileProse(dictionary, openers.mode, 1)).toBe(a);
    await nextTask();
    expect(compileProse(dictionary, openers.mode, 1)).not.toBe(a);
  });
});

describe("the astral character facts' bound", () => {
  it("holds after many distinct code points, and the facts are the same after it is emptied", () => {
    // Mathematical bold capitals A–Z (U+1D400…) are letters; U+1D167 is a combining mark (musical).
    const boldA = charFacts(0x1d400);
    const mark = charFacts(0x1d167);
    expect(boldA & F_LETTER).not.toBe(0);
    expect(mark & F_MARK).not.toBe(0);
    for (let cp = 0x20000; cp < 0x20000 + 3 * ASTRAL_MEMO_LIMIT; cp++) charFacts(cp);
    expect(astralMemoSize()).toBeLessThanOrEqual(ASTRAL_MEMO_LIMIT);
    expect(charFacts(0x1d400)).toBe(boldA);
    expect(charFacts(0x1d167)).toBe(mark);
  });
});
