// Issue 36, fourth round: laughter by its form in any script, narrated laughter, and the decorations the
// humor reading drops (every emoji, plain emoticons, vocalizations, the hyperbole of being overcome),
// each enumerated from its data: Unicode's letters and their romanization, Extended_Pictographic, the
// WordNet table, the common-English list.
import anyAscii from "any-ascii";
import { describe, expect, it } from "vitest";
import { COMMON_ENGLISH } from "../../src/text/english.js";
import { isLaughterForm, isVocalization, romanize } from "../../src/text/laughter/form.js";
import { decorations, detectLaughter, LAUGHTER_MEANING_VERSION, laughterMeaningTable, stripLaughterByMeaning } from "../../src/text/laughter-meaning.js";

const kinds = (text: string) => detectLaughter(text).map((c) => c.kind);
const strippedTo = (text: string) => stripLaughterByMeaning(text).text;

describe("laughter by form", () => {
  it("is laughter-meaning-5", () => expect(LAUGHTER_MEANING_VERSION).toBe("laughter-meaning-5"));

  it("reads a breath syllable of every script, tripled, as laughter (every BMP letter romanized to h/kh/ch + vowel)", () => {
    const letters: string[] = [];
    for (let cp = 0x370; cp <= 0xffff; cp++) {
      const ch = String.fromCodePoint(cp);
      if (/\p{L}/u.test(ch) && !/\p{Script=Latin}/u.test(ch) && /^(?:h|kh|ch)[aeiou]$/.test(anyAscii(ch).toLowerCase())) letters.push(ch);
    }
    expect(letters.length).toBeGreaterThan(200);
    const missed = letters.filter((ch) => !isLaughterForm(ch.repeat(3)) || strippedTo(`Sure. ${ch.repeat(3)}`) !== "Sure.");
    expect(missed).toEqual([]);
  });

  it("reads every breath onset x vowel, repeated, with leads, tails and in any casing", () => {
    const missed: string[] = [];
    for (const onset of ["h", "kh", "x", "j", "k", "g", "f"])
      for (const vowel of ["a", "e", "i", "o", "u", "ue", "ee"])
        for (const lead of ["", "a", "bw", "mwa", "nya"])
          for (const tail of ["", onset[0], vowel.slice(-1).repeat(3)]) {
            const form = lead + (onset + vowel).repeat(3) + tail;
            for (const cased of [form, form.toUpperCase(), form[0].toUpperCase() + form.slice(1)]) if (!isLaughterForm(cased)) missed.push(cased);
          }
    expect(missed).toEqual([]);
  });

  it("reads the other scripts' laughter the batteries found, keyboard laughter and digits for letters", () => {
    for (const t of ["χαχαχα", "ههههه", "חחחח", "하하하", "ハハハ", "ﾊﾊﾊ", "ははは", "ฮ่าๆๆ", "हाहाहा", "嘻嘻", "嘿嘿", "ахахах", "wkwkwk", "hjhj", "rsrs", "h4h4", "2333", "bwahaha", "nyahaha", "ehehe"])
      expect(isLaughterForm(t), t).toBe(true);
  });

  it("spells iteration marks out before romanizing", () => {
    expect(romanize("ฮ่าๆๆ")).toBe("hahaha");
    expect(romanize("はゝ")).toBe("haha");
  });

  it("never reads a word of the common-English list (5,000 forms) as laughter or a vocalization", () => {
    const hits = [...COMMON_ENGLISH].filter((w) => isLaughterForm(w) || isVocalization(w));
    expect(hits).toEqual([]);
  });

  it("leaves names, numbers and abbreviations alone", () => {
    for (const t of ["Kiki", "Jojo", "Huanhuan", "Cece", "Nana", "mmmm", "555", "233", "1999", "pm", "ltd", "pls", "NYC", "PhD", "Mr"]) expect(isLaughterForm(t) || (isVocalization(t) && !/^m+$/.test(t)), t).toBe(false);
  });
});

describe("narrated laughter", () => {
  it("reads every third-person inflection of the category's own laughter words after a subject", () => {
    const verbs = laughterMeaningTable().report.filter((w) => /^\p{L}+(?:s|ed)$/u.test(w) && !/(?:ers|tions?|ments?|s)$/u.test(w.replace(/s$/, "")) && !/ness$/.test(w));
    expect(verbs.length).toBeGreaterThan(15);
    const missed = verbs.flatMap((v) => ["She", "Everyone", "The whole room"].map((s) => `Fine. ${s} ${v}.`)).filter((t) => !kinds(t).includes("report") && strippedTo(t) !== "Fine.");
    expect(missed).toEqual([]);
  });

  it("leaves laughter words with content after them, and the animals' sounds, alone", () => {
    for (const t of ["The wolves howled.", "She laughed at the budget numbers in the meeting.", "We roared down the highway."]) expect(kinds(t).includes("report"), t).toBe(false);
  });
});

describe("decorations the reading drops", () => {
  it("removes every emoji (Extended_Pictographic with Emoji_Presentation) appended to a reply, with a skin tone where it takes one", () => {
    const missed: string[] = [];
    for (let cp = 0x2300; cp <= 0x1faff; cp++) {
      const e = String.fromCodePoint(cp);
      if (!/\p{Extended_Pictographic}/u.test(e) || !/\p{Emoji_Presentation}/u.test(e)) continue;
      for (const cue of [e, `${e}${e}${e}`, /\p{Emoji_Modifier_Base}/u.test(e) ? `${e}\u{1F3FD}` : e]) if (strippedTo(`Sounds good. ${cue}`) !== "Sounds good.") missed.push(cue);
    }
    expect(missed).toEqual([]);
  });

  it("removes emoticons of ordinary punctuation after a reply, but not a list marker or a time", () => {
    for (const e of [":-]", "=]", ":^)", ";P", ":b", "x)", "B)", "c:", ":3c", "(="]) expect(strippedTo(`Sounds good. ${e}`), e).toBe("Sounds good.");
    expect(strippedTo("b) the second option")).toBe("b) the second option");
    expect(strippedTo("We meet at 10:30 today.")).toBe("We meet at 10:30 today.");
  });

  it("removes the hyperbole of being overcome for every overcome word of the WordNet table, terse and first person or between delimiters", () => {
    const table = laughterMeaningTable();
    expect(table.overcome).toEqual(expect.arrayContaining(["die", "dying", "dead", "crying", "wheezing", "breathe"]));
    const missed: string[] = [];
    // in a clause, every form but the third person in -s ("I'm dies" is no English; "*dies*" is)
    for (const w of table.overcome)
      for (const t of [/[^s]s$/.test(w) ? `Sounds good. *${w}*` : /^breath/.test(w) ? `Sounds good. I can't ${w}.` : `Sounds good. I'm ${w}.`, `Sounds good. *${w}*`, `Sounds good. [${w}]`])
        if (strippedTo(t) !== "Sounds good.") missed.push(t);
    expect(missed).toEqual([]);
  });

  it("keeps the overcome words with content or in the second person", () => {
    for (const t of [
      "I'm dying of thirst.",
      "You're dead.",
      "The battery is dead.",
      "I cried at the funeral.",
      "You yelled at me.",
      "And I was screaming, like, stop.",
      "I'm going to die.",
      "If you take it back, I'll scream.",
      "I'm not crying.",
      "This is how I breathe.",
      "You have to break up with Darryl.",
      "You're breaking up.",
      "I like your pants.",
      "I'd die for you too.",
    ])
      expect(strippedTo(t), t).toBe(t);
  });

  it("removes a syllable said three times but keeps backchannels, answers and a repeated word", () => {
    for (const v of ["nyanyanya", "bababa"])
      expect(
        decorations(`Sure, ${v}.`).map((d) => d.text),
        v,
      ).toEqual([v]);
    for (const t of ["Mm-hmm.", "Hmm?", "Shh. Do you hear that?", "Hey hey, what's up?", "Hm hm.", "Nonono, no, no, I don't want to hear it.", "Go go go go go go!", "Sure, that works."]) expect(strippedTo(t), t).toBe(t);
  });
});

describe("an action is one cue", () => {
  it("does not make the first-person clause after it a report (laughter-meaning-3 read the whole clause away)", () => {
    expect(strippedTo("*chuckles* Could I meet with you to discuss the project?")).toBe("Could I meet with you to discuss the project?");
  });
});

describe("spelled-out laughter", () => {
  it("does not join a word before laughter into it (laughter-meaning-4's lead read 'him-- haha' as one word)", () => {
    for (const [text, kept] of [
      ["Why don't you just ask him-- haha", "Why don't you just ask him--"],
      ["But-- haha", "But--"],
      ["I-- haha", "I--"],
    ])
      expect(strippedTo(text), text).toBe(kept);
    expect(strippedTo("Sure. bwa ha ha")).toBe("Sure.");
    expect(strippedTo("Sure. he he he")).toBe("Sure.");
  });
});
