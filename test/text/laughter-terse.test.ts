// Issue 36, round 2: terse first-person laughter ("I snorted."), idiomatic amusement ("Okay, that got
// me.") and emoticons written the other way round ("(:"), each enumerated from the detector's data.
import { describe, expect, it } from "vitest";
import { detectLaughter, laughterMeaningTable, MIRROR_GLYPH, mirroredEmoticon, stripLaughterByMeaning } from "../../src/text/laughter-meaning.js";

const kinds = (text: string) => detectLaughter(text).map((c) => c.kind);

describe("terse first-person laughter reports", () => {
  it("reads every laughter word of the category, hyponyms included, as a report after 'I'", () => {
    const missed = laughterMeaningTable().delimited.filter((form) => !kinds(`I ${form}.`).includes("report") && !kinds(`I ${form}.`).includes("word"));
    expect(missed).toEqual([]);
  });

  it("reads 'I snorted.' in a real reply, and strips it", () => {
    const reply = "You told him the printer was haunted? I snorted. Anyway, the meeting moved to three.";
    expect(kinds(reply)).toContain("report");
    expect(stripLaughterByMeaning(reply).text).not.toMatch(/snort/i);
  });

  it("leaves a clause with a content word alone", () => {
    for (const text of ["We'll howl at the moon.", "The wolves howled.", "Then I snorted the line.", "I didn't snort.", "We roared down the highway."]) expect(kinds(text), text).toEqual([]);
  });
});

describe("idiomatic amusement reports", () => {
  it("takes its verbs from WordNet (overwhelm with hilarity, evoke an emotional response)", () => {
    expect(laughterMeaningTable().overwhelm).toEqual(expect.arrayContaining(["get", "kill"]));
  });

  it("reads every inflection of every such verb with 'me' or 'us' as a report", () => {
    const forms: Record<string, string[]> = { get: ["get", "gets", "got", "getting"], kill: ["kill", "kills", "killed", "killing"] };
    for (const verb of laughterMeaningTable().overwhelm)
      for (const form of forms[verb] ?? [verb])
        for (const object of ["me", "us"]) {
          const text = `Okay, that ${form} ${object}.`;
          expect(kinds(text), text).toContain("report");
        }
  });

  it("leaves the literal and the negated alone", () => {
    for (const text of ["This heat is killing me.", "That got me thinking about the budget.", "That didn't get me.", "He got me a coffee."]) expect(kinds(text), text).toEqual([]);
  });
});

describe("emoticons in either direction", () => {
  it("mirrors by Unicode's Bidi_Mirrored property: every ASCII mirrored character has its glyph", () => {
    const ascii = Array.from({ length: 0x7f }, (_, i) => String.fromCharCode(i)).filter((ch) => /\p{Bidi_Mirrored}/u.test(ch));
    expect(ascii.sort()).toEqual([...MIRROR_GLYPH.keys()].sort());
    for (const [a, b] of MIRROR_GLYPH) expect(MIRROR_GLYPH.get(b)).toBe(a);
  });

  it("finds every emoticon of the table written the other way round, with a nose or a repeated mouth", () => {
    const mirrored = laughterMeaningTable().emoticons.flatMap((e) => mirroredEmoticon(e) ?? []);
    expect(mirrored).toContain("(:");
    for (const m of mirrored) {
      const nosed = /[:;=]$/.test(m) ? `${m.slice(0, -1)}-${m.slice(-1)}` : m;
      for (const form of [m, `${m[0]}${m}`, nosed]) {
        const text = `Nice one ${form}`;
        expect(
          detectLaughter(text).map((c) => c.text),
          text,
        ).toEqual([form]);
      }
    }
  });

  it("strips '(:' from a real reply and leaves brackets of prose alone", () => {
    expect(stripLaughterByMeaning("See you at the standup tomorrow (:").text).toBe("See you at the standup tomorrow");
    for (const text of ["See (a) and (b).", "Call me (at five): fine.", "Use <b> or [i]."])
      expect(
        kinds(text).filter((k) => k === "emoticon"),
        text,
      ).toEqual([]);
  });
});
