// Laughter by meaning, closed as categories (issue 36, third pass): every test enumerates its category
// from the data it is built on. Each of these failed before laughter-meaning-2: the CLDR reactions of
// other languages ("mdr" in capitals, "risa", "хохот", "ㅋㅋㅋ" after the reader's view folds its jamo),
// spelled-out and backwards laughter ("h a h a", "L.O.L.", "ahahah"), and reactions of amusement in
// other phrasings ("That's hilarious!", "So funny").
import { describe, expect, it } from "vitest";
import { detectLaughter, laughterMeaningTable, stripLaughterByMeaning } from "../../src/text/laughter-meaning.js";
import { loadLaughterVocab } from "../../src/text/laughter/index.js";
import { readerView } from "../../src/text/reader-view.js";

const table = laughterMeaningTable();
const REPLY = "Sure, I'll print the deck downstairs.";
/** What a term reads: the reader's view, then the detector. */
const detected = (text: string) => detectLaughter(readerView(text));
const stripped = (text: string) => stripLaughterByMeaning(readerView(text)).text;

/** One instance of each v3 entry that has a spelling of its own (repeats and words, not actions). */
function vocabInstances(): { id: string; text: string }[] {
  return loadLaughterVocab("v3").data.entries.flatMap((e) => {
    if (e.kind === "repeat") return [{ id: e.id, text: e.unit.repeat(Math.max(e.min, 2)) + (e.tailRequired ? e.tail! : "") }];
    if (e.kind === "word" || e.kind === "literal") return [{ id: e.id, text: e.text }];
    return [];
  });
}

describe("other languages, from CLDR's keywords in every locale", () => {
  it("draws reactions from many locales and leaves English words out", () => {
    expect(table.reactions.length).toBeGreaterThan(100);
    for (const r of ["mdr", "risa", "rire", "lachen", "хохот", "ㅋㅋㅋ", "あはは", "หัวเราะ"]) expect(table.reactions, r).toContain(r);
    for (const w of ["grin", "smile", "happy", "funny", "latter"]) expect(table.reactions, w).not.toContain(w);
  });

  it("finds every reaction with a letter, in any case and stretched, and strips it", () => {
    for (const r of table.reactions.filter((x) => /\p{L}/u.test(x))) {
      const last = /\P{M}\p{M}*$/u.exec(r)![0]; // the last letter with its marks
      for (const form of [r, r.toUpperCase(), r + last.repeat(2)]) {
        const text = `${REPLY} ${form}`;
        expect(detected(text).length, form).toBeGreaterThan(0);
        expect(stripped(text), form).toBe(REPLY);
      }
    }
  });

  it("reads every v3 spelling through the reader's view as the text is read (ㅋㅋ, Cyrillic хаха, ｗｗ)", () => {
    for (const { id, text } of vocabInstances()) {
      expect(detected(`${REPLY} ${text}`).length, `${id}: ${text} → ${readerView(text)}`).toBeGreaterThan(0);
    }
  });
});

describe("spelled out and backwards", () => {
  const ascii = vocabInstances().filter((v) => /^[a-z]{3,}$/i.test(v.text));

  it("finds every ASCII laughter spelling with its letters spaced, dotted or hyphenated", () => {
    for (const { text } of ascii) {
      for (const sep of [" ", ".", "-", " . "]) {
        const spelled = [...text].join(sep);
        expect(
          detected(`${REPLY} ${spelled}`).some((c) => c.text.replace(/[^\p{L}]/gu, "") === text),
          spelled,
        ).toBe(true);
      }
    }
    expect(detected("L.O.L.").length).toBe(1);
    expect(detected(`${REPLY} he he he`).map((c) => c.text)).toEqual(["he he he"]);
    expect(detected(`${REPLY} tee hee`).map((c) => c.text)).toEqual(["tee hee"]);
  });

  it("finds every two-letter laughter syllable written backwards", () => {
    for (const e of loadLaughterVocab("v3").data.entries) {
      if (e.kind !== "repeat" || e.tailRequired || [...e.unit].length !== 2 || !/^[a-z]+$/.test(e.unit)) continue;
      const back = [...e.unit.repeat(3)].reverse().join("");
      expect(detected(`${REPLY} ${back}`).length, `${e.id}: ${back}`).toBeGreaterThan(0);
    }
  });

  it("leaves ordinary words and short words alone", () => {
    for (const text of ["I am a dog.", "He said. He went home.", "Aaaahh, the printer!", "Aww, that's sad.", "Call 555-1234.", "Go to www.example.com", "Oh ok, so is it on?", "Ahha, now I see."]) {
      expect(detected(text), text).toEqual([]);
    }
  });
});

describe("emoji sequences", () => {
  it("finds every laughing emoji inside a ZWJ sequence, with a variation selector and a skin tone", () => {
    for (const e of table.emoji) {
      for (const seq of [`${e}\u200D🔥`, `🔥\u200D${e}`, `${e}\uFE0F`, `${e}\u200D${e}`]) {
        expect(detected(`${REPLY} ${seq}`).length, seq).toBeGreaterThan(0);
        expect(stripped(`${REPLY} ${seq}`), seq).toBe(REPLY);
      }
    }
  });
});

describe("reactions of amusement", () => {
  it("finds every adjective that causes laughter in a clause of function words, and not otherwise", () => {
    expect(table.amusing).toEqual(expect.arrayContaining(["funny", "hilarious"]));
    for (const a of table.amusing) {
      for (const clause of [`That's ${a}!`, `So ${a}.`, `This is so ${a}`, `You're ${a}.`]) {
        expect(
          detected(`${REPLY} ${clause}`).map((c) => c.kind),
          clause,
        ).toContain("report");
      }
      for (const clause of [`That's not ${a}.`, `The budget meeting was ${a} in a bad way.`, `Isn't it ${a}?`]) {
        expect(detected(clause), clause).toEqual([]);
      }
    }
  });
});
